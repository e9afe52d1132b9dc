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
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { EARLIEST_DATE } from "../../../../domain/date-input";
import { SIGNUP_METHODS } from "../../../../domain/signup-methods";
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

const SIGNUP_OPTIONS = Object.entries(SIGNUP_METHODS).map(([value, label]) => ({ value, label }));
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: String(c.id), label: c.name }));
const FIELD_TYPE_LABEL: Record<CustomField["type"], string> = {
  string: "text",
  boolean: "true / false",
  date: "date",
  multi_select: "multi-select",
  address: "address",
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
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});

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
      title={<Text fw={700}>Filter subscribers</Text>}
      closeButtonProps={{ "aria-label": "Close filters" }}
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
              label="Start date"
              value={draft.startDate}
              onChange={(t) => set({ startDate: t })}
              error={errors.startDate}
              rules={{ disableFuture: true, today: props.today }}
              minDate={EARLIEST_DATE}
              maxDate={props.today}
              data-testid="filter-start-date"
            />
            <DateTextInput
              label="End date"
              value={draft.endDate}
              onChange={(t) => set({ endDate: t })}
              error={errors.endDate}
              rules={{ disableFuture: true, today: props.today }}
              minDate={EARLIEST_DATE}
              maxDate={props.today}
              data-testid="filter-end-date"
            />
          </SimpleGrid>
          <GroupSelect
            label="Group"
            value={draft.group}
            onChange={(v) => set({ group: v })}
            withNoGroup={!props.restricted}
            data-testid="filter-group"
          />
          <Select
            label="Country"
            placeholder="Any country"
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
              label="Area code"
              placeholder="e.g. 212"
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
            label="Sign-up method"
            placeholder="Any method"
            data={SIGNUP_OPTIONS}
            value={draft.signupMethod}
            onChange={(v) => set({ signupMethod: v })}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Landline"
            placeholder="Landlines and mobiles"
            data={[
              { value: "true", label: "Landlines only" },
              { value: "false", label: "Exclude landlines" },
            ]}
            value={draft.isLandline}
            onChange={(v) => set({ isLandline: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Marketing consent"
            placeholder="With and without consent"
            data={[
              { value: "true", label: "With marketing consent" },
              { value: "false", label: "Conversation only (no consent)" },
            ]}
            value={draft.marketingConsent}
            onChange={(v) => set({ marketingConsent: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Divider label="Attribute" labelPosition="left" />
          <Select
            label="Attribute"
            placeholder={props.fields.length ? "Choose an attribute" : "No attributes yet"}
            disabled={props.fields.length === 0}
            data={props.fields.map((f) => ({
              value: String(f.id),
              label: `${f.name} (${FIELD_TYPE_LABEL[f.type]})`,
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
            Clear
          </Button>
          <Group gap="xs">
            <Button variant="subtle" color="gray" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Apply Filters</Button>
          </Group>
        </Group>
      </form>
    </Drawer>
  );
}
