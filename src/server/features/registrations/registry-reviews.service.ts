import { AppError } from "../../../domain/errors";
import { assertCan, systemActor } from "../../../domain/permissions";
import type { BrandForm, CampaignForm, TollFreeForm } from "../../../domain/registry-review";
import { CarrierError } from "../../carriers/carrier";
import { currentRegistry } from "../../carriers/registry/current-registry";
import { forgetRegisteredMps } from "../../carriers/registry/registered-throughput";
import {
  type RegistryOutcome,
  type RegistryRef,
  RegistryRefusal,
} from "../../carriers/registry/registry";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { log } from "../../log";
import { notify } from "../notifications/notifications.service";
import * as q from "./registry-reviews.queries";

/** A registry out of reach is asked again after this long. */
const RETRY_MS = 60_000;

/**
 * Registration reviews: every submission (brand, campaign, toll-free verification) becomes a
 * queued review. When due, it is sent to the registry chosen with the carrier (the emulator
 * decides at once, REGISTRY_REVIEW_SECONDS after the submission; Twilio and Telnyx take it and
 * decide later, asked again every REGISTRY_POLL_SECONDS or sooner on a status callback); once
 * decided, the account's statuses move, with a notification either way. Any number of processes
 * may run this: a review is taken with SKIP LOCKED and handled in one transaction.
 */
export async function runDueReviews(ctx: AppContext, now: Date = ctx.clock.now()): Promise<number> {
  const registry = currentRegistry(ctx);
  // A real registry takes its time itself: submissions go to it at once.
  const delay = registry.simulated ? ctx.config.REGISTRY_REVIEW_SECONDS : 0;
  await q.queueNewReviews(ctx.db.$client, delay, now);
  let decided = 0;
  for (;;) {
    const done = await handleOne(ctx, now);
    if (done === "none") return decided;
    if (done === "decided") decided++;
  }
}

async function handleOne(ctx: AppContext, now: Date): Promise<"none" | "decided" | "waiting"> {
  // The registry's memory of throughputs is dropped once a decision on them has committed.
  let forget = false;
  const done = await inTransaction(ctx.db, async (_tx, client) => {
    const review = await q.claimDueReview(client, now);
    if (!review) return "none" as const;
    assertCan(systemActor("registry", review.accountId), "registration:manage");
    const registry = currentRegistry(ctx);
    // Ids another registry gave (the carrier was changed) mean nothing to this one.
    const same = review.registry === registry.name;
    const ref: RegistryRef = same ? { ...review.registryRef } : {};
    const submitted = same && review.submittedAt !== null;
    const brand = { ...(review.brand as BrandForm) };
    let outcome: RegistryOutcome;
    try {
      if (review.kind === "brand") {
        const s = { accountId: review.accountId, form: review.form as BrandForm, ref };
        outcome = submitted ? await registry.checkBrand(s) : await registry.submitBrand(s);
      } else if (review.kind === "campaign") {
        const s = {
          accountId: review.accountId,
          form: review.form as CampaignForm,
          brand,
          brandRef: review.brandRegistry === registry.name ? review.brandRef : {},
          ref,
          numbers: await q.longCodes(client, review.accountId),
        };
        outcome = submitted ? await registry.checkCampaign(s) : await registry.submitCampaign(s);
      } else {
        const s = {
          accountId: review.accountId,
          form: review.form as TollFreeForm & Record<string, unknown>,
          number: { number: review.number ?? "", carrierSid: review.carrierSid ?? "" },
          ref,
        };
        outcome = submitted ? await registry.checkTollFree(s) : await registry.submitTollFree(s);
      }
    } catch (err) {
      if (err instanceof RegistryRefusal) outcome = { state: "rejected", reason: err.message };
      else if (err instanceof CarrierError && err.retryable) {
        log.warn(
          { component: "registry", err, review: review.id, registry: registry.name },
          "registry out of reach; asking again later",
        );
        await q.saveProgress(client, review.id, {
          registry: registry.name,
          ref,
          submitted,
          now,
          nextAt: new Date(now.getTime() + (err.retryAfterMs ?? RETRY_MS)),
        });
        return "waiting" as const;
      } else throw err;
    }
    if (outcome.state === "pending") {
      await q.saveProgress(client, review.id, {
        registry: registry.name,
        ref,
        submitted: true,
        now,
        nextAt: new Date(now.getTime() + ctx.config.REGISTRY_POLL_SECONDS * 1000),
        waitingFor: outcome.waitingFor ?? null,
      });
      return "waiting" as const;
    }
    const approved = outcome.state === "approved";
    const reason = outcome.state === "rejected" ? outcome.reason : null;
    let title: string;
    let link = "/number-registration";
    if (review.kind === "brand") {
      title = "Brand registration";
      await q.setBrandStatus(client, review.accountId, approved ? "approved" : "rejected");
      if (outcome.state === "approved" && outcome.limits) {
        const l = outcome.limits;
        await q.saveTrust(client, review.accountId, {
          score: l.score ?? 0,
          tier: l.tier,
          mps: l.mps,
          dailyCap: l.dailyCap,
        });
      }
    } else if (review.kind === "campaign") {
      title = "Campaign registration";
      await q.setCampaignStatus(client, review.accountId, approved ? "approved" : "rejected");
      if (outcome.state === "approved" && outcome.limits)
        await q.refineTrust(client, review.accountId, outcome.limits);
    } else {
      title = `Toll-free verification of ${review.number ?? "your number"}`;
      link = review.number
        ? `/dedicated-numbers/details/${review.phoneNumberId}/${review.number.replace(/\D/g, "")}`
        : "/dedicated-numbers";
      await q.setTollFreeStatus(client, review.phoneNumberId!, approved ? "verified" : "rejected");
    }
    await q.recordDecision(client, review.id, {
      rejectedFor: reason,
      registry: registry.name,
      ref,
      now,
    });
    await notify(
      client,
      {
        accountId: review.accountId,
        kind: approved ? "registration_approved" : "registration_rejected",
        title: `${title} ${approved ? "approved" : "rejected"}`,
        body: approved
          ? review.kind === "toll_free"
            ? "The carrier verified your toll-free number: its sending limits are lifted."
            : "The registry approved it."
          : `Reason: ${reason}`,
        link,
      },
      ctx,
    );
    forget = review.kind !== "toll_free";
    return "decided" as const;
  });
  if (forget) forgetRegisteredMps();
  return done;
}

