import type { FormErrors } from "@mantine/form";
import type { z } from "zod";
import {
  type CustomField,
  type CustomFieldType,
  createCustomFieldRequest,
  updateCustomFieldRequest,
} from "../../../../domain/custom-fields.schemas";
import { tk, translateMessage } from "../../../i18n";

export interface FieldFormValues {
  name: string;
  type: CustomFieldType;
  options: { key: string; value: string }[];
}

/** The create body: options only for a multi-select. */
export function toCreateRequest(values: FieldFormValues) {
  return {
    name: values.name,
    type: values.type,
    options: values.type === "multi_select" ? values.options.map((o) => o.value) : [],
  };
}

/** An edit sends only what may change: the name, and a multi-select's options. */
export function toUpdateRequest(values: FieldFormValues, editing: CustomField) {
  return editing.type === "multi_select"
    ? { name: values.name, options: values.options.map((o) => o.value) }
    : { name: values.name };
}

/**
 * Checks the form with the same zod schema the server uses, so the messages are the same (in the
 * user's language, through translateMessage); issue paths are mapped to the form's ('options.2'
 * is the third option row's input).
 */
export function validateField(values: FieldFormValues, editing: CustomField | null): FormErrors {
  const schema: z.ZodType = editing ? updateCustomFieldRequest : createCustomFieldRequest;
  const body = editing ? toUpdateRequest(values, editing) : toCreateRequest(values);
  const result = schema.safeParse(body);
  const errors: FormErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [head, index] = issue.path;
      const key =
        head === "options" && typeof index === "number"
          ? `options.${index}.value`
          : String(head ?? "name");
      errors[key] ??= translateMessage(issue.message);
    }
  }
  // Editing a multi-select: the schema lets options be left out, but an empty list is refused.
  if (editing?.type === "multi_select" && values.options.length === 0) {
    errors.options ??= translateMessage(tk("Add at least one option"));
  }
  return errors;
}
