import { Group, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { EARLIEST_ATTRIBUTE_DATE } from "../../../../domain/date-input";
import { MULTI_SELECT_EMPTY, MULTI_SELECT_NOT_EMPTY } from "../../../../domain/subscribers.schemas";
import { useFieldYears } from "../api/list-custom-fields";
import { yearOptions } from "../lib/dates";
import type { AttributeMode, DraftErrors, FilterDraft } from "../lib/filter-form";
import { BubbleMultiSelect } from "./bubble-multi-select";
import { DateTextInput } from "./date-text-input";

const MODES: { value: AttributeMode; label: string }[] = [
  { value: "value", label: "Has value" },
  { value: "empty", label: "Is empty" },
  { value: "notEmpty", label: "Is not empty" },
];

/** The value part of the attribute filter: its input follows the picked field's type. */
export function AttributeFilterFields(props: {
  field: CustomField;
  draft: FilterDraft;
  errors: DraftErrors;
  set: (change: Partial<FilterDraft>) => void;
}) {
  const { field, draft, errors, set } = props;
  const years = useFieldYears(field.type === "date" ? field.id : null);

  if (field.type === "multi_select") {
    return (
      <BubbleMultiSelect
        label={`${field.name} is any of`}
        placeholder={draft.attributeMultiSelect.length ? undefined : "Choose options"}
        data={[
          { value: MULTI_SELECT_EMPTY, label: "Empty (no option chosen)" },
          { value: MULTI_SELECT_NOT_EMPTY, label: "Not empty (any option)" },
          ...field.options.map((o) => ({ value: o, label: o })),
        ]}
        value={draft.attributeMultiSelect}
        onChange={(v) => set({ attributeMultiSelect: v })}
        error={errors.attributeMultiSelect}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-attribute-multi"
      />
    );
  }

  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        size="xs"
        data={MODES}
        value={draft.attributeMode}
        onChange={(v) => set({ attributeMode: v as AttributeMode })}
        aria-label={`How ${field.name} should match`}
      />
      {draft.attributeMode === "value" && field.type === "boolean" && (
        <Select
          label={`${field.name} is`}
          placeholder="Choose true or false"
          data={[
            { value: "true", label: "True" },
            { value: "false", label: "False" },
          ]}
          value={draft.attributeBoolean}
          onChange={(v) => set({ attributeBoolean: v })}
          error={errors.attributeBoolean}
          comboboxProps={{ withinPortal: true }}
          data-testid="filter-attribute-boolean"
        />
      )}
      {draft.attributeMode === "value" && field.type === "date" && (
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            data={[
              { value: "date", label: "On a date" },
              { value: "year", label: "In a year" },
            ]}
            value={draft.attributeDateKind}
            onChange={(v) => set({ attributeDateKind: v as "date" | "year" })}
            aria-label="Match a date or a year"
          />
          {draft.attributeDateKind === "date" ? (
            <DateTextInput
              label={`${field.name} on`}
              value={draft.attributeDate}
              onChange={(t) => set({ attributeDate: t })}
              error={errors.attributeDate}
              rules={{ earliest: EARLIEST_ATTRIBUTE_DATE }}
              minDate={EARLIEST_ATTRIBUTE_DATE}
            />
          ) : (
            <Select
              label={`${field.name} in`}
              placeholder="Choose a year"
              data={yearOptions(years.data ?? [], new Date().getFullYear()).map(String)}
              value={draft.attributeYear}
              onChange={(v) => set({ attributeYear: v })}
              error={errors.attributeYear}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Stack>
      )}
      {draft.attributeMode === "value" && (field.type === "string" || field.type === "address") && (
        <Group grow>
          <TextInput
            label={`${field.name} contains`}
            placeholder="Text to look for"
            value={draft.attributeString}
            onChange={(e) => set({ attributeString: e.currentTarget.value })}
            error={errors.attributeString}
            maxLength={200}
          />
        </Group>
      )}
    </Stack>
  );
}