/**
 * A sole proprietor's brand waits for its mobile number: the registry texts it again (Twilio: a
 * new YES request; Telnyx: a new PIN).
 */
export async function resendBrandVerification(ctx: AppContext, auth: Actor) {
  assertCan(auth, "registration:manage");
  const waiting = await waitingBrand(ctx, auth.accountId);
  await askRegistry(() => waiting.registry.resendBrandVerification(waiting.submission));
  return { sent: true as const };
}

/** The PIN texted to a sole proprietor's mobile, typed back; the brand is asked again at once. */
export async function verifyBrandPin(ctx: AppContext, auth: Actor, pin: string) {
  assertCan(auth, "registration:manage");
  const waiting = await waitingBrand(ctx, auth.accountId);
  if (waiting.waitingFor !== "mobile_pin")
    throw new AppError(
      "CONFLICT",
      "Your registry verifies by a YES reply to its text, not by a PIN.",
    );
  await askRegistry(() => waiting.registry.verifyBrandPin(waiting.submission, pin));
  await q.dueNow(ctx.db.$client, waiting.id, ctx.clock.now());
  await runDueReviews(ctx);
  return { verified: true as const };
}

async function waitingBrand(ctx: AppContext, accountId: number) {
  const registry = currentRegistry(ctx);
  const row = await q.brandReviewWaiting(ctx.db.$client, accountId);
  if (!row || row.registry !== registry.name)
    throw new AppError("CONFLICT", "Your brand is not waiting for a verification text.");
  return {
    id: row.id,
    waitingFor: row.waitingFor,
    registry,
    submission: { accountId, form: row.form as BrandForm, ref: { ...row.ref } },
  };
}

/** A registry's refusal is the person's to read (a wrong or expired PIN); out of reach, a 503. */
async function askRegistry(call: () => Promise<void>) {
  try {
    await call();
  } catch (err) {
    if (err instanceof RegistryRefusal) throw new AppError("VALIDATION", err.message);
    if (err instanceof CarrierError)
      throw new AppError(
        "BUSY",
        "The registry could not be reached. Nothing was sent: try again in a minute.",
      );
    throw err;
  }
}

/**
 * A registry's status callback named these ids: their reviews are asked now. Returns how many
 * reviews it concerned.
 */
export async function registryCallback(ctx: AppContext, registry: string, ids: string[]) {
  return q.bringForward(ctx.db.$client, registry, ids, ctx.clock.now());
}
