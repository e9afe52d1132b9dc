import { assertCan, systemActor } from "../../../domain/permissions";
import type {
  BrandForm,
  CampaignForm,
  ReviewDecision,
  TollFreeForm,
} from "../../../domain/registry-review";
import { tierOf } from "../../../domain/registry-review";
import { forgetRegisteredMps } from "../../carriers/registry/registered-throughput";
import { currentRegistry } from "../../carriers/registry/registry-emulator";
import type { AppContext } from "../../http/context";
import { notify } from "../notifications/notifications.service";
import * as q from "./registry-reviews.queries";

/**
 * Registration reviews: every submission (brand, campaign, toll-free verification) becomes a
 * queued review due REGISTRY_REVIEW_SECONDS later; when due, the registry decides and the
 * account's statuses move, with a notification either way. Any number of processes may run
 * this: a review is taken with SKIP LOCKED and decided in one transaction.
 */
export async function runDueReviews(ctx: AppContext, now: Date = ctx.clock.now()): Promise<number> {
  await q.queueNewReviews(ctx.db.$client, ctx.config.REGISTRY_REVIEW_SECONDS, now);
  let decided = 0;
  for (;;) {
    const done = await decideOne(ctx, now);
    if (!done) return decided;
    decided++;
  }
}

async function decideOne(ctx: AppContext, now: Date): Promise<boolean> {
  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    const review = await q.claimDueReview(client, now);
    if (!review) {
      await client.query("commit");
      return false;
    }
    assertCan(systemActor("registry", review.accountId), "registration:manage");
    const registry = currentRegistry();
    let decision: ReviewDecision;
    let title: string;
    let link = "/number-registration";
    if (review.kind === "brand") {
      const result = await registry.reviewBrand(review.form as BrandForm);
      decision = result;
      title = "Brand registration";
      await q.setBrandStatus(client, review.accountId, result.approved ? "approved" : "rejected");
      if (result.approved) {
        const tier = tierOf(result.trustScore ?? 0);
        await q.saveTrust(client, review.accountId, result.trustScore ?? 0, tier.tier, tier.mps);
      }
    } else if (review.kind === "campaign") {
      decision = await registry.reviewCampaign(review.form as CampaignForm, review.brandApproved);
      title = "Campaign registration";
      await q.setCampaignStatus(
        client,
        review.accountId,
        decision.approved ? "approved" : "rejected",
      );
    } else {
      decision = await registry.reviewTollFree(review.form as TollFreeForm);
      title = `Toll-free verification of ${review.number ?? "your number"}`;
      link = review.number
        ? `/dedicated-numbers/details/${review.phoneNumberId}/${review.number.replace(/\D/g, "")}`
        : "/dedicated-numbers";
      await q.setTollFreeStatus(
        client,
        review.phoneNumberId!,
        decision.approved ? "verified" : "rejected",
      );
    }
    await q.recordDecision(client, review.id, decision.approved ? null : decision.reason, now);
    await notify(
      client,
      {
        accountId: review.accountId,
        kind: decision.approved ? "registration_approved" : "registration_rejected",
        title: `${title} ${decision.approved ? "approved" : "rejected"}`,
        body: decision.approved
          ? review.kind === "toll_free"
            ? "The carrier verified your toll-free number: its sending limits are lifted."
            : "The registry approved it."
          : `Reason: ${decision.reason}`,
        link,
      },
      ctx,
    );
    await client.query("commit");
    if (review.kind !== "toll_free") forgetRegisteredMps();
    return true;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
