import {
  type ComboboxParsedItem,
  type OptionsFilter,
  Select,
  type SelectProps,
} from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  timezoneByIana,
  timezoneById,
  timezoneGroups,
  timezoneLabel,
  timezoneSearch,
} from "../../domain/timezones";

/** The zone this browser is in, when the table has it (a screen with no zone yet suggests it). */
export function browserTimezoneId(): number | undefined {
  try {
    return timezoneByIana(Intl.DateTimeFormat().resolvedOptions().timeZone)?.id;
  } catch {
    return undefined;
  }
}

type Props = Omit<SelectProps, "data" | "value" | "onChange" | "filter" | "searchable"> & {
  value: number | null;
  onChange: (id: number) => void;
};

/**
 * Every zone an account may choose, the first ten (US & Canada, UTC) first, then the world by
 * region; search by city, zone name or offset ("paris", "central european", "+1").
 */
export function TimezoneSelect({ value, onChange, label, ...rest }: Props) {
  const { t } = useTranslation();
  // Offsets as they are today (daylight saving time moves them).
  const { data, filter } = useMemo(() => {
    const now = new Date();
    const matches = timezoneSearch(now);
    const data = timezoneGroups(now).map((g) => ({
      group: t(g.group),
      items: g.zones.map((tz) => ({ value: String(tz.id), label: timezoneLabel(tz, now, t) })),
    }));
    const answers = (value: string, search: string) => matches(timezoneById(Number(value)), search);
    const filter: OptionsFilter = ({ options, search }) =>
      options.flatMap((o): ComboboxParsedItem[] => {
        if (!("group" in o)) return answers(o.value, search) ? [o] : [];
        const items = o.items.filter((i) => answers(i.value, search));
        return items.length ? [{ ...o, items }] : [];
      });
    return { data, filter };
  }, [t]);
  return (
    <Select
      label={label ?? t("Time zone")}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t("No time zone matches — try a city, a zone name or an offset like +1")}
      maxDropdownHeight={320}
      // Zone labels are long: a narrow field still gets a dropdown they fit in.
      comboboxProps={{ position: "bottom-start", middlewares: { flip: true, shift: true } }}
      styles={{ dropdown: { minWidth: "min(26rem, calc(100vw - 4rem))" } }}
      {...rest}
      data={data}
      filter={filter}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        if (v) onChange(Number(v));
      }}
    />
  );
}
