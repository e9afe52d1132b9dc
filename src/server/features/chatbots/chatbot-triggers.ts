import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";

/** The account's chatbots with trigger words, as trigger claims (enabled or not). */
export async function chatbotTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const r = await ctx.db.$client.query<{
    id: number;
    name: string;
    phone_number_id: number;
    trigger_words: string[];
  }>(
    `select id, name, phone_number_id, trigger_words from chatbots
      where account_id = $1 and jsonb_array_length(trigger_words) > 0`,
    [accountId],
  );
  return r.rows.map((b) => ({
    kind: "chatbot",
    label: claimLabel("chatbot", b.name),
    ownerId: b.id,
    phoneNumberId: b.phone_number_id,
    words: b.trigger_words,
    match: { kind: "chatbot" },
  }));
}
