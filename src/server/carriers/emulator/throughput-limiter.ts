import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { globalSettings } from "../../features/settings/settings.schema";

/**
 * Per-sender throughput, shared by every process: a GCRA token bucket (one "theoretical arrival
 * time" per sender) kept in PostgreSQL and advanced by a single atomic upsert, so concurrent sends
 * from several processes cannot both take the last token, and the row lock lasts one statement.
 * The database clock (statement_timestamp) is the only clock, so process clocks may disagree.
 *
 * The state lives in global_settings rows named `emulator.throughput:<number>` (the carrier's own
 * bookkeeping, like its credentials), because the emulator has no table of its own for it.
 * A burst of up to floor(mps) sends is allowed, then one every 1/mps seconds. (The caller skips
 * the limiter altogether at settings no real number reaches, so benchmarks pay nothing for it.)
 */
const KEY_PREFIX = "emulator.throughput:";

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function takeSendSlot(db: Db, sender: string, mps: number): Promise<TakeResult> {
  const key = `${KEY_PREFIX}${sender}`;
  const interval = 1 / mps;
  const tolerance = (Math.max(1, Math.floor(mps)) - 1) * interval;
  const now = sql`extract(epoch from statement_timestamp())::float8`;
  const tat = sql`(${globalSettings.value}->>'tat')::float8`;
  const taken = await db.execute(sql`
    insert into ${globalSettings} (name, value, updated_at)
    values (${key}, jsonb_build_object('tat', ${now} + ${interval}::float8), now())
    on conflict (name) do update
      set value = jsonb_build_object('tat', greatest(${tat}, ${now}) + ${interval}::float8),
          updated_at = now()
      where greatest(${tat}, ${now}) - ${now} <= ${tolerance}::float8
    returning 1`);
  if (taken.rows.length > 0) return { ok: true };

  const [row] = (
    await db.execute<{ wait: number }>(sql`
      select greatest(${tat} - ${tolerance}::float8 - ${now}, 0) as wait
      from ${globalSettings} where name = ${key}`)
  ).rows;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.wait ?? 1))) };
}

/** A released number's bucket goes with it. */
export async function forgetSender(db: Db, sender: string): Promise<void> {
  await db.execute(sql`delete from ${globalSettings} where name = ${`${KEY_PREFIX}${sender}`}`);
}
