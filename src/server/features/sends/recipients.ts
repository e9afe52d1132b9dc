import { type SQL, sql } from "drizzle-orm";
import { NO_GROUP_ID } from "../../../domain/groups.schemas";
import { subscriberFilter } from "../../../domain/subscribers.schemas";
import type { Actor, AppContext } from "../../http/context";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { groupForFilter } from "../groups/groups.service";
import { filterCondition } from "../subscribers/subscriber-conditions";
import { subscribers as s } from "../subscribers/subscribers.public";

/** Who a send goes to, as stored on the send (spec doc 2 §3: isSubscribers all / true / false). */
export interface Recipients {
  mode: "all" | "subscribers" | "groups";
  subscriberIds: number[];
  groupIds: number[];
}

export function recipientsOf(form: {
  isSubscribers: "all" | "true" | "false";
  subscriberIds: number[];
  groupIds: number[];
}): Recipients {
  const mode =
    form.isSubscribers === "all" ? "all" : form.isSubscribers === "true" ? "subscribers" : "groups";
  return { mode, subscriberIds: form.subscriberIds, groupIds: form.groupIds };
}

/**
 * The subscribers a send reaches, as a condition on `subscribers` (account included). Groups are
 * read at the moment it runs: adaptive groups by their rules, static ones by membership, 'No
 * Group' as subscribers in none. A group deleted since the send was saved reaches nobody.
 */
export async function recipientCondition(
  ctx: AppContext,
  auth: Actor,
  recipients: Recipients,
  /** The account's zone: adaptive rules on dates read days in it. */
  tz: string,
): Promise<SQL> {
  const account = sql`${s.accountId} = ${auth.accountId}`;
  if (recipients.mode === "all") return account;
  if (recipients.mode === "subscribers") {
    const ids = recipients.subscriberIds.length ? recipients.subscriberIds : [0];
    return sql`${account} and ${s.id} = any(${sql.raw(`'{${ids.map(Number).join(",")}}'::bigint[]`)})`;
  }
  const fields = await fieldsById(ctx, auth);
  const parts: SQL[] = [];
  for (const id of recipients.groupIds) {
    try {
      const group = await groupForFilter(ctx, auth, id === NO_GROUP_ID ? NO_GROUP_ID : id);
      const [cond] = filterCondition(subscriberFilter.parse({}), { fields, tz, group });
      if (cond) parts.push(cond);
    } catch {
      // Deleted since: nobody through it.
    }
  }
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
