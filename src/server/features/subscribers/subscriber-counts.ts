import type { GroupRules } from "../../../domain/groups.schemas";
import type { SubscriberFilter } from "../../../domain/subscribers.schemas";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { fieldsById } from "../custom-fields/field-definitions";
import { filterCondition, rulesCondition } from "./subscriber-conditions.queries";
import * as q from "./subscribers.queries";

/** Member counts the groups screens show (adaptive rules, 'No Group'), as the actor sees them. */
export async function countByRules(ctx: AppContext, auth: Actor, rules: GroupRules) {
  const [fields, tzId] = await Promise.all([
    fieldsById(ctx, auth),
    q.accountTimezoneId(ctx.db, auth),
  ]);
  const tz = timezoneById(tzId).iana;
  return q.countSubscribers(ctx.db, q.scoped(auth, [rulesCondition(rules, fields, tz)]));
}

export async function countInNoGroup(ctx: AppContext, auth: Actor) {
  const conditions = filterCondition({} as SubscriberFilter, {
    fields: new Map(),
    tz: "UTC",
    group: { kind: "none" },
  });
  return q.countSubscribers(ctx.db, q.scoped(auth, conditions));
}
