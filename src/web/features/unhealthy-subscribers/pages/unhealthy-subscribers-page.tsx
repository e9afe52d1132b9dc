import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import {
  IconHeartbeat,
  IconPhoneCheck,
  IconSearch,
  IconTrash,
  IconUserOff,
  IconX,
} from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { formatUsNumber } from "../../../../domain/phone";
import { TEXT } from "../../../../domain/texts";
import {
  RECENT_DAYS,
  UNHEALTHY_REASON_LABELS,
  UNHEALTHY_REASONS,
  type UnhealthyReason,
  type UnhealthySubscriber,
} from "../../../../domain/unhealthy-subscribers.schemas";
import { EmptyState } from "../../../components/empty-state";
import {
  isSelected,
  NO_SELECTION,
  type Selection,
  selectedCount,
  withPageTicks,
} from "../../../components/list/selection";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { tablePagination } from "../../../lib/table-pagination";
import { usePageSize } from "../../../lib/use-page-size";
import { type CleanUpInput, useCleanUp } from "../api/clean-up";
import { useUnhealthy } from "../api/list-unhealthy";
import { LineCheckModal } from "../components/line-check-modal";
import { ReasonBadge } from "../components/reason-badge";

type Action = "delete" | "opt_out";

/** Columns shown from the sm breakpoint up; below it the phone cell carries them. */
const WIDE = "(min-width: 48em)";

function lastFailureText(r: UnhealthySubscriber, timeZone: string): string {
  if (!r.lastFailureAt) return "Found by line-type check";
  const n = r.failures === 1 ? "1 failed text" : `${r.failures.toLocaleString()} failed texts`;
  return `Last failed ${formatDateTime(r.lastFailureAt, timeZone)} · ${n}`;
}

const fullName = (r: UnhealthySubscriber) => [r.firstName, r.lastName].filter(Boolean).join(" ");
const plural = (n: number) => `${n.toLocaleString()} ${n === 1 ? "subscriber" : "subscribers"}`;

/**
 * /unhealthy-subscribers: numbers texts did not reach lately (landline, invalid, unreachable,
 * blocked by the carrier), with the reason and the last failure, filtered by reason, cleaned up
 * by deleting or opting out the selected ones or all that match.
 */
