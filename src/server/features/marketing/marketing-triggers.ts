import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import * as q from "./marketing.queries";

/**
 * The marketing tools' words as trigger claims: a tool's word and an event registration's cancel
 * word, on every number (the tools' step matches them whatever number was texted).
 */
export async function marketingTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const rows = await q.programWords(ctx.db.$client, accountId);
  return rows.map((p) => ({
    kind: "marketing",
    label: claimLabel("marketing", p.name, p.kind),
    ownerId: p.id,
    phoneNumberId: null,
    words: [p.word, p.cancel_word].filter((w): w is string => !!w),
    match: { kind: "first_word" },
  }));
}
