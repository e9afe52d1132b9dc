import { assertCan } from "../../../domain/permissions";
import { advanceTour } from "../../../domain/registrations";
import { ONBOARDING_STEP } from "../../../domain/settings";
import type { AppContext, UserActor } from "../../http/context";
import { readTourStep, startTourFor, writeTourStep } from "./tour.queries";

export { startTourFor };

export async function getTour(ctx: AppContext, auth: UserActor) {
  assertCan(auth, "self");
  return { step: await readTourStep(ctx.db.$client, auth.userId) };
}

export async function moveTour(
  ctx: AppContext,
  auth: UserActor,
  action: "advance" | "skip" | "finish" | "restart",
) {
  assertCan(auth, "self");
  const db = ctx.db.$client;
  const now = await readTourStep(db, auth.userId);
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
  await writeTourStep(db, auth.userId, next);
  return { step: next };
}
