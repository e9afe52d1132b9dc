import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";

/**
 * Workflows (and drips) that start on a text containing some words, as trigger claims, whatever
 * their status (a draft is published later without saving again); on every number, as the
 * engine matches them. The account's automated replies with words, too.
 */
export async function automationTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const flows = await ctx.db.$client.query<{
    id: number;
    kind: string;
    name: string;
    words: string[];
  }>(
    `select id, kind, name, trigger->'words' as words from automations
      where account_id = $1 and kind <> 'chatbot' and trigger->>'type' = 'message.received'
        and jsonb_array_length(coalesce(trigger->'words', '[]'::jsonb)) > 0`,
    [accountId],
  );
  const replies = await ctx.db.$client.query<{
    id: number;
    name: string;
    match: "contains" | "exact" | "starts_with";
    words: string[];
    phone_number_id: number | null;
  }>(
    `select id, name, match, words, phone_number_id from auto_replies
      where account_id = $1 and match in ('contains', 'exact', 'starts_with')
        and jsonb_array_length(words) > 0`,
    [accountId],
  );
  return [
    ...flows.rows.map(
      (f): TriggerClaim => ({
        kind: "workflow",
        label: f.kind === "drip" ? `the drip '${f.name}'` : claimLabel("workflow", f.name),
        ownerId: f.id,
        phoneNumberId: null,
        words: f.words,
        match: { kind: "contains" },
      }),
    ),
    ...replies.rows.map(
      (a): TriggerClaim => ({
        kind: "auto_reply",
        label: claimLabel("auto_reply", a.name),
        ownerId: a.id,
        phoneNumberId: a.phone_number_id,
        words: a.words,
        match: { kind: "auto_reply", match: a.match },
      }),
    ),
  ];
}
