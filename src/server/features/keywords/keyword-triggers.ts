import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";

/** The account's keywords as trigger claims (every status: a paused one can be resumed). */
export async function keywordTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const r = await ctx.db.$client.query<{
    id: number;
    word: string;
    phone_number_id: number | null;
  }>(`select id, keyword_norm as word, phone_number_id from keywords where account_id = $1`, [
    accountId,
  ]);
  return r.rows.map((k) => ({
    kind: "keyword",
    label: claimLabel("keyword", k.word),
    ownerId: k.id,
    phoneNumberId: k.phone_number_id,
    words: [k.word],
    match: { kind: "keyword" },
  }));
}
