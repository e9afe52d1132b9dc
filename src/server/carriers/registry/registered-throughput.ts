import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";

/**
 * The carrier side of brand trust tiers: the messages per second the registry granted the long
 * code `from` (its account's brand and campaign approved), or null for an unregistered one.
 * The carrier emulator's limiter uses it, as carriers enforce the tier a campaign was given.
 */
export async function registeredMps(db: Db, from: string): Promise<number | null> {
  // Asked on every send: a few seconds' memory spares the carrier's hot path a query each time.
  const cached = recent.get(from);
  if (cached && cached.until > performance.now()) return cached.mps;
  const mps = await lookUp(db, from);
  if (recent.size > 10_000) recent.clear();
  recent.set(from, { mps, until: performance.now() + CACHE_MS });
  return mps;
}

const CACHE_MS = 5_000;
const recent = new Map<string, { mps: number | null; until: number }>();

async function lookUp(db: Db, from: string): Promise<number | null> {
  const res = await db.execute<{ mps: number }>(sql`
    select t.long_code_mps as mps
      from phone_numbers n
      join brand_trust t on t.account_id = n.account_id
      join brand_registrations b on b.account_id = n.account_id
     where n.number = ${from} and n.state <> 'released' and not n.toll_free
       and b.brand_status = 'approved' and b.campaign_status = 'approved'
     limit 1`);
  const mps = res.rows[0]?.mps;
  return mps === undefined ? null : Number(mps);
}

/** A registry decision changes tiers: this process forgets what it remembered (others within 5 s). */
export function forgetRegisteredMps() {
  recent.clear();
}
