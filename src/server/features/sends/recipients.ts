import type { SQL } from "drizzle-orm";
import { NO_GROUP_ID } from "../../../domain/groups.schemas";
import { subscriberFilter } from "../../../domain/subscribers.schemas";
import type { Actor, AppContext } from "../../http/context";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { groupForFilter } from "../groups/groups.service";
import { subscriberFilterCondition } from "../subscribers/subscribers.service";
import * as q from "./recipients.queries";

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
  if (recipients.mode === "all") return q.recipientsSql(auth.accountId, { all: true });
  if (recipients.mode === "subscribers")
    return q.recipientsSql(auth.accountId, { subscriberIds: recipients.subscriberIds });
  const fields = await fieldsById(ctx, auth);
  const parts: SQL[] = [];
  for (const id of recipients.groupIds) {
    try {
      const group = await groupForFilter(ctx, auth, id === NO_GROUP_ID ? NO_GROUP_ID : id);
      const [cond] = subscriberFilterCondition(subscriberFilter.parse({}), { fields, tz, group });
      if (cond) parts.push(cond);
    } catch {
      // Deleted since: nobody through it.
    }
  }
  return q.recipientsSql(auth.accountId, { groups: parts });
}

// Analytics' failed-numbers report asks the same rule which of a send's numbers were left out.
export { excludableIds, exclusionReason } from "./recipients.queries";
