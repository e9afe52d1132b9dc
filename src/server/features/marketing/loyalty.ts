import { formatWhen, mayCheckIn, nextCheckinAt, normaliseCode } from "../../../domain/marketing";
import type { LoyaltySettings } from "../../../domain/marketing.schemas";
import * as q from "./marketing.queries";
import { answer, consentFromText, type ToolTurn } from "./tool-turn";

type Outcome =
  | { kind: "early"; points: number; next: Date; newConsent: boolean }
  | {
      kind: "checked_in";
      points: number;
      reward: { id: number; code: string } | null;
      newConsent: boolean;
    };

/**
 * Loyalty rewards: a member checks in by texting the program's word (with the shop's check-in
 * code when one is set), at most once per period; each check-in adds points, and at the reward's
 * points a unique code is texted (the counter page marks it used).
 */
export async function loyaltyText(t: ToolTurn): Promise<boolean> {
  const s = t.program.settings as LoyaltySettings;
  const word = t.program.keywordNorm ?? "";
  if (s.checkinCode && normaliseCode(t.rest) !== normaliseCode(s.checkinCode)) {
    await answer(
      t,
      t.rest
        ? `That check-in code is not right. Text ${word} and the code shown in the shop, e.g. ${word} 1234.`
        : `To check in, text ${word} and the code shown in the shop, e.g. ${word} 1234.`,
      false,
    );
    return true;
  }
  const { m, now } = t;
  const outcome = await t.ctx.db.transaction(async (tx): Promise<Outcome> => {
    const newConsent = await consentFromText(tx, t);
    const member =
      (await q.findMember(tx, t.program.id, m.subscriberId)) ??
      (await q.insertMember(tx, {
        accountId: m.accountId,
        programId: t.program.id,
        subscriberId: m.subscriberId,
        phone: m.from,
        state: "member",
        phoneNumberId: m.number.id,
        messageId: m.messageId,
        at: now,
      }));
    if (!mayCheckIn(member.lastCheckinAt, s.periodHours, now)) {
      return {
        kind: "early",
        points: member.points,
        next: nextCheckinAt(member.lastCheckinAt, s.periodHours)!,
        newConsent,
      };
    }
    let points = member.points + s.pointsPerCheckin;
    await q.logActivity(tx, {
      accountId: m.accountId,
      programId: t.program.id,
      memberId: member.id,
      kind: "checkin",
      detail: `+${s.pointsPerCheckin} point${s.pointsPerCheckin === 1 ? "" : "s"}`,
      messageId: m.messageId,
      at: now,
    });
    let reward: { id: number; code: string } | null = null;
    if (points >= s.rewardPoints) {
      points -= s.rewardPoints;
      reward = await q.issueReward(tx, {
        accountId: m.accountId,
        programId: t.program.id,
        memberId: member.id,
        at: now,
      });
      await q.logActivity(tx, {
        accountId: m.accountId,
        programId: t.program.id,
        memberId: member.id,
        kind: "reward",
        detail: `${s.reward}: code ${reward.code}`,
        at: now,
      });
    }
    await q.recordCheckin(tx, member.id, points, now);
    return { kind: "checked_in", points, reward, newConsent };
  });

  if (outcome.kind === "early") {
    await answer(
      t,
      `You already checked in. Check in again from ${formatWhen(outcome.next)}. You have ${outcome.points} of ${s.rewardPoints} points toward ${s.reward}.`,
      outcome.newConsent,
    );
    return true;
  }
  if (outcome.reward) {
    const id = await answer(
      t,
      `Thanks for checking in! You earned ${s.reward}. Show code ${outcome.reward.code} at the counter to redeem it.`,
      outcome.newConsent,
    );
    if (id !== null) await q.setRewardMessage(t.ctx.db, outcome.reward.id, id);
    return true;
  }
  await answer(
    t,
    `Thanks for checking in! You have ${outcome.points} of ${s.rewardPoints} points toward ${s.reward}.`,
    outcome.newConsent,
  );
  return true;
}
