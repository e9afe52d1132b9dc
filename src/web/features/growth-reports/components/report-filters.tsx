import { Group, Select } from "@mantine/core";
import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { defineList } from "../../../components/list/list-params";
import { useListState } from "../../../components/list/use-list-state";
import { useAllNumbers } from "../../numbers/api/list-numbers";
import type { ReportFilter } from "../api/reports";

/** Date range and business number of a report; a half-picked range filters nothing yet. */
export function ReportFilters(props: {
  range: DatesRangeValue<string>;
  onRange: (r: DatesRangeValue<string>) => void;
  numberId: number | undefined;
  onNumber: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const numbers = useAllNumbers();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <DatePickerInput
        type="range"
        label={t("Dates")}
        placeholder={t("Last 30 days")}
        leftSection={<IconCalendar size={16} />}
        value={props.range}
        onChange={props.onRange}
        clearable
        maxDate={new Date().toISOString().slice(0, 10)}
        w={{ base: "100%", xs: 280 }}
      />
      <Select
        label={t("Number")}
        placeholder={t("All numbers")}
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

const REPORT_VIEW = defineList({ filters: { from: "", to: "", number: "" } });

/**
 * A report's dates, number and page, kept in the address (a reload or a shared link shows the
 * same report); a half-picked range stays in the picker until its end is chosen.
 */
export function useReportFilters() {
  const view = useListState(REPORT_VIEW, "local:report");
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);
  const { from, to, number } = view.filters;
  const range: DatesRangeValue<string> = picking ?? [from || null, to || null];
  const numberId = Number(number) > 0 ? Number(number) : undefined;
  return {
    filter: filterOf([from || null, to || null], numberId),
    page: view.page,
    setPage: view.setPage,
    /** The list state, for a report's table of rows (ListTable). */
    list: view,
    /** The props of ReportFilters. */
    controls: {
      range,
      numberId,
      onRange: (r: DatesRangeValue<string>) => {
        if (r[0] && !r[1]) return setPicking(r);
        setPicking(null);
        view.setFilters({ from: r[0] ?? "", to: r[1] ?? "" });
      },
      onNumber: (id: number | undefined) => view.setFilter("number", id ? String(id) : ""),
    },
  };
}
