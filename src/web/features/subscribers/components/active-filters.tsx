import { Button, Group, Pill } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { toApiDate } from "../../../../domain/date-input";
import { NO_GROUP_ID, NO_GROUP_NAME } from "../../../../domain/groups.schemas";
import { signupMethodLabel } from "../../../../domain/signup-methods";
import { MULTI_SELECT_EMPTY, MULTI_SELECT_NOT_EMPTY } from "../../../../domain/subscribers.schemas";
import { translateMessage } from "../../../i18n";
import { useGroup } from "../api/list-groups";
import { ATTRIBUTE_VALUE_KEYS, type FilterState } from "../lib/filter-params";

type Key = keyof FilterState;

const day = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? toApiDate(iso) : iso);

/** The filter in force as removable pills under the toolbar, with Clear all. */
export function ActiveFilters(props: {
  filter: FilterState;
  fields: CustomField[];
  onChange: (f: FilterState) => void;
}) {
  const { t } = useTranslation();
  const option = (o: string) =>
    o === MULTI_SELECT_EMPTY ? t("Empty") : o === MULTI_SELECT_NOT_EMPTY ? t("Not empty") : o;
  const f = props.filter;
  const groupId = f.group !== undefined && f.group !== NO_GROUP_ID ? f.group : null;
  const group = useGroup(groupId);
  const field = props.fields.find((x) => x.id === f.attribute);

  const pills: { keys: Key[]; label: string }[] = [];
  if (f.startDate)
    pills.push({
      keys: ["startDate"],
      label: t("Signed up from {{date}}", { date: day(f.startDate) }),
    });
  if (f.endDate)
    pills.push({
      keys: ["endDate"],
      label: t("Signed up until {{date}}", { date: day(f.endDate) }),
    });
  if (f.group !== undefined) {
    const name =
      f.group === NO_GROUP_ID ? translateMessage(NO_GROUP_NAME) : (group.data?.name ?? "…");
    pills.push({ keys: ["group"], label: t("Group: {{name}}", { name }) });
  }
  if (f.country !== undefined) {
    const name = COUNTRIES.find((c) => c.id === f.country)?.name ?? String(f.country);
    pills.push({ keys: ["country"], label: t("Country: {{name}}", { name }) });
  }
  if (f.areaCode)
    pills.push({ keys: ["areaCode"], label: t("Area code: {{code}}", { code: f.areaCode }) });
  if (f.signupMethod)
    pills.push({
      keys: ["signupMethod"],
      label: t("Sign-up: {{method}}", {
        method: translateMessage(signupMethodLabel(f.signupMethod)),
      }),
    });
  if (f.isLandline !== undefined)
    pills.push({
      keys: ["isLandline"],
      label: f.isLandline ? t("Landlines only") : t("Excluding landlines"),
    });
  if (f.marketingConsent !== undefined)
    pills.push({
      keys: ["marketingConsent"],
      label: f.marketingConsent ? t("With marketing consent") : t("Conversation only"),
    });
  if (f.attribute !== undefined) {
    const name = field?.name ?? t("Attribute");
    let value = "";
    if (f.attributeIsEmpty) value = t("is empty");
    else if (f.attributeIsNotEmpty) value = t("is not empty");
    else if (f.attributeBoolean !== undefined)
      value = f.attributeBoolean ? t("is true") : t("is false");
    else if (f.attributeDate)
      value = /^\d{4}$/.test(f.attributeDate)
        ? t("in {{year}}", { year: f.attributeDate })
        : t("on {{date}}", { date: day(f.attributeDate) });
    else if (f.attributeString) value = t("contains “{{text}}”", { text: f.attributeString });
    else if (f.attributeMultiSelect)
      value = t("is {{options}}", {
        options: f.attributeMultiSelect.map(option).join(` ${t("or")} `),
      });
    pills.push({ keys: ["attribute", ...ATTRIBUTE_VALUE_KEYS], label: `${name} ${value}`.trim() });
  }
  if (pills.length === 0) return null;

  const remove = (keys: Key[]) => {
    const next = { ...f };
    for (const k of keys) delete next[k];
    props.onChange(next);
  };

  return (
    <Group gap={6} mb="sm" data-testid="active-filters">
      {pills.map((p) => (
        <Pill
          key={p.keys[0]}
          withRemoveButton
          onRemove={() => remove(p.keys)}
          removeButtonProps={{ "aria-label": t("Remove filter {{name}}", { name: p.label }) }}
          size="md"
        >
          {p.label}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={() => props.onChange({})}>
        {t("Clear all")}
      </Button>
    </Group>
  );
}
