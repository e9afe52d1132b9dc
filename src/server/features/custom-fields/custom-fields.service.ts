import type { z } from "zod";
import type {
  createCustomFieldRequest,
  listCustomFieldsQuery,
  updateCustomFieldRequest,
} from "../../../domain/custom-fields.schemas";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { adaptiveGroupsUsingField } from "../groups/group-definitions";
import { dropFieldValues } from "../subscribers/subscribers.service";
import { toCustomField } from "./custom-fields.presenter";
import * as q from "./custom-fields.queries";

/** Every custom field of the account (id, name, type, options), for the sign-up page. */
export async function customFieldsOf(ctx: Pick<AppContext, "db">, accountId: number) {
  return q.customFieldsOf(ctx.db, accountId);
}

// Other features read field definitions through field-definitions.ts; these names stay for them.
export { type FieldInfo, fieldsById } from "./field-definitions";

const NOT_FOUND = "That attribute was not found in this account.";
const nameTaken = (name: string) => `An attribute named '${name}' already exists.`;

export async function listFields(
  ctx: AppContext,
  auth: Actor,
  query: z.infer<typeof listCustomFieldsQuery>,
) {
  const { rows, total } = await q.listFields(ctx.db, auth, query);
  return { total, rows: rows.map(toCustomField) };
}

export async function getField(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findField(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toCustomField(row);
}

export async function createField(
  ctx: AppContext,
  auth: Actor,
  input: z.infer<typeof createCustomFieldRequest>,
) {
  assertCan(auth, "fields:write");
  const row = await q.insertField(ctx.db, {
    accountId: auth.accountId,
    name: input.name,
    type: input.type,
    options: input.type === "multi_select" ? input.options : [],
  });
  if (!row) throw new AppError("CONFLICT", nameTaken(input.name));
  return toCustomField(row);
}

export async function updateField(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: z.infer<typeof updateCustomFieldRequest>,
) {
  assertCan(auth, "fields:write");
  const current = await q.findField(ctx.db, auth, id);
  if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (input.name && input.name.toLowerCase() !== current.name.toLowerCase()) {
    const other = await q.findFieldByName(ctx.db, auth, input.name);
    if (other) throw new AppError("CONFLICT", nameTaken(input.name));
  }
  if (input.options && current.type !== "multi_select") {
    throw new AppError("BAD_REQUEST", "Only multi-select attributes have options.");
  }
  if (input.options?.length === 0) throw new AppError("BAD_REQUEST", "Add at least one option");
  // Nothing to change (an empty PATCH) is no change, not an empty UPDATE.
  if (input.name === undefined && input.options === undefined) return toCustomField(current);
  try {
    const row = await q.updateField(ctx.db, auth, id, { name: input.name, options: input.options });
    return toCustomField(row!);
  } catch (err) {
    // Renamed at the same moment by someone else: the unique index has the last word.
    if ((err as { code?: string }).code === "23505")
      throw new AppError("CONFLICT", nameTaken(input.name!));
    throw err;
  }
}

export async function deleteField(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "fields:write");
  const current = await q.findField(ctx.db, auth, id);
  if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
  const users = await adaptiveGroupsUsingField(ctx, auth, id);
  if (users.length > 0) {
    throw new AppError(
      "CONFLICT",
      `The adaptive group '${users[0]}' uses this attribute. Change its rules first.`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    await dropFieldValues(tx, auth, id);
    await q.deleteField(tx, auth, id);
  });
}

export async function fieldYears(ctx: AppContext, auth: Actor, id: number) {
  const field = await q.findField(ctx.db, auth, id);
  if (!field) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (field.type !== "date") throw new AppError("BAD_REQUEST", "Only date attributes have years.");
  return { years: await q.fieldYears(ctx.db, auth, id) };
}
