import { Group, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { EARLIEST_ATTRIBUTE_DATE } from "../../../../domain/date-input";
import { MULTI_SELECT_EMPTY, MULTI_SELECT_NOT_EMPTY } from "../../../../domain/subscribers.schemas";
import { tk } from "../../../i18n";
import { useFieldYears } from "../api/list-custom-fields";
import { yearOptions } from "../lib/dates";
import type { AttributeMode, DraftErrors, FilterDraft } from "../lib/filter-form";
import { BubbleMultiSelect } from "./bubble-multi-select";
import { DateTextInput } from "./date-text-input";

const MODES: { value: AttributeMode; label: string }[] = [
  { value: "value", label: tk("Has value") },
  { value: "empty", label: tk("Is empty") },
  { value: "notEmpty", label: tk("Is not empty") },
];

/** The value part of the attribute filter: its input follows the picked field's type. */
export function AttributeFilterFields(props: {
  field: CustomField;
  draft: FilterDraft;
  errors: DraftErrors;
  set: (change: Partial<FilterDraft>) => void;
}) {
  const { t } = useTranslation();
  const { field, draft, errors, set } = props;
  const years = useFieldYears(field.type === "date" ? field.id : null);

  if (field.type === "multi_select") {
    return (
      <BubbleMultiSelect
        label={t("{{name}} is any of", { name: field.name })}
        placeholder={draft.attributeMultiSelect.length ? undefined : t("Choose options")}
        data={[
          { value: MULTI_SELECT_EMPTY, label: t("Empty (no option chosen)") },
          { value: MULTI_SELECT_NOT_EMPTY, label: t("Not empty (any option)") },
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
        data={MODES.map((m) => ({ ...m, label: t(m.label) }))}
        value={draft.attributeMode}
        onChange={(v) => set({ attributeMode: v as AttributeMode })}
        aria-label={t("How {{name}} should match", { name: field.name })}
      />
      {draft.attributeMode === "value" && field.type === "boolean" && (
        <Select
          label={t("{{name}} is", { name: field.name })}
          placeholder={t("Choose true or false")}
          data={[
            { value: "true", label: t("True") },
            { value: "false", label: t("False") },
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
              { value: "date", label: t("On a date") },
              { value: "year", label: t("In a year") },
            ]}
            value={draft.attributeDateKind}
            onChange={(v) => set({ attributeDateKind: v as "date" | "year" })}
            aria-label={t("Match a date or a year")}
          />
          {draft.attributeDateKind === "date" ? (
            <DateTextInput
              label={t("{{name}} on", { name: field.name })}
              value={draft.attributeDate}
              onChange={(v) => set({ attributeDate: v })}
              error={errors.attributeDate}
              rules={{ earliest: EARLIEST_ATTRIBUTE_DATE }}
              minDate={EARLIEST_ATTRIBUTE_DATE}
            />
          ) : (
            <Select
              label={t("{{name}} in", { name: field.name })}
              placeholder={t("Choose a year")}
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
            label={t("{{name}} contains", { name: field.name })}
            placeholder={t("Text to look for")}
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
