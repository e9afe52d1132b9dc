import { AppError } from "../../../domain/errors";
import { formatUsNumber } from "../../../domain/phone";
import { findTriggerConflict, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { automationTriggerClaims } from "../automations/automation-triggers";
import { chatbotTriggerClaims } from "../chatbots/chatbot-triggers";
import { keywordTriggerClaims } from "../keywords/keyword-triggers";
import { marketingTriggerClaims } from "../marketing/marketing-triggers";
import { accountNumbers } from "../numbers/numbers.service";

/**
 * The trigger registry: every word an account's automations answer (keywords, marketing tools'
 * words, chatbots' trigger words, workflows that start on a text, automated replies), gathered
 * from their owners. The order they answer in is TRIGGER_PRECEDENCE (src/domain/triggers.ts).
 */
export async function triggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const parts = await Promise.all([
    marketingTriggerClaims(ctx, accountId),
    keywordTriggerClaims(ctx, accountId),
    chatbotTriggerClaims(ctx, accountId),
    automationTriggerClaims(ctx, accountId),
  ]);
  return parts.flat();
}

/**
 * Refuses (400) a trigger about to be saved when another kind of automation already answers one
 * of its words on the same number: "MENU is already answered by the chatbot 'Table booking' on
 * this number". `field` names the form field the message belongs under. The claim's own row
 * (`ownerId` of the same kind) is left out, so saving it again is no conflict with itself.
 */
export async function assertNoTriggerConflict(
  ctx: Pick<AppContext, "db">,
  accountId: number,
  candidate: TriggerClaim,
  field: string,
): Promise<void> {
  if (!candidate.words.some((w) => w.trim())) return;
  const existing = (await triggerClaims(ctx, accountId)).filter(
    (c) => !(c.kind === candidate.kind && c.ownerId === candidate.ownerId),
  );
  const numbers = await accountNumbers(ctx, accountId);
  const byId = new Map(numbers.map((n) => [n.id, formatUsNumber(n.number)]));
  const conflict = findTriggerConflict(
    candidate,
    existing,
    (id) => byId.get(id) ?? "one of your numbers",
  );
  if (conflict)
    throw new AppError("VALIDATION", conflict.message, {
      reason: "trigger_conflict",
      fields: { [field]: conflict.message },
    });
}
