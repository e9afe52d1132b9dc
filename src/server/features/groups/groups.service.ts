import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  BUILTIN_KIND,
  checkCondition,
  type createGroupRequest,
  type GroupRules,
  type listGroupsQuery,
  NO_GROUP_ID,
  NO_GROUP_NAME,
  type RuleBuiltinField,
  type updateGroupRequest,
} from "../../../domain/groups.schemas";
import { assertCan, isAgent, isRestricted } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { type FieldInfo, fieldsById } from "../custom-fields/field-definitions";
import { welcomeNewMembers } from "../sends/welcome";
import { fieldKind } from "../subscribers/subscriber-conditions";
import { countByRules, countInNoGroup } from "../subscribers/subscriber-counts";
import { staticGroupOf } from "./group-definitions";
import { toGroup } from "./groups.presenter";
import * as q from "./groups.queries";

/** The account's static groups among `ids`, for the growth tools that offer or join them. */
export async function ownStaticGroups(
  ctx: Pick<AppContext, "db">,
  accountId: number,
  ids: number[],
) {
  return q.ownStaticGroups(ctx.db, accountId, ids);
}

// Other features read groups through group-definitions.ts; these names stay for them.
export {
  adaptiveGroupsOf,
  adaptiveGroupsUsingField,
  groupForFilter,
  staticGroupOf,
} from "./group-definitions";
// Memberships other features change: a subscriber's import, bulk actions, sign-ups and keywords
// (the subscribers feature chooses who, by its own conditions).
export {
  addManyToGroups,
  addToGroup,
  addToStaticGroups,
  removeFromGroup,
} from "./groups.queries";

const NOT_FOUND = "That group was not found in this account.";
const nameTaken = (name: string) => `A group named '${name}' already exists.`;

/**
 * 'No Group' is offered to users who are not restricted (spec doc 2 §3, §6), nor Agents: their
 * subscribers are those of their groups, so it would always be empty for them.
 */
function seesNoGroup(auth: Actor): boolean {
  return !isRestricted(auth) && !isAgent(auth);
}

export async function listGroups(
  ctx: AppContext,
  auth: Actor,
  query: z.infer<typeof listGroupsQuery>,
) {
  const { rows, total } = await q.listGroups(ctx.db, auth, query);
  const out = rows.map(toGroup);
  // 'No Group' goes first, on the first page.
  if (query.includeNoGroup && seesNoGroup(auth) && query.page === 0 && !query.query) {
    out.unshift({
      id: NO_GROUP_ID,
      name: NO_GROUP_NAME,
      type: "static",
      rules: null,
      memberCount: await countInNoGroup(ctx, auth),
      hidden: false,
      welcomeMessage: "",
      createdAt: new Date(0).toISOString(),
    });
  }
  return { total, rows: out };
}

