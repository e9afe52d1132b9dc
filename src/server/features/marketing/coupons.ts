import { randomInt } from "node:crypto";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import {
  fillTemplate,
  formatDay,
  MARKETING_TEXTS,
  makeCode,
  withProgramAndStop,
} from "../../../domain/marketing";
import type { CouponSettings } from "../../../domain/marketing.schemas";
import type { Actor } from "../../../domain/permissions";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { chargeTexts, queueMessages } from "../outbound/outbound.service";
import * as q from "./marketing.queries";

/**
 * Digital coupons: each subscriber of the chosen group (or of the whole list) with marketing
 * consent and no opt-out gets their own code, texted through the outbound path in one charged
 * transaction; staff check and redeem codes on the counter page until the expiry.
 */
export async function sendCoupon(ctx: AppContext, auth: Actor, id: number) {
  const program = await q.findProgram(ctx.db, auth, id);
  if (!program) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  if (program.kind !== "coupon") throw new AppError("BAD_REQUEST", MARKETING_TEXTS.wrongKind);
  const s = program.settings as CouponSettings;
  if (program.status === "sent") throw new AppError("CONFLICT", MARKETING_TEXTS.alreadySent);
  if (Date.parse(s.expiresAt) <= ctx.clock.now().getTime())
    throw new AppError("BAD_REQUEST", MARKETING_TEXTS.expired);
  const from = await q.senderOf(ctx.db, auth.accountId, program.phoneNumberId);
  if (!from) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.noNumber);
  const business = await q.accountName(ctx.db, auth.accountId);

  return inTransaction(ctx.db, async (_tx, client) => {
    if ((await q.lockProgramStatus(client, auth.accountId, id)) === "sent")
      throw new AppError("CONFLICT", MARKETING_TEXTS.alreadySent);
    // Consent recorded, not opted out or blocked, in the group when one is chosen.
    const people = await q.couponAudience(client, auth.accountId, s.groupId);
    const everyone = await q.countGroupSubscribers(client, auth.accountId, s.groupId);
    if (people.length === 0) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.nobody);
    const used = new Set<string>();
    const codes = people.map(() => {
      let c = makeCode(randomInt);
      while (used.has(c)) c = makeCode(randomInt);
      used.add(c);
      return c;
    });
    const expiry = formatDay(new Date(s.expiresAt));
    const bodies = codes.map((code) =>
      withProgramAndStop(fillTemplate(s.message, { code, offer: s.offer, expiry }), business),
    );
    const texts = people.map((p, i) => ({
      accountId: auth.accountId,
      from,
      to: p.phone,
      body: bodies[i]!,
      source: "coupon" as const,
      subscriberId: p.id,
      credits: creditsOfText({ source: "coupon", body: bodies[i]!, isMms: false }),
    }));
    await chargeTexts(client, auth.accountId, texts, {
      reason: "charge",
      description: `Coupon "${program.name}" to ${people.length} subscriber${people.length === 1 ? "" : "s"}`,
    });
    const ids = await queueMessages(texts, client);
    await q.insertCouponMembers(client, auth.accountId, id, from.id, {
      subscriberIds: people.map((p) => p.id),
      phones: people.map((p) => p.phone),
      codes,
      messageIds: ids,
    });
    const sentAt = ctx.clock.now().toISOString();
    await q.markProgramSent(client, id, sentAt, people.length);
    await q.insertSendActivity(
      client,
      auth.accountId,
      id,
      `Sent to ${people.length} subscriber${people.length === 1 ? "" : "s"}`,
    );
    const skipped = Math.max(0, (everyone ?? 0) - people.length);
    return {
      sent: people.length,
      skipped,
      message: `Coupon sent to ${people.length} subscriber${people.length === 1 ? "" : "s"}${skipped ? ` (${skipped} without consent or opted out left out)` : ""}`,
    };
  });
}
