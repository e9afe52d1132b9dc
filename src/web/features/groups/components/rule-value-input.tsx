import { MultiSelect, SegmentedControl, Select, TagsInput, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import type { RuleCondition, RuleValueKind } from "../../../../domain/groups.schemas";
import { SIGNUP_METHODS } from "../../../../domain/signup-methods";
import { translateMessage } from "../../../i18n";

const COUNTRY_CHOICES = COUNTRIES.map((c) => ({ value: String(c.id), label: c.name }));

/** The value part of one rule, shaped by what the field holds and what the operator needs. */
export function RuleValueInput(props: {
  condition: RuleCondition;
  kind: RuleValueKind;
  attribute: CustomField | undefined;
  error: string | null;
  label: string;
  onChange: (value: RuleCondition["value"]) => void;
}) {
  const { t } = useTranslation();
  const { condition: c, kind, attribute, error, label, onChange } = props;
  const SIGNUP_CHOICES = Object.entries(SIGNUP_METHODS).map(([value, name]) => ({
    value,
    label: translateMessage(name),
  }));
  const common = {
    "aria-label": label,
    error: error ?? undefined,
    style: { flex: 1, minWidth: 0 },
  };
  if (c.operator === "is_empty" || c.operator === "is_not_empty") return null;
  const list = Array.isArray(c.value) ? c.value : [];
  const text = typeof c.value === "string" ? c.value : "";

  switch (kind) {
    case "bool":
      return (
        <SegmentedControl
          aria-label={label}
          data={[
            { value: "true", label: t("True") },
            { value: "false", label: t("False") },
          ]}
          value={c.value === false ? "false" : "true"}
          onChange={(v) => onChange(v === "true")}
        />
      );
    case "signup":
      return c.operator === "in" ? (
        <MultiSelect
          {...common}
          data={SIGNUP_CHOICES}
          value={list}
          onChange={onChange}
          searchable
          placeholder={list.length ? undefined : t("Choose sign-up methods")}
          nothingFoundMessage={t("No options")}
        />
      ) : (
        <Select
          {...common}
          data={SIGNUP_CHOICES}
          value={text || null}
          onChange={(v) => onChange(v ?? "")}
          searchable
          placeholder={t("Choose a sign-up method")}
          nothingFoundMessage={t("No options")}
        />
      );
    case "country":
      return (
        <Select
          {...common}
          data={COUNTRY_CHOICES}
          value={typeof c.value === "number" ? String(c.value) : null}
          onChange={(v) => onChange(v ? Number(v) : null)}
          allowDeselect={false}
          nothingFoundMessage={t("No countries found")}
        />
      );
    case "areaCode":
      return c.operator === "in" ? (
        <TagsInput
          {...common}
          value={list}
          onChange={(v) => onChange(v.map((s) => s.replace(/\D/g, "")).filter(Boolean))}
          splitChars={[",", " "]}
          placeholder={list.length ? undefined : t("e.g. 212, 310")}
          acceptValueOnBlur
        />
      ) : (
        <TextInput
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, "").slice(0, 3))}
          inputMode="numeric"
          placeholder={t("e.g. 212")}
        />
      );
    case "date":
      return (
        <DateInput
          {...common}
          value={/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null}
          onChange={(v) => onChange(v ?? "")}
          valueFormat="MM/DD/YYYY"
          placeholder={t("MM/DD/YYYY")}
          minDate="1900-01-01"
          maxDate="2099-12-12"
          clearable
        />
      );
    case "multi": {
      const options = attribute?.options ?? [];
      return c.operator === "in" ? (
        <MultiSelect
          {...common}
          data={options}
          value={list}
          onChange={onChange}
          searchable
          placeholder={list.length ? undefined : t("Choose options")}
          nothingFoundMessage={t("No options")}
        />
      ) : (
        <Select
          {...common}
          data={options}
          value={text || null}
          onChange={(v) => onChange(v ?? "")}
          searchable
          placeholder={t("Choose an option")}
          nothingFoundMessage={t("No options")}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={200}
          placeholder={kind === "address" ? t("e.g. Austin") : t("Value")}
        />
      );
  }
}