export async function getGroup(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findGroup(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toGroup(row);
}

/** Checks each rule against its field and normalises values (dates, option spelling). */
async function checkRules(ctx: AppContext, auth: Actor, rules: GroupRules): Promise<GroupRules> {
  const fields = await fieldsById(ctx, auth);
  const out: GroupRules = { match: rules.match, conditions: [] };
  for (const original of rules.conditions) {
    const c = { ...original };
    let kind = BUILTIN_KIND[c.field as RuleBuiltinField];
    let field: FieldInfo | undefined;
    if (c.field.startsWith("attribute:")) {
      field = fields.get(Number(c.field.slice("attribute:".length)));
      if (!field) throw new AppError("NOT_FOUND", "That attribute was not found in this account.");
      kind = fieldKind(field.type);
    }
    const problem = checkCondition(kind, c);
    if (problem) throw new AppError("VALIDATION", problem, { fields: { rules: problem } });
    if (field?.type === "multi_select" && c.value !== null) {
      const values = Array.isArray(c.value) ? c.value : [String(c.value)];
      const spelled = values.map((v) =>
        field.options.find((o) => o.toLowerCase() === v.toLowerCase()),
      );
      const missing = values.find((_, i) => spelled[i] === undefined);
      if (missing !== undefined) {
        throw new AppError("VALIDATION", `'${missing}' is not an option of ${field.name}`);
      }
      c.value = Array.isArray(c.value) ? (spelled as string[]) : spelled[0]!;
    }
    out.conditions.push(c);
  }
  return out;
}

export async function createGroup(
  ctx: AppContext,
  auth: Actor,
  input: z.infer<typeof createGroupRequest>,
) {
  assertCan(auth, "groups:write");
  const rules =
    input.type === "adaptive" && input.rules ? await checkRules(ctx, auth, input.rules) : null;
  const row = await q.insertGroup(ctx.db, {
    accountId: auth.accountId,
    name: input.name,
    type: input.type,
    rules,
    hidden: input.hidden,
    welcomeMessage: input.welcomeMessage,
  });
  if (!row) throw new AppError("CONFLICT", nameTaken(input.name));
  return toGroup({ ...row, memberCount: input.type === "static" ? 0 : null });
}

export async function updateGroup(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: z.infer<typeof updateGroupRequest>,
) {
  assertCan(auth, "groups:write");
  const current = await q.findGroup(ctx.db, auth, id);
  if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (input.rules && current.type !== "adaptive") {
    throw new AppError("BAD_REQUEST", "Only adaptive groups have rules");
  }
  if (input.name && input.name.toLowerCase() !== current.name.toLowerCase()) {
    if (await q.findGroupByName(ctx.db, auth, input.name))
      throw new AppError("CONFLICT", nameTaken(input.name));
  }
  const rules = input.rules ? await checkRules(ctx, auth, input.rules) : undefined;
  try {
    await q.updateGroup(ctx.db, auth, id, {
      name: input.name,
      rules,
      hidden: input.hidden,
      welcomeMessage: input.welcomeMessage,
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505")
      throw new AppError("CONFLICT", nameTaken(input.name!));
    throw err;
  }
  return getGroup(ctx, auth, id);
}

export async function deleteGroup(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "groups:delete");
  const current = await q.findGroup(ctx.db, auth, id);
  if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
  // Members are unlinked by the foreign key; the subscribers stay.
  await q.deleteGroup(ctx.db, auth, id);
}

export async function addMembers(
  ctx: AppContext,
  auth: Actor,
  id: number,
  subscriberIds: number[],
) {
  assertCan(auth, "groups:write");
  await staticGroupOf(ctx, auth, id);
  const added = await q.addMembers(ctx.db, auth, id, subscriberIds);
  await welcomeNewMembers(ctx, auth.accountId, id, added);
  return { affected: added.length };
}

export async function removeMembers(
  ctx: AppContext,
  auth: Actor,
  id: number,
  subscriberIds: number[],
) {
  assertCan(auth, "groups:write");
  await staticGroupOf(ctx, auth, id);
  return { affected: await q.removeMembers(ctx.db, id, subscriberIds) };
}

/** bulkGetAdaptiveGroupMemberCount (spec doc 1 §7): live counts, keyed by group id. */
export async function adaptiveMemberCounts(ctx: AppContext, auth: Actor, groupIds: number[]) {
  const rows = await q.findGroups(ctx.db, auth, [...new Set(groupIds)]);
  const memberCounts: Record<string, number> = {};
  for (const row of rows) {
    if (row.type !== "adaptive" || !row.rules) continue;
    memberCounts[String(row.id)] = await countByRules(ctx, auth, row.rules as GroupRules);
  }
  if (groupIds.includes(NO_GROUP_ID) && seesNoGroup(auth)) {
    memberCounts[String(NO_GROUP_ID)] = await countInNoGroup(ctx, auth);
  }
  return { memberCounts };
}

/** The live count of rules not saved yet: checked exactly as a save would check them. */
export async function previewRules(ctx: AppContext, auth: Actor, rules: GroupRules) {
  const checked = await checkRules(ctx, auth, rules);
  return { memberCount: await countByRules(ctx, auth, checked) };
}
