import type { Pool, PoolClient } from "pg";
import { systemClock } from "../../clock";
import { addClockOffset, ENGINE_NOW_SQL, readEngineNow } from "./automations.queries";

export { ENGINE_NOW_SQL };

type Q = Pool | PoolClient;

export async function engineNow(db: Q): Promise<Date> {
  // Its migration writes the one row; were it missing, the real time (an offset of 0).
  return (await readEngineNow(db)) ?? systemClock.now();
}

/** Moves the engine's clock forward (never back: timers already fired stay fired). */
export async function advanceClock(db: Q, ms: number): Promise<Date> {
  await addClockOffset(db, Math.max(0, Math.round(ms)));
  return engineNow(db);
}
