import { Group, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AutomationKind, AutomationSummary } from "../../../../domain/automations.schemas";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { type ListState, useListState } from "../../../components/list/use-list-state";
import { useAutomations } from "../api/automations";
import { STATUS_LABEL } from "./status-badge";

/** The address of an automation list (drips, workflows): search, status, sort, page. */
const SORTS = ["updatedAt", "name", "status", "active", "completed", "texts"] as const;
export const AUTOMATION_LIST = defineList({
  filters: { status: "" },
  sort: {
    columns: SORTS,
    // The server's order: the last changed first.
    column: "updatedAt",
    direction: "desc",
  },
});

type AutomationListState = ListState<"status", (typeof SORTS)[number]>;

/** One kind of automation, searched, filtered, sorted and paged by the address. */
export function useAutomationList(kind: AutomationKind) {
  const view = useListState(AUTOMATION_LIST, `local:automations-${kind}`);
  const list = useAutomations(kind);
  const status = view.filters.status;
  const { rows, total } = clientRows(list.data?.rows ?? [], view, {
    text: (a: AutomationSummary) => a.name,
    keep: (a) => !status || a.status === status,
    sortValue: {
      updatedAt: (a) => a.updatedAt,
      name: (a) => a.name,
      status: (a) => STATUS_LABEL[a.status],
      active: (a) => a.active,
      completed: (a) => a.completed,
      texts: (a) => a.texts,
    },
  });
  return { view, list, rows, total };
}

/** Search by name and the status filter, above an automation list. */
export function AutomationToolbar(props: { view: AutomationListState; searchLabel: string }) {
  const { t } = useTranslation();
  const { view } = props;
  return (
    <Group gap="sm" wrap="wrap">
      <ListSearch label={props.searchLabel} value={view.query} onSearch={view.setQuery} />
      <Select
        aria-label={t("Status")}
        placeholder={t("Any status")}
        data={(["active", "paused", "draft"] as const).map((s) => ({
          value: s,
          label: t(STATUS_LABEL[s]),
        }))}
        value={view.filters.status || null}
        onChange={(v) => view.setFilter("status", v)}
        clearable
        w={{ base: "100%", xs: 170 }}
      />
    </Group>
  );
}
