import { Button, Group, Indicator, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconAdjustmentsHorizontal, IconFileImport, IconPlus } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListSearch } from "../../../components/list/list-search";
import { NO_SELECTION, type Selection, selectedCount } from "../../../components/list/selection";
import { useListState } from "../../../components/list/use-list-state";
import { formatNumber } from "../../../i18n";
import { useMe } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useBulkAction } from "../api/bulk-actions";
import { useMemberships } from "../api/get-memberships";
import { useCustomFields } from "../api/list-custom-fields";
import { useSubscriberCount, useSubscribers } from "../api/list-subscribers";
import { useStartExport } from "../api/start-export";
import { ActiveFilters } from "../components/active-filters";
import { ExportStartedModal } from "../components/export-started-modal";
import { FilterDrawer } from "../components/filter-drawer";
import { GroupActionModal } from "../components/group-action-modal";
import { type BulkKind, SelectionBar } from "../components/selection-bar";
import { SubscriberDrawer } from "../components/subscriber-drawer";
import { SubscriberFormModal } from "../components/subscriber-form-modal";
import { SubscribersTable } from "../components/subscribers-table";
import { todayIn } from "../lib/dates";
import { countFilters, type FilterState, filterEntries, hasFilters } from "../lib/filter-params";
import { toApiSelection } from "../lib/selection";
import { filterOfView, SUBSCRIBERS_LIST, viewOfFilter } from "../lib/subscribers-list";
import { useOpenSubscriber } from "../lib/use-open-subscriber";

