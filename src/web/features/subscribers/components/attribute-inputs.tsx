import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { EARLIEST_ATTRIBUTE_DATE } from "../../../../domain/date-input";
import type { AttributeInput } from "../lib/attributes";
import { BubbleMultiSelect } from "./bubble-multi-select";
import { DateTextInput } from "./date-text-input";

/** One input per custom field, by its type, for the add and edit forms. */
export function AttributeInputs(props: {
  fields: CustomField[];
  values: Record<string, AttributeInput>;
  errors: Record<string, string>;
  onChange: (fieldId: number, value: AttributeInput) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {props.fields.map((f) => {
        const key = String(f.id);
        const value = props.values[key];
        const error = props.errors[key];
        switch (f.type) {
          case "boolean":
            return (
              <Select
                key={key}
                label={f.name}
                placeholder={t("Not set")}
                data={[
                  { value: "true", label: t("Yes") },
                  { value: "false", label: t("No") },
                ]}
                value={typeof value === "string" ? value : null}
                onChange={(v) => props.onChange(f.id, v)}
                clearable
                error={error}
                comboboxProps={{ withinPortal: true }}
              />
            );
          case "multi_select":
            return (
              <BubbleMultiSelect
                key={key}
                label={f.name}
                placeholder={t("Choose options")}
                data={f.options}
                value={Array.isArray(value) ? value : []}
                onChange={(v) => props.onChange(f.id, v)}
                clearable
                searchable
                error={error}
                comboboxProps={{ withinPortal: true }}
              />
            );
          case "date":
            return (
              <DateTextInput
                key={key}
                label={f.name}
                value={typeof value === "string" ? value : ""}
                onChange={(t) => props.onChange(f.id, t)}
                error={error}
                rules={{ earliest: EARLIEST_ATTRIBUTE_DATE }}
                minDate={EARLIEST_ATTRIBUTE_DATE}
              />
            );
          default:
            return (
              <TextInput
                key={key}
                label={f.name}
                placeholder={f.type === "address" ? t("Street, city, state, zip") : undefined}
                value={typeof value === "string" ? value : ""}
                onChange={(e) => props.onChange(f.id, e.currentTarget.value)}
                error={error}
                maxLength={500}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
