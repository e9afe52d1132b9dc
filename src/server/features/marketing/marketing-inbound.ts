import { marketingWordOf } from "../../../domain/marketing";
import type { AppContext } from "../../http/context";
import { giveawayText } from "./giveaway";
import { loyaltyText } from "./loyalty";
import * as q from "./marketing.queries";
import { referralText } from "./referrals";
import { registrationText } from "./registration";
import type { InboundForMarketing, ToolTurn } from "./tool-turn";

export type { InboundForMarketing } from "./tool-turn";

/**
 * The marketing tools' step of the inbound path, after compliance (STOP/HELP/START never reach
 * it) and before keywords and automated replies: a text whose first word is a tool's word
 * (a loyalty check-in, a giveaway entry, a referral link request, an event registration or its
 * cancel word). An opted-out or blocked number gets nothing and nothing is recorded. True when
 * the text was consumed.
 */
export async function handleMarketingText(
  ctx: AppContext,
  m: InboundForMarketing,
): Promise<boolean> {
  return consume(ctx, m);
}

async function consume(ctx: AppContext, m: InboundForMarketing): Promise<boolean> {
  const parsed = marketingWordOf(m.body);
  if (!parsed) return false;
  const candidates = await q.programOfWord(ctx.db, m.accountId, parsed.word);
  if (candidates.length === 0) return false;
  const person = await q.personOf(ctx.db, m.accountId, m.subscriberId);
  if (!person) return false;
  // Opted out (or blocked): nothing is sent, nothing is entered.
  if (person.suppressed) return true;
  const business = await q.accountName(ctx.db, m.accountId);
  const now = m.at ?? ctx.clock.now();
  for (const program of candidates) {
    const turn: ToolTurn = { ctx, m, program, rest: parsed.rest, now, business };
    const done =
      program.kind === "loyalty"
        ? await loyaltyText(turn)
        : program.kind === "giveaway"
          ? await giveawayText(turn)
          : program.kind === "referral"
            ? await referralText(turn)
            : program.kind === "registration"
              ? await registrationText(turn)
              : false;
    if (done) return true;
  }
  return false;
}
