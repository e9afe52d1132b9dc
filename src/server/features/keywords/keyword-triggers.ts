import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import * as q from "./keywords.queries";

/** The account's keywords as trigger claims (every status: a paused one can be resumed). */
export async function keywordTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const rows = await q.keywordWords(ctx.db.$client, accountId);
  return rows.map((k) => ({
    kind: "keyword",
    label: claimLabel("keyword", k.word),
    ownerId: k.id,
    phoneNumberId: k.phone_number_id,
    words: [k.word],
    match: { kind: "keyword" },
  }));
}
