import type { CustomField, CustomFieldType } from "../../../domain/custom-fields.schemas";
import type { CustomFieldRow } from "./custom-fields.queries";

export function toCustomField(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CustomFieldType,
    options: row.options,
    createdAt: row.createdAt.toISOString(),
  };
}
