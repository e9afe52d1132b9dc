import { randomInt } from "node:crypto";
import { AppError } from "../../../domain/errors";
import { composeOptInReply } from "../../../domain/keywords";
import { makeCode, withProgramAndStop } from "../../../domain/marketing";
import type { ReferralSettings } from "../../../domain/marketing.schemas";
import { toE164 } from "../../../domain/phone";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { recordEvent } from "../events/events.service";
import { recordOptInConsent, upsertOptInSubscriber } from "../subscribers/opt-in-consent";
import * as q from "./marketing.queries";
import { answer, consentFromText, type ToolTurn, textPerson } from "./tool-turn";

/**
 * Viral texting (refer a friend): a subscriber texts the word and gets a personal link; a friend
 * who signs up through it (ticking the consent box, which is recorded as the friend's consent) is
 * credited to them, and every N friends earn them a reward code.
 */

const REFERRAL_CODE_LENGTH = 10;
export const NOT_FOUND_LINK = "This invitation link is not valid any more.";

export function referralUrl(ctx: AppContext, code: string) {
  return `${ctx.config.publicBase}/r/${code}`;
}

/** A link code unique among every account's referral links (the link names no account). */
async function freshLinkCode(tx: Executor): Promise<string> {
  for (;;) {
    const code = makeCode(randomInt, REFERRAL_CODE_LENGTH);
    if (!(await q.linkCodeTaken(tx, code))) return code;
  }
}

export async function referralText(t: ToolTurn): Promise<boolean> {
  const s = t.program.settings as ReferralSettings;
  const { m, now } = t;
  const result = await t.ctx.db.transaction(async (tx) => {
    const newConsent = await consentFromText(tx, t);
    let member = await q.findMember(tx, t.program.id, m.subscriberId);
    if (!member) {
      member = await q.insertMember(tx, {
        accountId: m.accountId,
        programId: t.program.id,
        subscriberId: m.subscriberId,
        phone: m.from,
        state: "member",
        code: await freshLinkCode(tx),
        phoneNumberId: m.number.id,
        messageId: m.messageId,
        at: now,
      });
      await q.logActivity(tx, {
        accountId: m.accountId,
        programId: t.program.id,
        memberId: member.id,
        kind: "link",
        detail: "Link sent",
        messageId: m.messageId,
        at: now,
      });
    } else if (!member.code) {
      const code = await freshLinkCode(tx);
      await q.setMemberCode(tx, member.id, code);
      member = { ...member, code };
    }
    return { code: member.code!, count: await q.referralsOf(tx, member.id), newConsent };
  });
  const so = result.count === 0 ? "" : ` ${result.count} joined so far.`;
  await answer(
    t,
    `Share your link: ${referralUrl(t.ctx, result.code)} When ${s.rewardReferrals} friend${s.rewardReferrals === 1 ? "" : "s"} join through it, you get ${s.reward}.${so}`,
    result.newConsent,
  );
  return true;
}

