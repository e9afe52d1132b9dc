import { AppError } from "../../../domain/errors";
import { type GroupRules, NO_GROUP_ID } from "../../../domain/groups.schemas";
import { isRestricted } from "../../../domain/permissions";
import { TEXT } from "../../../domain/texts";
import type { Actor, AppContext } from "../../http/context";
import type { GroupForFilter } from "../subscribers/subscriber-conditions";
import * as q from "./groups.queries";

/*
 * Groups as the rest of the server reads them (subscriber filters, memberships, sends, imports,
 * custom fields). Depends on nothing but its queries, so subscribers, groups and custom fields
 * build on it without importing each other.
 */

const NOT_FOUND = "That group was not found in this account.";
const ADAPTIVE_MEMBERS =
  "Members of an adaptive group follow its rules; they cannot be added or removed by hand.";

/** A static group of the caller's, for adding or removing members; 404 or 400 otherwise. */
export async function staticGroupOf(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findGroup(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (row.type === "adaptive") throw new AppError("BAD_REQUEST", ADAPTIVE_MEMBERS);
  return row;
}

/** What the subscriber filter needs to know of the group it names. */
export async function groupForFilter(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<GroupForFilter> {
  if (id === NO_GROUP_ID) {
    if (isRestricted(auth)) throw new AppError("FORBIDDEN", TEXT.notAllowed);
    return { kind: "none" };
  }
  const row = await q.findGroup(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (row.type === "adaptive") return { kind: "adaptive", rules: row.rules as GroupRules };
  return { kind: "static", id: row.id };
}

export async function adaptiveGroupsOf(ctx: AppContext, auth: Actor) {
  const rows = await q.adaptiveGroups(ctx.db, auth);
  return rows.map((r) => ({ id: r.id, name: r.name, rules: r.rules as GroupRules }));
}

export async function adaptiveGroupsUsingField(ctx: AppContext, auth: Actor, fieldId: number) {
  const key = `attribute:${fieldId}`;
  const rows = await q.adaptiveGroups(ctx.db, auth);
  return rows
    .filter((r) => (r.rules as GroupRules | null)?.conditions.some((c) => c.field === key))
    .map((r) => r.name);
}
