import { Chip, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import type { UseFormReturnType } from "@mantine/form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  CUSTOM_END_LABELS,
  CUSTOM_END_TYPES,
  CUSTOM_REPEAT_UNIT_LABELS,
  CUSTOM_REPEAT_UNITS,
  type Days,
} from "../../../../domain/message-form.schemas";
import { REPEAT_FREQUENCIES, REPEAT_LABELS, WEEKDAYS } from "../../../../domain/repeat";
import { timezoneByIana, timezoneById } from "../../../../domain/timezones";
import { TimezoneSelect } from "../../../components/timezone-select";
import { intlLocale, tk, translateMessage } from "../../../i18n";
import type { FormValues } from "../lib/form-state";

const DAY_LABEL: Record<(typeof WEEKDAYS)[number], string> = {
  monday: tk("Mon"),
  tuesday: tk("Tue"),
  wednesday: tk("Wed"),
  thursday: tk("Thu"),
  friday: tk("Fri"),
  saturday: tk("Sat"),
  sunday: tk("Sun"),
};
// The composer lists Custom first, then the fixed frequencies (spec doc 2 §3).
const REPEAT_ORDER = ["custom", ...REPEAT_FREQUENCIES.filter((f) => f !== "custom")] as const;

function DayChips(props: {
  value: Days;
  onChange: (d: Days) => void;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const selected = WEEKDAYS.filter((d) => props.value[d]);
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {props.label}
      </Text>
      <Chip.Group
        multiple
        value={selected}
        onChange={(days) =>
          props.onChange(
            Object.fromEntries(WEEKDAYS.map((d) => [d, days.includes(d)])) as unknown as Days,
          )
        }
      >
        <Group gap={6}>
          {WEEKDAYS.map((d) => (
            <Chip key={d} value={d} size="xs">
              {t(DAY_LABEL[d])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {props.error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {props.error}
        </Text>
      )}
    </div>
  );
}

/** Which of the month's weekdays a date is: the 5th one is said as the last. */
const NTH = [tk("1st"), tk("2nd"), tk("3rd"), tk("4th"), tk("last")] as const;

/** "On day 14" / "On the 2nd Tuesday" for a monthly repeat of the chosen date. */
function monthlyOptions(date: string, t: TFunction) {
  const d = date ? new Date(`${date}T12:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()))
    return [
      { value: "day", label: t("On the same day each month") },
      { value: "week", label: t("On the same weekday each month") },
    ];
  const day = d.getUTCDate();
  const nth = NTH[Math.min(Math.ceil(day / 7), 5) - 1] ?? NTH[4];
  const weekday = d.toLocaleDateString(intlLocale(), { weekday: "long", timeZone: "UTC" });
  return [
    { value: "day", label: t("Monthly on day {{day}}", { day }) },
    { value: "week", label: t("Monthly on the {{nth}} {{weekday}}", { nth: t(nth), weekday }) },
  ];
}

/** Schedule (date, time, time zone) and repeat, with the custom repeat (spec doc 2 §3, §5). */
export function ScheduleFields(props: { form: UseFormReturnType<FormValues>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { form } = props;
  const v = form.getValues();
  const repeat = v.repeatFrequency;
  return (
    <Stack gap="sm">
      <Switch
        label={t("Schedule for later")}
        {...form.getInputProps("isScheduled", { type: "checkbox" })}
        disabled={props.disabled}
      />
      {v.isScheduled && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              label={t("Date")}
              placeholder={t("Pick a date")}
              valueFormat="MM/DD/YYYY"
              minDate={new Date()}
              clearable
              value={v.date || null}
              error={form.errors.date}
              onChange={(d) => form.setFieldValue("date", d ?? "")}
              disabled={props.disabled}
            />
            <TimeInput
              label={t("Time")}
              {...form.getInputProps("time")}
              disabled={props.disabled}
            />
          </SimpleGrid>
          {/* A row of its own: "(UTC+01:00) Central European Time — Paris" is long. */}
          <TimezoneSelect
            value={timezoneByIana(v.timezone)?.id ?? null}
            error={form.errors.timezone}
            onChange={(id) => form.setFieldValue("timezone", timezoneById(id).iana)}
            disabled={props.disabled}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("Repeat")}
              data={REPEAT_ORDER.map((f) => ({
                value: f,
                label: translateMessage(REPEAT_LABELS[f]),
              }))}
              allowDeselect={false}
              {...form.getInputProps("repeatFrequency")}
              disabled={props.disabled}
            />
            {repeat === "monthly" && (
              <Select
                label={t("Monthly repeat")}
                data={monthlyOptions(v.date, t)}
                allowDeselect={false}
                {...form.getInputProps("repeatType")}
                disabled={props.disabled}
              />
            )}
          </SimpleGrid>
          {(repeat === "weekly" || repeat === "biweekly") && (
            <DayChips
              label={t("Repeat on")}
              value={v.repeatDays as Days}
              onChange={(d) => form.setFieldValue("repeatDays", d)}
              error={form.errors.repeatDays as string | undefined}
            />
          )}
          {repeat === "custom" && (
            <Stack
              gap="sm"
              p="sm"
              style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                <TextInput
                  label={t("Repeat every")}
                  inputMode="numeric"
                  {...form.getInputProps("customRepeatFrequency")}
                  disabled={props.disabled}
                />
                <Select
                  label={t("Unit")}
                  data={CUSTOM_REPEAT_UNITS.map((u) => ({
                    value: u,
                    label: translateMessage(CUSTOM_REPEAT_UNIT_LABELS[u]),
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps("customRepeatFrequencyType")}
                  disabled={props.disabled}
                />
              </SimpleGrid>
              {v.customRepeatFrequencyType === "weeks" && (
                <DayChips
                  label={t("On", { context: "days" })}
                  value={v.customRepeatDays as Days}
                  onChange={(d) => form.setFieldValue("customRepeatDays", d)}
                  error={form.errors.customRepeatDays as string | undefined}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t("Ends")}
                  data={CUSTOM_END_TYPES.map((e) => ({
                    value: e,
                    label: translateMessage(CUSTOM_END_LABELS[e]),
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps("customEndMessageType")}
                  disabled={props.disabled}
                />
                {v.customEndMessageType === "date" && (
                  <DatePickerInput
                    label={t("End date")}
                    placeholder={t("Pick a date")}
                    valueFormat="MM/DD/YYYY"
                    minDate={new Date()}
                    value={v.customEndMessageDate || null}
                    error={form.errors.customEndMessageDate}
                    onChange={(d) => form.setFieldValue("customEndMessageDate", d ?? "")}
                    disabled={props.disabled}
                  />
                )}
                {v.customEndMessageType === "occurrences" && (
                  <TextInput
                    label={t("Occurrences")}
                    inputMode="numeric"
                    {...form.getInputProps("customEndMessageOccurrences")}
                    disabled={props.disabled}
                  />
                )}
              </SimpleGrid>
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
