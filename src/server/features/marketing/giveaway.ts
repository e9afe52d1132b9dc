import { randomInt } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  DRAW_METHOD,
  drawWinners,
  formatWhen,
  MARKETING_TEXTS,
  withProgramAndStop,
} from "../../../domain/marketing";
import type { GiveawaySettings } from "../../../domain/marketing.schemas";
import type { Actor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import * as q from "./marketing.queries";
import { answer, consentFromText, type ToolTurn, textPerson } from "./tool-turn";

/**
 * Text-in giveaway: people enter by texting the word between the start and the end, one entry
 * per number; the business draws the winners (a fair random draw, recorded with its time and the
 * number of entrants) and each winner is texted a prize code.
 */
export async function giveawayText(t: ToolTurn): Promise<boolean> {
  const s = t.program.settings as GiveawaySettings;
  const { m, now } = t;
  if (t.program.status === "drawn" || now.getTime() >= Date.parse(s.endsAt)) {
    await answer(t, `Sorry, ${t.program.name} has closed. Thanks for your interest!`, false);
    return true;
  }
  if (now.getTime() < Date.parse(s.startsAt)) {
    await answer(
      t,
      `${t.program.name} opens ${formatWhen(new Date(s.startsAt))}. Text ${t.program.keywordNorm} again then to enter.`,
      false,
    );
    return true;
  }
  const result = await t.ctx.db.transaction(async (tx) => {
    const newConsent = await consentFromText(tx, t);
    const existing = await q.findMember(tx, t.program.id, m.subscriberId);
    if (existing) return { entered: false, newConsent };
    const member = await q.insertMember(tx, {
      accountId: m.accountId,
      programId: t.program.id,
      subscriberId: m.subscriberId,
      phone: m.from,
      state: "entered",
      phoneNumberId: m.number.id,
      messageId: m.messageId,
      at: now,
    });
    await q.logActivity(tx, {
      accountId: m.accountId,
      programId: t.program.id,
      memberId: member.id,
      kind: "entry",
      messageId: m.messageId,
      at: now,
    });
    return { entered: true, newConsent };
  });
  await answer(
    t,
    result.entered
      ? `You're entered in ${t.program.name} to win ${s.prize}! Winners are drawn after ${formatWhen(new Date(s.endsAt))}.`
      : `You're already entered in ${t.program.name}: one entry per number. Good luck!`,
    result.newConsent,
  );
  return true;
}

/**
 * Draws the winners among the entrants who may still be texted (an entrant who opted out since is
 * not eligible), records the draw and texts each winner a prize code. Once per giveaway.
 */
export async function drawGiveaway(ctx: AppContext, auth: Actor, id: number) {
  const program = await q.findProgram(ctx.db, auth, id);
  if (!program) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  if (program.kind !== "giveaway") throw new AppError("BAD_REQUEST", MARKETING_TEXTS.wrongKind);
  const s = program.settings as GiveawaySettings;
  const now = ctx.clock.now();
  if (now.getTime() < Date.parse(s.startsAt))
    throw new AppError("BAD_REQUEST", MARKETING_TEXTS.notStarted);
  const business = await q.accountName(ctx.db, auth.accountId);

  const drawn = await ctx.db.transaction(async (tx) => {
    await q.lockProgram(tx, auth.accountId, id);
    if ((await q.programStatus(tx, id)) === "drawn")
      throw new AppError("CONFLICT", MARKETING_TEXTS.alreadyDrawn);
    const entrants = await q.giveawayEntrants(tx, id);
    if (entrants.length === 0) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.noEntrants);
    const winners = drawWinners(entrants, s.winners, randomInt);
    const prizes: { member: (typeof entrants)[number]; reward: { id: number; code: string } }[] =
      [];
    for (const w of winners) {
      await q.markMemberWon(tx, w.id);
      const reward = await q.issueReward(tx, {
        accountId: auth.accountId,
        programId: id,
        memberId: w.id,
        at: now,
      });
      await q.logActivity(tx, {
        accountId: auth.accountId,
        programId: id,
        memberId: w.id,
        kind: "win",
        detail: `${s.prize}: code ${reward.code}`,
        at: now,
      });
      prizes.push({ member: w, reward });
    }
    await q.insertDraw(tx, {
      accountId: auth.accountId,
      programId: id,
      entrants: entrants.length,
      winnerMemberIds: winners.map((w) => w.id),
      method: DRAW_METHOD,
      userId: auth.userId,
      at: now,
    });
    await q.markProgramDrawn(tx, id);
    return { prizes, entrants: entrants.length };
  });

  for (const p of drawn.prizes) {
    const from = await q.senderOf(
      ctx.db,
      auth.accountId,
      p.member.phoneNumberId ?? program.phoneNumberId,
    );
    if (!from) continue;
    const messageId = await textPerson(ctx, {
      accountId: auth.accountId,
      from,
      to: p.member.phone,
      body: withProgramAndStop(
        `You won ${s.prize} in ${program.name}! Show code ${p.reward.code} to claim it.`,
        business,
      ),
      subscriberId: p.member.subscriberId,
      source: "giveaway_winner",
      transactional: false,
    });
    if (messageId !== null) await q.setRewardMessage(ctx.db, p.reward.id, messageId);
  }
  return { entrants: drawn.entrants, winners: drawn.prizes.length };
}