export default function UnhealthySubscribersPage() {
  const timeZone = useAccountTimeZone();
  const [reason, setReason] = useState<UnhealthyReason | "all">("all");
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize("local:unhealthy-subscribers");
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [checking, setChecking] = useState(false);
  const list = useUnhealthy({
    page: page - 1,
    pageSize,
    reason: reason === "all" ? undefined : reason,
    query,
  });
  const cleanUp = useCleanUp();

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const counts = list.data?.counts;
  const unchecked = list.data?.unchecked ?? 0;
  const allCount = counts ? UNHEALTHY_REASONS.reduce((n, r) => n + counts[r], 0) : 0;
  const chosen = selectedCount(selection, total);
  const nothingAtAll = list.isSuccess && allCount === 0 && !query;

  // A new filter is a new list: what was picked on the old one no longer applies.
  const resetTo = (next: () => void) => {
    next();
    setPage(1);
    setSelection(NO_SELECTION);
  };

  const run = (action: Action, body: CleanUpInput["selection"], count: number) => {
    const verb = action === "delete" ? "Delete" : "Opt out";
    modals.openConfirmModal({
      title: `${verb} ${plural(count)}?`,
      children:
        action === "delete" ? (
          <Text size="sm">
            They are removed from your subscribers and their groups. Their consent history is kept,
            and this cannot be undone.
          </Text>
        ) : (
          <Text size="sm">
            They stay in your list but are never texted again, unless they opt back in. The opt-out
            is recorded in their consent history.
          </Text>
        ),
      labels: { confirm: `${verb} ${plural(count)}`, cancel: "Cancel" },
      confirmProps: { color: action === "delete" ? "red" : "orange" },
      onConfirm: () =>
        cleanUp.mutate(
          { action, selection: body },
          {
            onSuccess: ({ affected }) => {
              notify.success(
                `${plural(affected)} ${action === "delete" ? "deleted" : "opted out"}`,
              );
              setSelection(NO_SELECTION);
              if (rows.length <= affected && page > 1) setPage(page - 1);
            },
          },
        ),
    });
  };

  const runOnSelection = (action: Action) =>
    run(
      action,
      selection.mode === "ids"
        ? { mode: "ids", ids: selection.ids }
        : {
            mode: "all",
            reason: reason === "all" ? undefined : reason,
            query,
            excludedIds: selection.excluded,
          },
      chosen,
    );

  // Offered while some numbers were never checked; afterwards a quiet note says so.
  const checkButton = !list.isSuccess ? null : unchecked > 0 ? (
    <Button
      variant="default"
      leftSection={<IconPhoneCheck size={16} />}
      onClick={() => setChecking(true)}
      rightSection={
        <Badge size="sm" variant="light">
          {unchecked.toLocaleString()}
        </Badge>
      }
    >
      Check line types
    </Button>
  ) : (
    <Group gap={6} c="dimmed">
      <IconPhoneCheck size={16} />
      <Text size="sm">Every number's line type is checked</Text>
    </Group>
  );

  return (
    <>
      <PageHeader
        title="Unhealthy Subscribers"
        description={`Numbers your texts did not reach in the last ${RECENT_DAYS} days, and landlines found by a line-type check.`}
        actions={checkButton}
      />
      <LineCheckModal opened={checking} unchecked={unchecked} onClose={() => setChecking(false)} />

      {list.isPending ? (
        <TableSkeleton />
      ) : nothingAtAll ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconHeartbeat size={28} />}
            title="No unhealthy subscribers"
            description={
              unchecked > 0
                ? `Every number texted in the last ${RECENT_DAYS} days received its texts. ${unchecked.toLocaleString()} ${unchecked === 1 ? "number has" : "numbers have"} never had a line-type check, which finds landlines before you text them.`
                : `Every number texted in the last ${RECENT_DAYS} days received its texts, and no landline is known.`
            }
            action={
              unchecked > 0
                ? { label: "Check line types", onClick: () => setChecking(true) }
                : undefined
            }
          />
        </Paper>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap" align="center">
            <Chip.Group
              multiple={false}
              value={reason}
              onChange={(v) => resetTo(() => setReason(v as UnhealthyReason | "all"))}
            >
              <Group gap={6} wrap="wrap" aria-label="Filter by reason" role="group">
                <Chip value="all" size="sm">
                  All ({allCount.toLocaleString()})
                </Chip>
                {UNHEALTHY_REASONS.map((r) => (
                  <Chip key={r} value={r} size="sm">
                    {UNHEALTHY_REASON_LABELS[r]} ({(counts?.[r] ?? 0).toLocaleString()})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <TextInput
              aria-label="Search unhealthy subscribers"
              placeholder="Search by name or number"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                const v = e.currentTarget.value;
                resetTo(() => setSearch(v));
              }}
              rightSection={
                search ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Clear search"
                    onClick={() => resetTo(() => setSearch(""))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                ) : undefined
              }
              w={{ base: "100%", sm: 260 }}
            />
          </Group>

          {chosen > 0 && (
            <Alert
              variant="light"
              color="brand"
              p="xs"
              data-testid="selection-bar"
              styles={{ message: { width: "100%" } }}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {plural(chosen)} selected
                  </Text>
                  {selection.mode === "ids" && chosen < total && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setSelection({ mode: "all", excluded: [] })}
                    >
                      Select all {total.toLocaleString()} matching
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => setSelection(NO_SELECTION)}
                  >
                    Clear
                  </Button>
                </Group>
                <Group gap="xs">
                  <Button
                    size="compact-sm"
                    color="orange"
                    variant="light"
                    leftSection={<IconUserOff size={14} />}
                    onClick={() => runOnSelection("opt_out")}
                    loading={cleanUp.isPending}
                  >
                    Opt out
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => runOnSelection("delete")}
                    loading={cleanUp.isPending}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Alert>
          )}

          <DataTable<UnhealthySubscriber>
            withTableBorder
            borderRadius="md"
            verticalSpacing="sm"
            highlightOnHover
            minHeight={rows.length ? undefined : 200}
            records={rows}
            idAccessor="id"
            fetching={list.isFetching}
            loaderBackgroundBlur={1}
            noRecordsText={list.isError ? list.error.message : TEXT.emptyTable}
            {...tablePagination({ total, page, setPage, pageSize, setPageSize })}
            selectedRecords={rows.filter((r) => isSelected(selection, r.id))}
            onSelectedRecordsChange={(picked) =>
              setSelection(
                withPageTicks(
                  selection,
                  rows.map((r) => r.id),
                  picked.map((r) => r.id),
                ),
              )
            }
            allRecordsSelectionCheckboxProps={{ "aria-label": "Select all on this page" }}
            getRecordSelectionCheckboxProps={(r) => ({
              "aria-label": `Select ${formatUsNumber(r.phone)}`,
            })}
            scrollAreaProps={{ type: "auto" }}
            data-testid="unhealthy-table"
            columns={[
              {
                accessor: "phone",
                title: "Phone",
                noWrap: true,
                render: (r) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {formatUsNumber(r.phone)}
                    </Text>
                    {/* Small screens: name, reason and last failure here, not in columns. */}
                    <Stack gap={4} hiddenFrom="sm" align="flex-start">
                      {fullName(r) && (
                        <Text size="xs" c="dimmed" truncate maw={180}>
                          {fullName(r)}
                        </Text>
                      )}
                      <ReasonBadge reason={r.reason} errorCode={r.errorCode} />
                      <Text size="xs" c="dimmed">
                        {lastFailureText(r, timeZone)}
                      </Text>
                    </Stack>
                  </Stack>
                ),
              },
              {
                accessor: "name",
                title: "Name",
                visibleMediaQuery: WIDE,
                render: (r) =>
                  fullName(r) ? (
                    <Text size="sm" truncate maw={220}>
                      {fullName(r)}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No name
                    </Text>
                  ),
              },
              {
                accessor: "reason",
                title: "Reason",
                visibleMediaQuery: WIDE,
                render: (r) => <ReasonBadge reason={r.reason} errorCode={r.errorCode} />,
              },
              {
                accessor: "lastFailureAt",
                title: "Last failure",
                noWrap: true,
                visibleMediaQuery: WIDE,
                render: (r) =>
                  r.lastFailureAt ? (
                    <Stack gap={0}>
                      <Text size="sm">{formatDateTime(r.lastFailureAt, timeZone)}</Text>
                      <Text size="xs" c="dimmed">
                        {r.failures === 1
                          ? "1 failed text"
                          : `${r.failures.toLocaleString()} failed texts`}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Found by line-type check
                    </Text>
                  ),
              },
              {
                accessor: "actions",
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: "right",
                width: 60,
                render: (r) => (
                  <RowMenu
                    name={formatUsNumber(r.phone)}
                    items={[
                      {
                        label: "Opt out",
                        icon: <IconUserOff size={14} />,
                        onClick: () => run("opt_out", { mode: "ids", ids: [r.id] }, 1),
                      },
                      {
                        label: "Delete",
                        icon: <IconTrash size={14} />,
                        onClick: () => run("delete", { mode: "ids", ids: [r.id] }, 1),
                        danger: true,
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Stack>
      )}
    </>
  );
}
