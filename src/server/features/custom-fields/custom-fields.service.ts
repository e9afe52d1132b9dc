import type { z } from "zod";
import type {
  CustomFieldType,
  createCustomFieldRequest,
  listCustomFieldsQuery,
  updateCustomFieldRequest,
} from "../../../domain/custom-fields.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext, AuthContext } from "../../http/context";
import { adaptiveGroupsUsingField } from "../groups/groups.service";
import { toCustomField } from "./custom-fields.presenter";
import * as q from "./custom-fields.queries";

const NOT_FOUND = "That attribute was not found in this account.";
const nameTaken = (name: string) => `An attribute named '${name}' already exists.`;

export interface FieldInfo {
  id: number;
  name: string;
  type: CustomFieldType;
  options: string[];
}

export async function listFields(
  ctx: AppContext,
  auth: AuthContext,
  query: z.infer<typeof listCustomFieldsQuery>,
) {
  const { rows, total } = await q.listFields(ctx.db, auth, query);
  return { total, rows: rows.map(toCustomField) };
}

/** Every field of the account by id, for checking values and building filters. */
export async function fieldsById(
  ctx: AppContext,
  auth: AuthContext,
): Promise<Map<number, FieldInfo>> {
  const rows = await q.allFields(ctx.db, auth);
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type as CustomFieldType }]));
}

export async function getField(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await q.findField(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toCustomField(row);
}

export async function createField(
  ctx: AppContext,
  auth: AuthContext,
  input: z.infer<typeof createCustomFieldRequest>,
) {
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
  auth: AuthContext,
  id: number,
  input: z.infer<typeof updateCustomFieldRequest>,
) {
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

export async function deleteField(ctx: AppContext, auth: AuthContext, id: number) {
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
    await q.dropFieldValues(tx, auth, id);
    await q.deleteField(tx, auth, id);
  });
}

export async function fieldYears(ctx: AppContext, auth: AuthContext, id: number) {
  const field = await q.findField(ctx.db, auth, id);
  if (!field) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (field.type !== "date") throw new AppError("BAD_REQUEST", "Only date attributes have years.");
  return { years: await q.fieldYears(ctx.db, auth, id) };
}
