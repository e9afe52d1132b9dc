import {
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { EARLIEST_DATE } from "../../../../domain/date-input";
import { SIGNUP_METHODS } from "../../../../domain/signup-methods";
import { tk, translateFields, translateMessage } from "../../../i18n";
import { MOBILE_QUERY } from "../../../lib/media";
import {
  type DraftErrors,
  draftFromFilter,
  EMPTY_DRAFT,
  type FilterDraft,
  filterFromDraft,
} from "../lib/filter-form";
import type { FilterState } from "../lib/filter-params";
import { AttributeFilterFields } from "./attribute-filter-fields";
import { DateTextInput } from "./date-text-input";
import { GroupSelect } from "./group-select";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: String(c.id), label: c.name }));
const FIELD_TYPE_LABEL: Record<CustomField["type"], string> = {
  string: tk("text"),
  boolean: tk("true / false"),
  date: tk("date"),
  multi_select: tk("multi-select"),
  address: tk("address"),
};

/** The subscriber filter form of spec doc 2 §3, applied to the URL on Apply. */
export function FilterDrawer(props: {
  opened: boolean;
  onClose: () => void;
  filter: FilterState;
  onApply: (f: FilterState) => void;
  today: string;
  /** Restricted users are not offered 'No Group'. */
  restricted: boolean;
  fields: CustomField[];
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [draftErrors, setErrors] = useState<DraftErrors>({});
  const errors = translateFields(draftErrors);

  // Each opening starts from the filter in force.
  useEffect(() => {
    if (props.opened) {
      setDraft(draftFromFilter(props.filter));
      setErrors({});
    }
  }, [props.opened, props.filter]);

  const set = (change: Partial<FilterDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(change)) delete next[key as keyof FilterDraft];
      return next;
    });
  };
  const field = props.fields.find((f) => String(f.id) === draft.attribute);

  const apply = () => {
    const r = filterFromDraft(draft, { today: props.today, fieldType: field?.type });
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    props.onApply(r.filter);
    props.onClose();
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    props.onApply({});
    props.onClose();
  };

  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size={mobile ? "100%" : 420}
      title={<Text fw={700}>{t("Filter subscribers")}</Text>}
      closeButtonProps={{ "aria-label": t("Close filters") }}
      data-testid="filter-drawer"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        noValidate
      >
        <Stack gap="md" pb="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateTextInput
              label={t("Start date")}
              value={draft.startDate}
              onChange={(v) => set({ startDate: v })}
              error={errors.startDate}
              rules={{ disableFuture: true, today: props.today }}
              minDate={EARLIEST_DATE}
              maxDate={props.today}
              data-testid="filter-start-date"
            />
            <DateTextInput
              label={t("End date")}
              value={draft.endDate}
              onChange={(v) => set({ endDate: v })}
              error={errors.endDate}
              rules={{ disableFuture: true, today: props.today }}
              minDate={EARLIEST_DATE}
              maxDate={props.today}
              data-testid="filter-end-date"
            />
          </SimpleGrid>
          <GroupSelect
            label={t("Group")}
            value={draft.group}
            onChange={(v) => set({ group: v })}
            withNoGroup={!props.restricted}
            data-testid="filter-group"
          />
          <Select
            label={t("Country")}
            placeholder={t("Any country")}
            data={COUNTRY_OPTIONS}
            value={draft.country}
            // The area code belongs to no country in particular: choosing one clears it.
            onChange={(v) => set({ country: v, ...(v ? { areaCode: "" } : {}) })}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-country"
          />
          {!draft.country && (
            <NumberInput
              label={t("Area code")}
              placeholder={t("e.g. 212")}
              value={draft.areaCode}
              onChange={(v) => set({ areaCode: String(v) })}
              error={errors.areaCode}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              maxLength={3}
              data-testid="filter-area-code"
            />
          )}
          <Select
            label={t("Sign-up method")}
            placeholder={t("Any method")}
            data={Object.entries(SIGNUP_METHODS).map(([value, label]) => ({
              value,
              label: translateMessage(label),
            }))}
            value={draft.signupMethod}
            onChange={(v) => set({ signupMethod: v })}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("Landline")}
            placeholder={t("Landlines and mobiles")}
            data={[
              { value: "true", label: t("Landlines only") },
              { value: "false", label: t("Exclude landlines") },
            ]}
            value={draft.isLandline}
            onChange={(v) => set({ isLandline: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("Marketing consent")}
            placeholder={t("With and without consent")}
            data={[
              { value: "true", label: t("With marketing consent") },
              { value: "false", label: t("Conversation only (no consent)") },
            ]}
            value={draft.marketingConsent}
            onChange={(v) => set({ marketingConsent: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Divider label={t("Attribute")} labelPosition="left" />
          <Select
            label={t("Attribute")}
            placeholder={props.fields.length ? t("Choose an attribute") : t("No attributes yet")}
            disabled={props.fields.length === 0}
            data={props.fields.map((f) => ({
              value: String(f.id),
              label: `${f.name} (${t(FIELD_TYPE_LABEL[f.type])})`,
            }))}
            value={draft.attribute}
            onChange={(v) =>
              set({
                attribute: v,
                attributeMode: "value",
                attributeBoolean: null,
                attributeDate: "",
                attributeYear: null,
                attributeMultiSelect: [],
                attributeString: "",
              })
            }
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-attribute"
          />
          {field && <AttributeFilterFields field={field} draft={draft} errors={errors} set={set} />}
        </Stack>
        <Group
          justify="space-between"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          <Button variant="default" onClick={clear}>
            {t("Clear")}
          </Button>
          <Group gap="xs">
            <Button variant="subtle" color="gray" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit">{t("Apply Filters")}</Button>
          </Group>
        </Group>
      </form>
    </Drawer>
  );
}
