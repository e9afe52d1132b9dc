import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconSearch, IconUserMinus, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { DataTable, type DataTableSortStatus } from "mantine-datatable";
import { useState } from "react";
import type { Group as GroupRow } from "../../../../domain/groups.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import type { Subscriber } from "../../../../domain/subscribers.schemas";
import { TEXT } from "../../../../domain/texts";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useMe } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../../lib/use-page-size";
import { type MembersParams, useGroupMembers, useRemoveMembers } from "../api/group-members";
import { AddMembersModal, subscriberName } from "./add-members-modal";

type SortColumn = "name" | "number" | "date";
const SORT_BY: Record<SortColumn, MembersParams["sortBy"]> = {
  name: "name",
  number: "phone",
  date: "date",
};

/**
 * The people in a group, a page at a time. Static groups can gain and lose members here;
 * an adaptive group's list is whoever its saved rules match right now.
 */
export function GroupMembersCard({ group }: { group: GroupRow }) {
  const isStatic = group.type === "static";
  const me = useMe();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<DataTableSortStatus<Subscriber>>({
    columnAccessor: "date",
    direction: "desc",
  });
  const [selected, setSelected] = useState<Subscriber[]>([]);
  const [adding, setAdding] = useState(false);
  const members = useGroupMembers({
    groupId: group.id,
    page: page - 1,
    pageSize,
    query,
    sortBy: SORT_BY[sort.columnAccessor as SortColumn] ?? "date",
    sortDirection: sort.direction === "asc" ? "ASC" : "DESC",
  });
  const remove = useRemoveMembers();

  const dateFormat = new Intl.DateTimeFormat("en-US", {
    timeZone: me.data?.timezoneIana,
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
  });

  const askRemove = (people: Subscriber[]) => {
    const who =
      people.length === 1
        ? subscriberName(people[0]!) || formatUsNumber(people[0]!.number)
        : `${people.length} subscribers`;
    modals.openConfirmModal({
      title: "Remove from group",
      children: (
        <Text size="sm">
          Remove <b>{who}</b> from <b>{group.name}</b>? They stay in your subscriber list.
        </Text>
      ),
      labels: { confirm: "Remove", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { groupId: group.id, subscriberIds: people.map((p) => p.id) },
          {
            onSuccess: ({ affected }) => {
              notify.success(`${affected} removed from '${group.name}'`);
              setSelected([]);
              const rows = members.data?.rows.length ?? 0;
              if (rows <= people.length && page > 1) setPage(page - 1);
            },
          },
        ),
    });
  };

  const total = members.data?.total ?? 0;
  const nobody = members.isSuccess && total === 0 && !query;

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="lg">
              Members
            </Title>
            {members.isSuccess && (
              <Badge variant="light" data-testid="members-total">
                {total.toLocaleString()}
              </Badge>
            )}
          </Group>
          {isStatic && (
            <Group gap="xs">
              {selected.length > 0 && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconUserMinus size={16} />}
                  onClick={() => askRemove(selected)}
                >
                  Remove {selected.length}
                </Button>
              )}
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
                Add subscribers
              </Button>
            </Group>
          )}
        </Group>
        {!isStatic && (
          <Text size="sm" c="dimmed">
            Whoever the saved rules match right now. Change the rules to change who is in it.
          </Text>
        )}
        {members.isPending ? (
          <TableSkeleton rows={4} />
        ) : members.isError ? (
          <LoadFailed
            icon={<IconUsers size={28} />}
            title="Members could not be loaded"
            query={members}
          />
        ) : nobody ? (
          <EmptyState
            icon={<IconUsers size={28} />}
            title={isStatic ? "No members yet" : "Nobody matches these rules yet"}
            description={
              isStatic
                ? "Add subscribers here, choose this group when importing, or add people from Manage Subscribers."
                : "Subscribers join as soon as their details match the rules."
            }
            action={
              isStatic ? { label: "Add subscribers", onClick: () => setAdding(true) } : undefined
            }
          />
        ) : (
          <Stack gap="sm">
            <TextInput
              placeholder="Search members"
              aria-label="Search members"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
                setSelected([]);
              }}
              maw={{ sm: 320 }}
            />
            <DataTable<Subscriber>
              records={members.data.rows}
              idAccessor="id"
              fetching={members.isFetching && members.isPlaceholderData}
              minHeight={members.data.rows.length ? undefined : 160}
              noRecordsText={TEXT.emptyTable}
              totalRecords={total}
              page={page}
              onPageChange={(p) => {
                setPage(p);
                setSelected([]);
              }}
              recordsPerPage={pageSize}
              recordsPerPageOptions={PAGE_SIZES}
              onRecordsPerPageChange={(n) => {
                setPageSize(n);
                setPage(1);
                setSelected([]);
              }}
              recordsPerPageLabel="Per page"
              paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
              sortStatus={sort}
              onSortStatusChange={(s) => {
                setSort(s);
                setPage(1);
              }}
              selectedRecords={isStatic ? selected : undefined}
              onSelectedRecordsChange={isStatic ? setSelected : undefined}
              allRecordsSelectionCheckboxProps={{ "aria-label": "Select all on this page" }}
              getRecordSelectionCheckboxProps={(s) => ({
                "aria-label": `Select ${subscriberName(s) || formatUsNumber(s.number)}`,
              })}
              verticalSpacing="sm"
              columns={[
                {
                  accessor: "name",
                  title: "Name",
                  sortable: true,
                  render: (s) => (
                    <Stack gap={0}>
                      <Text size="sm" fw={500} c={subscriberName(s) ? undefined : "dimmed"}>
                        {subscriberName(s) || "No name"}
                      </Text>
                      {/* Small screens have no Phone column: the number goes under the name. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: "nowrap" }}>
                        {formatUsNumber(s.number)}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  accessor: "number",
                  title: "Phone",
                  sortable: true,
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (s) => (
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatUsNumber(s.number)}
                    </Text>
                  ),
                },
                {
                  accessor: "email",
                  title: "Email",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                  render: (s) => (
                    <Text size="sm" c={s.email ? undefined : "dimmed"}>
                      {s.email || "—"}
                    </Text>
                  ),
                },
                {
                  accessor: "date",
                  title: "Subscribed",
                  sortable: true,
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (s) => <Text size="sm">{dateFormat.format(new Date(s.date))}</Text>,
                },
                ...(isStatic
                  ? [
                      {
                        accessor: "actions",
                        title: <VisuallyHidden>Actions</VisuallyHidden>,
                        textAlign: "right" as const,
                        width: 56,
                        render: (s: Subscriber) => (
                          <Tooltip label="Remove from group" withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => askRemove([s])}
                              aria-label={`Remove ${subscriberName(s) || formatUsNumber(s.number)} from group`}
                            >
                              <IconUserMinus size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Stack>
        )}
      </Stack>
      {isStatic && (
        <AddMembersModal group={group} opened={adding} onClose={() => setAdding(false)} />
      )}
    </Paper>
  );
}
