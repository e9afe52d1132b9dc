import { Chip, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import type { UseFormReturnType } from "@mantine/form";
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
import type { FormValues } from "../lib/form-state";

const DAY_LABEL: Record<(typeof WEEKDAYS)[number], string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};
// The composer lists Custom first, then the fixed frequencies (spec doc 2 §3).
const REPEAT_ORDER = ["custom", ...REPEAT_FREQUENCIES.filter((f) => f !== "custom")] as const;

function DayChips(props: {
  value: Days;
  onChange: (d: Days) => void;
  error?: string;
  label: string;
}) {
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
              {DAY_LABEL[d]}
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

function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/** "On day 14" / "On the 2nd Tuesday" for a monthly repeat of the chosen date. */
function monthlyOptions(date: string) {
  const d = date ? new Date(`${date}T12:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()))
    return [
      { value: "day", label: "On the same day each month" },
      { value: "week", label: "On the same weekday each month" },
    ];
  const day = d.getUTCDate();
  const nth = Math.ceil(day / 7);
  const weekday = d.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  return [
    { value: "day", label: `Monthly on day ${day}` },
    { value: "week", label: `Monthly on the ${nth >= 5 ? "last" : ordinal(nth)} ${weekday}` },
  ];
}

/** Schedule (date, time, time zone) and repeat, with the custom repeat (spec doc 2 §3, §5). */
export function ScheduleFields(props: { form: UseFormReturnType<FormValues>; disabled?: boolean }) {
  const { form } = props;
  const v = form.getValues();
  const repeat = v.repeatFrequency;
  return (
    <Stack gap="sm">
      <Switch
        label="Schedule for later"
        {...form.getInputProps("isScheduled", { type: "checkbox" })}
        disabled={props.disabled}
      />
      {v.isScheduled && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              label="Date"
              placeholder="Pick a date"
              valueFormat="MM/DD/YYYY"
              minDate={new Date()}
              clearable
              value={v.date || null}
              error={form.errors.date}
              onChange={(d) => form.setFieldValue("date", d ?? "")}
              disabled={props.disabled}
            />
            <TimeInput label="Time" {...form.getInputProps("time")} disabled={props.disabled} />
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
              label="Repeat"
              data={REPEAT_ORDER.map((f) => ({ value: f, label: REPEAT_LABELS[f] }))}
              allowDeselect={false}
              {...form.getInputProps("repeatFrequency")}
              disabled={props.disabled}
            />
            {repeat === "monthly" && (
              <Select
                label="Monthly repeat"
                data={monthlyOptions(v.date)}
                allowDeselect={false}
                {...form.getInputProps("repeatType")}
                disabled={props.disabled}
              />
            )}
          </SimpleGrid>
          {(repeat === "weekly" || repeat === "biweekly") && (
            <DayChips
              label="Repeat on"
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
                  label="Repeat every"
                  inputMode="numeric"
                  {...form.getInputProps("customRepeatFrequency")}
                  disabled={props.disabled}
                />
                <Select
                  label="Unit"
                  data={CUSTOM_REPEAT_UNITS.map((u) => ({
                    value: u,
                    label: CUSTOM_REPEAT_UNIT_LABELS[u],
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps("customRepeatFrequencyType")}
                  disabled={props.disabled}
                />
              </SimpleGrid>
              {v.customRepeatFrequencyType === "weeks" && (
                <DayChips
                  label="On"
                  value={v.customRepeatDays as Days}
                  onChange={(d) => form.setFieldValue("customRepeatDays", d)}
                  error={form.errors.customRepeatDays as string | undefined}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label="Ends"
                  data={CUSTOM_END_TYPES.map((e) => ({ value: e, label: CUSTOM_END_LABELS[e] }))}
                  allowDeselect={false}
                  {...form.getInputProps("customEndMessageType")}
                  disabled={props.disabled}
                />
                {v.customEndMessageType === "date" && (
                  <DatePickerInput
                    label="End date"
                    placeholder="Pick a date"
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
                    label="Occurrences"
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