export function disclosureOf(business: string) {
  return `By signing up you agree to receive recurring marketing texts from ${business} at the number given. Consent is not a condition of purchase. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
}

/** The friend's page: who invited them and the offer. Each view is counted for the report. */
export async function referralPage(ctx: AppContext, code: string) {
  const link = await q.findReferralLink(ctx.db, code);
  if (!link) throw new AppError("NOT_FOUND", NOT_FOUND_LINK);
  await q.logActivity(ctx.db, {
    accountId: link.accountId,
    programId: link.programId,
    memberId: link.memberId,
    kind: "visit",
    at: ctx.clock.now(),
  });
  return {
    business: link.business,
    offer: link.settings.offer,
    referrer: link.firstName || "A friend",
    disclosure: disclosureOf(link.business),
  };
}

const THANKS = "Thanks for joining! Check your phone for a welcome text.";

/**
 * A friend signs up through a link: their consent is recorded with what the page showed, the
 * referrer is credited (only for someone new to the list, and never themselves), and at every N
 * friends the referrer is texted a reward code. An opted-out number is not signed up or texted.
 */
export async function referralSignup(
  ctx: AppContext,
  code: string,
  input: { phone: string; firstName: string },
  facts: { ip: string; userAgent: string },
) {
  const link = await q.findReferralLink(ctx.db, code);
  if (!link) throw new AppError("NOT_FOUND", NOT_FOUND_LINK);
  const phone = toE164(input.phone);
  if (!phone)
    throw new AppError("VALIDATION", "Enter a valid mobile number", {
      fields: { phone: "Enter a valid mobile number" },
    });
  // Whoever opted out stays out: the same answer, nothing recorded, nothing sent.
  if (await q.isSuppressed(ctx.db, link.accountId, phone)) return { message: THANKS };
  const s = link.settings;
  const now = ctx.clock.now();
  const evidence = JSON.stringify({
    page: "referral",
    code: code.toUpperCase(),
    referrerMemberId: link.memberId,
    consentText: disclosureOf(link.business),
    ip: facts.ip,
    userAgent: facts.userAgent.slice(0, 400),
  });

  const result = await ctx.db.transaction(async (tx) => {
    await q.lockProgram(tx, link.accountId, link.programId);
    const sub = await upsertOptInSubscriber(tx, link.accountId, {
      phone,
      method: "SIGN_UP_FORM",
      source: "referral",
      firstName: input.firstName,
    });
    await recordOptInConsent(tx, {
      accountId: link.accountId,
      subscriberId: sub.id,
      phone,
      source: "referral",
      method: "SIGN_UP_FORM",
      detail: evidence,
      at: now,
    });
    await recordEvent(tx, {
      accountId: link.accountId,
      type: "form.submitted",
      subscriberId: sub.id,
      data: { formId: null, kind: "referral", programId: link.programId },
    });
    const credit = !sub.hadConsent && sub.id !== link.subscriberId;
    if (!credit) return { subscriberId: sub.id, welcome: !sub.hadConsent, reward: null };
    const existing = await q.findMember(tx, link.programId, sub.id);
    if (!existing) {
      await q.insertMember(tx, {
        accountId: link.accountId,
        programId: link.programId,
        subscriberId: sub.id,
        phone,
        state: "member",
        code: await freshLinkCode(tx),
        referredBy: link.memberId,
        at: now,
      });
    }
    await q.logActivity(tx, {
      accountId: link.accountId,
      programId: link.programId,
      memberId: link.memberId,
      kind: "referral",
      detail: `Friend ${maskPhone(phone)} joined`,
      at: now,
    });
    const count = await q.referralsOf(tx, link.memberId);
    if (count % s.rewardReferrals !== 0 || (await q.isSuppressed(tx, link.accountId, link.phone)))
      return { subscriberId: sub.id, welcome: true, reward: null };
    const reward = await q.issueReward(tx, {
      accountId: link.accountId,
      programId: link.programId,
      memberId: link.memberId,
      at: now,
    });
    await q.logActivity(tx, {
      accountId: link.accountId,
      programId: link.programId,
      memberId: link.memberId,
      kind: "reward",
      detail: `${s.reward}: code ${reward.code}`,
      at: now,
    });
    return { subscriberId: sub.id, welcome: true, reward: { ...reward, count } };
  });

  const from = await q.senderOf(ctx.db, link.accountId, link.phoneNumberId);
  if (from && result.welcome) {
    await textPerson(ctx, {
      accountId: link.accountId,
      from,
      to: phone,
      body: composeOptInReply(
        `Welcome! ${link.firstName || "Your friend"} invited you. ${s.offer}`,
        link.business,
      ).full,
      subscriberId: result.subscriberId,
      source: "optin_reply",
      transactional: true,
    });
  }
  if (from && result.reward) {
    const sender =
      (await q.senderOf(ctx.db, link.accountId, link.memberNumberId ?? link.phoneNumberId)) ?? from;
    const id = await textPerson(ctx, {
      accountId: link.accountId,
      from: sender,
      to: link.phone,
      body: withProgramAndStop(
        `${result.reward.count} friends joined with your link! You earned ${s.reward}. Show code ${result.reward.code} to redeem it.`,
        link.business,
      ),
      subscriberId: link.subscriberId,
      source: "referral_reward",
      transactional: false,
    });
    if (id !== null) await q.setRewardMessage(ctx.db, result.reward.id, id);
  }
  return { message: THANKS };
}

export function maskPhone(phone: string): string {
  return phone.length > 4 ? `•••${phone.slice(-4)}` : phone;
}
