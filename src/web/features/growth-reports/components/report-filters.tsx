import { Group, Select } from "@mantine/core";
import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useAllNumbers } from "../../numbers/api/list-numbers";
import type { ReportFilter } from "../api/reports";

/** Date range and business number of a report; a half-picked range filters nothing yet. */
export function ReportFilters(props: {
  range: DatesRangeValue<string>;
  onRange: (r: DatesRangeValue<string>) => void;
  numberId: number | undefined;
  onNumber: (id: number | undefined) => void;
}) {
  const numbers = useAllNumbers();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <DatePickerInput
        type="range"
        label="Dates"
        placeholder="Last 30 days"
        leftSection={<IconCalendar size={16} />}
        value={props.range}
        onChange={props.onRange}
        clearable
        maxDate={new Date().toISOString().slice(0, 10)}
        w={{ base: "100%", xs: 280 }}
      />
      <Select
        label="Number"
        placeholder="All numbers"
        clearable
        data={(numbers.data?.rows ?? []).map((n) => ({
          value: String(n.id),
          label: n.name ? `${n.number} (${n.name})` : n.number,
        }))}
        value={props.numberId ? String(props.numberId) : null}
        onChange={(v) => props.onNumber(v ? Number(v) : undefined)}
        w={{ base: "100%", xs: 240 }}
      />
    </Group>
  );
}

export function filterOf(range: DatesRangeValue<string>, numberId?: number): ReportFilter {
  const [from, to] = range[0] && range[1] ? range : [null, null];
  return { from: from ?? undefined, to: to ?? undefined, numberId };
}
