import type { DataTableColumn } from "mantine-datatable";
import type { AutomationSummary } from "../../../../domain/automations.schemas";
import { i18n } from "../../../i18n";
import { StatusBadge } from "./status-badge";

/**
 * The status and figure columns every automation list shows (drips, workflows), so the lists
 * hide the same columns at the same widths: status and "In progress" from 36em, the totals
 * from 48em. On phones the status shows under the name instead (see each list's name column).
 */
export function automationFigureColumns(): DataTableColumn<AutomationSummary>[] {
  return [
    {
      accessor: "status",
      sortable: true,
      title: i18n.t("Status"),
      visibleMediaQuery: "(min-width: 36em)",
      render: (a) => <StatusBadge status={a.status} />,
    },
    {
      accessor: "active",
      sortable: true,
      title: i18n.t("In progress"),
      textAlign: "right",
      visibleMediaQuery: "(min-width: 36em)",
    },
    {
      accessor: "completed",
      sortable: true,
      title: i18n.t("Completed"),
      textAlign: "right",
      visibleMediaQuery: "(min-width: 48em)",
    },
    {
      accessor: "texts",
      sortable: true,
      title: i18n.t("Texts"),

      textAlign: "right",
      visibleMediaQuery: "(min-width: 48em)",
    },
  ];
}
