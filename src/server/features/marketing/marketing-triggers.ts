import { claimLabel, type TriggerClaim } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";

/**
 * The marketing tools' words as trigger claims: a tool's word and an event registration's cancel
 * word, on every number (the tools' step matches them whatever number was texted).
 */
export async function marketingTriggerClaims(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<TriggerClaim[]> {
  const r = await ctx.db.$client.query<{
    id: number;
    kind: string;
    name: string;
    word: string | null;
    cancel_word: string | null;
  }>(
    `select id, kind, name, keyword_norm as word, upper(settings->>'cancelWord') as cancel_word
       from marketing_programs
      where account_id = $1 and (keyword_norm is not null or settings->>'cancelWord' is not null)`,
    [accountId],
  );
  return r.rows.map((p) => ({
    kind: "marketing",
    label: claimLabel("marketing", p.name, p.kind),
    ownerId: p.id,
    phoneNumberId: null,
    words: [p.word, p.cancel_word].filter((w): w is string => !!w),
    match: { kind: "first_word" },
  }));
}
