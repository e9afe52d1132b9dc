import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import * as q from "./chatbots.queries";

/** The account's chatbots with trigger words, as trigger claims (enabled or not). */
export async function chatbotTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const rows = await q.chatbotsWithWords(ctx.db.$client, accountId);
  return rows.map((b) => ({
    kind: "chatbot",
    label: claimLabel("chatbot", b.name),
    ownerId: b.id,
    phoneNumberId: b.phone_number_id,
    words: b.trigger_words,
    match: { kind: "chatbot" },
  }));
}
