import { sql } from "drizzle-orm";
import { ONBOARDING_STEP } from "../../../domain/settings";
import type { Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";

/** The guided tour's step is kept per user (user_settings 'onboarding_step'). */
const KEY = "onboarding_step";

export async function readTourStep(db: Queryable, userId: number): Promise<number> {
  const res = await db.query<{ value: unknown }>(
    `select value from user_settings where user_id = $1 and name = $2`,
    [userId, KEY],
  );
  const v = res.rows[0]?.value;
  // Users from before the tour existed (and invited users) never started it.
  return typeof v === "number" ? v : ONBOARDING_STEP.DISABLED;
}

export async function writeTourStep(db: Queryable, userId: number, step: number) {
  await db.query(
    `insert into user_settings (user_id, name, value) values ($1, $2, $3::jsonb)
     on conflict (user_id, name) do update set value = excluded.value, updated_at = now()`,
    [userId, KEY, JSON.stringify(step)],
  );
}

/**
 * A new owner (admin sign-up, the operator's create-account) starts on the first step; the demo
 * seed sets its own. Called in the creating transaction.
 */
export async function startTourFor(
  tx: Executor,
  userId: number,
  step: number = ONBOARDING_STEP.ADD_SUBSCRIBER,
) {
  await tx.execute(
    sql`insert into user_settings (user_id, name, value)
        values (${userId}, ${KEY}, ${JSON.stringify(step)}::jsonb)
        on conflict (user_id, name) do nothing`,
  );
}
