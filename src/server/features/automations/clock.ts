import type { Pool, PoolClient } from "pg";
import { systemClock } from "../../clock";

/**
 * The engine's clock: the database's time plus an offset kept in automation_clock, so every
 * process (and every SQL statement) reads the same time, and a test or a demo moves it forward
 * to make tomorrow's drip step due now instead of sleeping.
 */
export const ENGINE_NOW_SQL = `(select now() + offset_ms * interval '1 millisecond' from automation_clock)`;

type Q = Pool | PoolClient;

export async function engineNow(db: Q): Promise<Date> {
  const r = await db.query<{ now: Date }>(`select ${ENGINE_NOW_SQL} as now`);
  // Its migration writes the one row; were it missing, the real time (an offset of 0).
  return r.rows[0]?.now ?? systemClock.now();
}

/** Moves the engine's clock forward (never back: timers already fired stay fired). */
export async function advanceClock(db: Q, ms: number): Promise<Date> {
  await db.query(`update automation_clock set offset_ms = offset_ms + $1::bigint`, [
    Math.max(0, Math.round(ms)),
  ]);
  return engineNow(db);
}
