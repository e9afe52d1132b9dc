import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { wordAutoReplies } from "./auto-replies.queries";
import { wordTriggeredFlows } from "./automations.queries";

/**
 * Workflows (and drips) that start on a text containing some words, as trigger claims, whatever
 * their status (a draft is published later without saving again); on every number, as the
 * engine matches them. The account's automated replies with words, too.
 */
export async function automationTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const flows = await wordTriggeredFlows(ctx.db.$client, accountId);
  const replies = await wordAutoReplies(ctx.db.$client, accountId);
  return [
    ...flows.map(
      (f): TriggerClaim => ({
        kind: "workflow",
        label: f.kind === "drip" ? `the drip '${f.name}'` : claimLabel("workflow", f.name),
        ownerId: f.id,
        phoneNumberId: null,
        words: f.words,
        match: { kind: "contains" },
      }),
    ),
    ...replies.map(
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
