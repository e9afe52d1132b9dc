import { sql } from "drizzle-orm";
import { assertCan } from "../../../domain/permissions";
import { advanceTour } from "../../../domain/registrations";
import { ONBOARDING_STEP } from "../../../domain/settings";
import type { Executor } from "../../db/connection";
import type { AppContext, UserActor } from "../../http/context";
import type { Queryable } from "../credits/credits.service";

/** The guided tour's step is kept per user (user_settings 'onboarding_step'). */
const KEY = "onboarding_step";

async function read(db: Queryable, userId: number): Promise<number> {
  const res = await db.query<{ value: unknown }>(
    `select value from user_settings where user_id = $1 and name = $2`,
    [userId, KEY],
  );
  const v = res.rows[0]?.value;
  // Users from before the tour existed (and invited users) never started it.
  return typeof v === "number" ? v : ONBOARDING_STEP.DISABLED;
}

async function write(db: Queryable, userId: number, step: number) {
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

export async function getTour(ctx: AppContext, auth: UserActor) {
  assertCan(auth, "self");
  return { step: await read(ctx.db.$client, auth.userId) };
}

export async function moveTour(
  ctx: AppContext,
  auth: UserActor,
  action: "advance" | "skip" | "finish" | "restart",
) {
  assertCan(auth, "self");
  const db = ctx.db.$client;
  const now = await read(db, auth.userId);
  const next =
    action === "advance"
      ? now === ONBOARDING_STEP.DISABLED || now >= ONBOARDING_STEP.FINISHED
        ? now
        : advanceTour(now)
      : action === "skip"
        ? ONBOARDING_STEP.SKIPPED
        : action === "finish"
          ? ONBOARDING_STEP.DISABLED
          : ONBOARDING_STEP.ADD_SUBSCRIBER;
  await write(db, auth.userId, next);
  return { step: next };
}
