import { type Address, formatAddress } from "../../../../domain/address";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { toApiDate } from "../../../../domain/date-input";
import { tk } from "../../../i18n";

/** What an attribute input holds: text (string, date, address), "true"/"false", or options. */
export type AttributeInput = string | string[] | null;

/** A stored value as the form's input shows it. */
export function toInput(field: CustomField, value: unknown): AttributeInput {
  if (value === undefined || value === null)
    return field.type === "multi_select" ? [] : field.type === "boolean" ? null : "";
  switch (field.type) {
    case "boolean":
      return value === true ? "true" : value === false ? "false" : null;
    case "multi_select":
      return Array.isArray(value) ? value.map(String) : [];
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? toApiDate(value)
        : String(value);
    case "address":
      return typeof value === "object" ? formatAddress(value as Address) : String(value);
    default:
      return String(value);
  }
}

/** The input as the API takes it; null clears the value. */
export function fromInput(field: CustomField, input: AttributeInput): unknown {
  if (input === null) return null;
  if (Array.isArray(input)) return input.length ? input : null;
  if (field.type === "boolean") return input === "true";
  return input.trim() === "" ? null : input;
}

/**
 * A stored value for reading: 'Yes', '05/04/1990', 'Latte, Mocha', '1 Main St, Austin TX 78701'.
 * Yes and No are keys for t(), shown in the reader's language.
 */
export function formatAttribute(field: CustomField, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (field.type === "boolean") return value === true ? tk("Yes") : value === false ? tk("No") : "";
  const input = toInput(field, value);
  return Array.isArray(input) ? input.join(", ") : (input ?? "");
}
