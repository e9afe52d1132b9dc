import { ActionIcon, Popover, TextInput } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DateRules, parseDateInput, toApiDate } from "../../../../domain/date-input";
import { translateMessage } from "../../../i18n";

/**
 * A date a person types in any of the spec's formats (M/D/YYYY, MM/DD/YY, …) or picks from a
 * calendar. The text is the value; the form checks it with the same rules on apply, and a
 * mistake is shown as soon as the field is left.
 */
export function DateTextInput(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  rules?: DateRules;
  /** Bounds of the calendar, YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [blurError, setBlurError] = useState<string | null>(null);
  const parsed = props.value.trim() ? parseDateInput(props.value, props.rules) : null;
  const pickerValue = parsed?.ok ? parsed.date : null;

  return (
    <TextInput
      label={props.label}
      placeholder={t("MM/DD/YYYY")}
      value={props.value}
      data-testid={props["data-testid"]}
      onChange={(e) => {
        setBlurError(null);
        props.onChange(e.currentTarget.value);
      }}
      onBlur={() => {
        // Shown on leaving the field; the full check runs again on apply.
        setBlurError(parsed && !parsed.ok ? translateMessage(parsed.message) : null);
        if (parsed?.ok) props.onChange(toApiDate(parsed.date));
      }}
      error={props.error ?? blurError}
      rightSection={
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          shadow="md"
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Pick ${props.label.toLowerCase()} from a calendar`}
              onClick={() => setOpened((o) => !o)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={pickerValue}
              defaultDate={pickerValue ?? props.maxDate ?? undefined}
              minDate={props.minDate}
              maxDate={props.maxDate}
              onChange={(d) => {
                if (d) {
                  setBlurError(null);
                  props.onChange(toApiDate(d));
                }
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