/** /subscribers/manage: search, filter, page through, select and act on subscribers. */
export default function ManageSubscribersPage() {
  const { t } = useTranslation();
  const list = useListState(SUBSCRIBERS_LIST, "mc");
  const { subscriberId, openSubscriber, closeSubscriber } = useOpenSubscriber();
  const { filters, multi, setFilters } = list;
  const filter = useMemo(() => filterOfView({ filters, multi }), [filters, multi]);
  const setFilter = (f: FilterState) => {
    const next = viewOfFilter(f);
    setFilters(next.filters, next.multi);
  };
  const pageSize = list.pageSize;
  const account = useMe();
  const timeZone = account.data?.timezoneIana ?? "America/New_York";
  const fields = useCustomFields();
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const [adding, setAdding] = useState(false);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [groupAction, setGroupAction] = useState<"add-to-group" | "remove-from-group" | null>(null);
  const [exported, setExported] = useState<number | null>(null);
  const bulk = useBulkAction();
  const startExport = useStartExport();

  const params = useMemo(() => {
    const p: Record<string, string | string[] | number | undefined> = {
      query: list.query || undefined,
      page: list.page - 1,
      pageSize,
      sortBy: list.sort ?? "date",
      sortDirection: list.direction.toUpperCase(),
    };
    for (const [k, v] of filterEntries(filter)) {
      const prev = p[k];
      p[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [String(prev)]), v];
    }
    return p;
  }, [list.query, list.page, pageSize, list.sort, list.direction, filter]);
  const subscribers = useSubscribers(params);
  const counted = useSubscriberCount(params);
  const rows = subscribers.data?.rows ?? [];
  // Until the count arrives, what the page itself proves: the rows before it and on it (+1 if full).
  const shown = (list.page - 1) * pageSize + rows.length;
  const total = counted.data?.total ?? (rows.length === pageSize ? shown + 1 : shown);
  const pageIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const memberships = useMemberships(pageIds);

  // A new search or filter is a new set of rows: what was selected no longer applies.
  const selectionScope = JSON.stringify([list.query, filter]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the scope changes
  useEffect(() => setSelection(NO_SELECTION), [selectionScope]);

  const count = selectedCount(selection, total);
  const apiSelection = () => toApiSelection(selection, filter, list.query);
  const filtered = hasFilters(filter) || list.query !== "";
  const filterCount = countFilters(filter);

  const onBulk = (kind: BulkKind) => {
    if (kind === "add-to-group" || kind === "remove-from-group") setGroupAction(kind);
    else if (kind === "export") {
      startExport.mutate(apiSelection(), { onSuccess: () => setExported(count) });
    } else {
      modals.openConfirmModal({
        title: t("Delete {{n}} subscribers?", { count, n: formatNumber(count) }),
        children: (
          <Text size="sm">
            {count === 1
              ? t(
                  "This subscriber will be removed with their groups and attributes. This cannot be undone. Opt-outs stay in force and the consent history is kept.",
                )
              : t(
                  "These {{n}} subscribers will be removed with their groups and attributes. This cannot be undone. Opt-outs stay in force and the consent history is kept.",
                  { n: formatNumber(count) },
                )}
          </Text>
        ),
        labels: {
          confirm: t("Delete {{n}} subscribers", { count, n: formatNumber(count) }),
          cancel: t("Cancel"),
        },
        confirmProps: { color: "red", "data-testid": "confirm-bulk-delete" },
        onConfirm: () =>
          bulk.mutate(
            { kind: "delete", selection: apiSelection() },
            {
              onSuccess: (r) => {
                notify.success(
                  t("{{n}} subscribers deleted", {
                    count: r.affected,
                    n: formatNumber(r.affected),
                  }),
                );
                setSelection(NO_SELECTION);
              },
            },
          ),
      });
    }
  };

  const onGroupConfirm = (groupId: number, groupName: string) => {
    if (!groupAction) return;
    const kind = groupAction;
    bulk.mutate(
      { kind, selection: apiSelection(), groupId },
      {
        onSuccess: (r) => {
          const rest = count - r.affected;
          if (kind === "add-to-group") {
            notify.success(
              t("{{n}} subscribers added to {{group}}", {
                count: r.affected,
                n: formatNumber(r.affected),
                group: groupName,
              }) + (rest > 0 ? ` ${t("({{n}} already in it)", { n: formatNumber(rest) })}` : ""),
            );
          } else {
            notify.success(
              t("{{n}} subscribers removed from {{group}}", {
                count: r.affected,
                n: formatNumber(r.affected),
                group: groupName,
              }) + (rest > 0 ? ` ${t("({{n}} were not in it)", { n: formatNumber(rest) })}` : ""),
            );
          }
          setGroupAction(null);
          setSelection(NO_SELECTION);
        },
      },
    );
  };

  const noSubscribersYet = !!subscribers.data && total === 0 && !filtered;

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: "1 1 320px" }}>
          <ListSearch
            label={t("Search subscribers")}
            placeholder={t("Search name, phone or e-mail")}
            value={list.query}
            onSearch={list.setQuery}
            maxLength={100}
          />
          <Indicator
            label={<span data-testid="filter-count-badge">{filterCount}</span>}
            size={18}
            disabled={filterCount === 0}
            offset={4}
          >
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={filtersDrawer.open}
            >
              {t("Filters")}
            </Button>
          </Indicator>
          {counted.data && (
            <Text size="sm" c="dimmed" data-testid="subscriber-total">
              {filtered
                ? t("{{n}} subscribers found", { count: total, n: formatNumber(total) })
                : t("{{n}} subscribers", { count: total, n: formatNumber(total) })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {meCan(account.data, "subscribers:import") && (
            <Button
              component={Link}
              to="/subscribers/import"
              variant="default"
              leftSection={<IconFileImport size={16} />}
            >
              {t("Import")}
            </Button>
          )}
          {meCan(account.data, "subscribers:write") && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t("Add Subscriber")}
            </Button>
          )}
        </Group>
      </Group>

      <ActiveFilters filter={filter} fields={fields.data ?? []} onChange={setFilter} />

      <SubscribersTable
        query={subscribers}
        list={list}
        rows={rows}
        total={total}
        nothingYet={noSubscribersYet}
        timeZone={timeZone}
        groups={memberships.data}
        // Bulk actions and exports are not an Agent's (src/domain/permissions.ts).
        selection={
          meCan(account.data, "subscribers:bulk")
            ? { value: selection, onChange: setSelection }
            : undefined
        }
        bulkBar={
          meCan(account.data, "subscribers:bulk") && (
            <SelectionBar
              selection={selection}
              total={counted.data?.total ?? shown}
              pageIds={pageIds}
              busy={bulk.isPending || startExport.isPending}
              onSelectAll={() => setSelection({ mode: "all", excluded: [] })}
              onClear={() => setSelection(NO_SELECTION)}
              onAction={onBulk}
            />
          )
        }
        onAdd={() => setAdding(true)}
        onOpen={openSubscriber}
      />

      <FilterDrawer
        opened={filtersOpened}
        onClose={filtersDrawer.close}
        filter={filter}
        onApply={setFilter}
        today={todayIn(timeZone)}
        restricted={account.data?.restrictedUser ?? true}
        fields={fields.data ?? []}
      />
      <SubscriberFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => openSubscriber(id)}
      />
      <SubscriberDrawer subscriberId={subscriberId} timeZone={timeZone} onClose={closeSubscriber} />
      <GroupActionModal
        kind={groupAction}
        count={count}
        busy={bulk.isPending}
        onClose={() => setGroupAction(null)}
        onConfirm={onGroupConfirm}
      />
      <ExportStartedModal count={exported} onClose={() => setExported(null)} />
    </>
  );
}
