import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { AppContext } from "../../http/context";
import { subscribers as s } from "../subscribers/subscribers.public";

/**
 * Who a voice broadcast may call, whatever it says: subscribers with recorded voice consent (a
 * consent of its own, apart from texts) whose number is not opted out or blocked.
 */
export function voiceCallable(accountId: number | SQL): SQL {
  return sql`${s.voiceConsentAt} is not null and not exists (
    select 1 from suppressions x where x.account_id = ${accountId} and x.phone = ${s.phone})`;
}

/** drizzle SQL as text and parameters for a pg client (a transaction outside drizzle). */
export function toPg(query: SQL): { text: string; params: unknown[] } {
  const built = new PgDialect().sqlToQuery(query);
  return { text: built.sql, params: built.params };
}

export async function voiceAudience(ctx: AppContext, accountId: number, cond: SQL) {
  const { rows } = await ctx.db.execute<{ reason: string | null; n: number }>(
    sql`select case
          when exists (select 1 from suppressions x where x.account_id = ${accountId}
                        and x.phone = ${s.phone} and x.reason = 'opted_out') then 'optedOut'
          when exists (select 1 from suppressions x where x.account_id = ${accountId}
                        and x.phone = ${s.phone}) then 'blocked'
          when ${s.voiceConsentAt} is null then 'noVoiceConsent'
        end as reason, count(*)::int as n
        from ${s} where ${cond} group by 1`,
  );
  const count = (reason: string | null) => rows.find((r) => r.reason === reason)?.n ?? 0;
  return {
    callable: count(null),
    noVoiceConsent: count("noVoiceConsent"),
    optedOut: count("optedOut"),
    blocked: count("blocked"),
  };
}
