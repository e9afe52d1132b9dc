import { type SQL, sql } from "drizzle-orm";
import type { ExclusionReason } from "../../../domain/send-audience";
import type { Executor } from "../../db/connection";
import { addressStateSql, subscribers as s } from "../subscribers/subscribers.public";
import { subscriberAbroad } from "./international.queries";

/**
 * The subscribers a send reaches, as a condition on `subscribers` (account included): all of the
 * account's, the listed ones, or those any of the groups' conditions select (none: nobody).
 */
export function recipientsSql(
  accountId: number,
  pick: { all: true } | { subscriberIds: number[] } | { groups: SQL[] },
): SQL {
  const account = sql`${s.accountId} = ${accountId}`;
  if ("all" in pick) return account;
  if ("subscriberIds" in pick) {
    const ids = pick.subscriberIds.length ? pick.subscriberIds : [0];
    return sql`${account} and ${s.id} = any(${sql.raw(`'{${ids.map(Number).join(",")}}'::bigint[]`)})`;
  }
  const parts = pick.groups;
  if (!parts.length) return sql`false`;
  return sql`${account} and (${sql.join(parts, sql` or `)})`;
}

/**
 * Who a marketing send may reach, whatever the send says: subscribers with recorded marketing
 * consent (a number that only texted in is a conversation contact), not known landlines, and not
 * opted out or blocked (the suppression list). One rule for the composer's count and the fan-out.
 */
export function sendable(accountId: number): SQL {
  return sql`${s.marketingConsentAt} is not null and ${s.isLandline} is not true and not exists (
    select 1 from suppressions x where x.account_id = ${accountId} and x.phone = ${s.phone})`;
}

/**
 * The one reason (an ExclusionReason of domain/send-audience) each selected subscriber is left
 * out, null when it is sent to. The complement of
 * `sendable()`: a row with no reason here is exactly a row `sendable()` accepts.
 */
export function exclusionReason(accountId: number): SQL {
  return sql`case
    when exists (select 1 from suppressions x where x.account_id = ${accountId}
                  and x.phone = ${s.phone} and x.reason = 'opted_out') then 'optedOut'
    when exists (select 1 from suppressions x where x.account_id = ${accountId}
                  and x.phone = ${s.phone}) then 'blocked'
    when ${s.isLandline} is true then 'landline'
    when ${s.marketingConsentAt} is null then 'noConsent'
  end`;
}

/**
 * The account's subscribers `exclusionReason()` may give a reason to (suppressed numbers,
 * landlines, no consent), as an id subquery found from those few rows' indexes: a caller
 * with many candidates asks the reason of these only, instead of probing every candidate.
 * Lists each condition of `sendable()`, so keep the three together.
 */
export function excludableIds(accountId: number): SQL {
  return sql`
    select ${s.id} from suppressions x
      join ${s} on ${s.accountId} = x.account_id and ${s.phone} = x.phone
      where x.account_id = ${accountId}
    union select ${s.id} from ${s} where ${s.accountId} = ${accountId} and ${s.isLandline} is true
    union select ${s.id} from ${s} where ${s.accountId} = ${accountId} and ${s.marketingConsentAt} is null`;
}

/** The selected subscribers counted by the reason each is left out (null: sent to) and abroad. */
export async function audienceCounts(db: Executor, accountId: number, cond: SQL) {
  const reason = exclusionReason(accountId);
  const { rows } = await db.execute<{
    reason: ExclusionReason | null;
    n: number;
    abroad: number;
  }>(
    sql`select ${reason} as reason, count(*)::int as n,
               count(*) filter (where ${subscriberAbroad()})::int as abroad
          from ${s} where ${cond} group by 1`,
  );
  return rows;
}

/** `text` (an expression over `subscribers`) as the first sendable selected subscriber reads it. */
export async function firstRecipientText(
  db: Executor,
  accountId: number,
  cond: SQL,
  text: SQL,
): Promise<string | null> {
  const [sample] = await db
    .select({ text })
    .from(s)
    .where(sql`${cond} and ${sendable(accountId)}`)
    .orderBy(s.id)
    .limit(1);
  return (sample?.text as string | undefined) ?? null;
}

/**
 * The sendable selected subscribers counted by the first five characters of their number, and by
 * the state of their address when `byAddress` (the law's hours apply by it).
 */
export async function recipientsByPrefix(
  db: Executor,
  accountId: number,
  cond: SQL,
  byAddress: boolean,
) {
  const state = byAddress ? sql.raw(addressStateSql(`"subscribers"`)) : sql`null::text`;
  const { rows } = await db.execute<{ prefix: string; state: string | null; n: number }>(
    sql`select left(${s.phone}, 5) as prefix, ${state} as state, count(*)::int as n
          from ${s} where ${cond} and ${sendable(accountId)} group by 1, 2`,
  );
  return rows;
}
