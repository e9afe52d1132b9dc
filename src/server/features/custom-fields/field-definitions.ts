import type { CustomFieldType } from "../../../domain/custom-fields.schemas";
import type { Actor, AppContext } from "../../http/context";
import * as q from "./custom-fields.queries";

/**
 * The account's custom field definitions as the rest of the server reads them (filters, imports,
 * exports, personalisation). Depends on nothing but its queries, so subscribers, groups and
 * custom fields can all build on it without importing each other.
 */
export interface FieldInfo {
  id: number;
  name: string;
  type: CustomFieldType;
  options: string[];
}

/** Every field of the account by id, for checking values and building filters. */
export async function fieldsById(
  ctx: Pick<AppContext, "db">,
  auth: Pick<Actor, "accountId">,
): Promise<Map<number, FieldInfo>> {
  const rows = await q.allFields(ctx.db, auth);
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type as CustomFieldType }]));
}
