import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDownload, IconMessage2, IconSearch, IconSend, IconX } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  RUN_STATE_LABELS,
  RUN_STATES,
  type RunState,
  type SentRun,
} from "../../../../domain/reports.schemas";
import { TEXT } from "../../../../domain/texts";
import { paths } from "../../../app/paths";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { tablePagination } from "../../../lib/table-pagination";
import { usePageSize } from "../../../lib/use-page-size";
import { sentMessagesCsvUrl, useSentMessages } from "../api/list-sent-messages";
import { useLiveSentMessages } from "../api/live-updates";
import { RunStateBadge } from "../components/run-state-badge";
import { StatusCounts } from "../components/status-counts";
import { sentMessageDetailsPath } from "../lib/report-paths";

/** Columns shown from the md breakpoint up; below it the message cell carries them. */
const WIDE = "(min-width: 62em)";

/**
 * /reports/sent-messages: every run of every send, newest first, with its deliveries by status
 * group, clicks and credits; filtered by dates, text and status; exported as CSV.
 */
export default function SentMessagesPage() {
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [state, setState] = useState<RunState | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize("local:sent-messages");
  // A half-picked range filters nothing until its end is chosen.
  const [from, to] = range[0] && range[1] ? range : [null, null];
  const filter = {
    from: from ?? undefined,
    to: to ?? undefined,
    query,
    state: state ?? undefined,
  };
  const list = useSentMessages({ ...filter, page: page - 1, pageSize });
  useLiveSentMessages();

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(from || query || state);
  const showClicks = rows.some((r) => r.clicks !== null);
  // A new account: the empty state alone, no filters or export over nothing.
  const nothingYet = list.isSuccess && total === 0 && !filtered;
  const reset = (next: () => void) => {
    next();
    setPage(1);
  };

  const exportButton = (
    <Button
      component="a"
      href={sentMessagesCsvUrl(filter)}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
      disabled={!list.isSuccess || total === 0}
    >
      Export CSV
    </Button>
  );

  let body: React.ReactNode;
  if (list.isPending) body = <TableSkeleton />;
  else if (list.isError && !list.data)
    body = (
      <Paper withBorder radius="md">
        <LoadFailed
          icon={<IconMessage2 size={28} />}
          title="Sent messages could not be loaded"
          query={list}
        />
      </Paper>
    );
  else if (total === 0 && !filtered)
    body = (
      <Paper withBorder radius="md">
        <EmptyState
          icon={<IconSend size={28} />}
          title="No messages sent yet"
          description="Every message you send shows up here with how many were delivered, failed or blocked, the clicks on its links and the credits it used."
          action={{ label: "Send a message", onClick: () => navigate(paths.sendMessage) }}
        />
      </Paper>
    );
  else
    body = (
      <DataTable<SentRun>
        withTableBorder
        borderRadius="md"
        verticalSpacing="sm"
        highlightOnHover
        minHeight={rows.length ? undefined : 200}
        records={rows}
        idAccessor="id"
        fetching={list.isFetching && !list.isRefetching}
        noRecordsText={TEXT.emptyTable}
        onRowClick={({ record }) => navigate(sentMessageDetailsPath(record.id))}
        rowStyle={() => ({ cursor: "pointer" })}
        {...tablePagination({ total, page, setPage, pageSize, setPageSize })}
        scrollAreaProps={{ type: "auto" }}
        data-testid="sent-messages-table"
        columns={[
          {
            accessor: "text",
            title: "Message",
            render: (r) => (
              <Stack gap={4} maw={420}>
                <Anchor
                  component={Link}
                  to={sentMessageDetailsPath(r.id)}
                  size="sm"
                  fw={500}
                  c="inherit"
                  lineClamp={2}
                  onClick={(e) => e.stopPropagation()}
                  style={{ wordBreak: "break-word" }}
                >
                  {r.text || "(no text)"}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.runAt, timeZone)}
                  {r.user ? ` · ${r.user}` : ""}
                </Text>
                {/* Small screens: status and figures here, not in columns. */}
                <Stack gap={6} hiddenFrom="md" align="flex-start">
                  <Group gap="xs">
                    <RunStateBadge state={r.state} />
                    <Text size="xs" c="dimmed">
                      {r.recipients.toLocaleString()} recipients · {r.credits.toLocaleString()}{" "}
                      credits
                    </Text>
                  </Group>
                  <StatusCounts counts={r.counts} compact />
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "state",
            title: "Status",
            noWrap: true,
            width: 130,
            visibleMediaQuery: WIDE,
            render: (r) => <RunStateBadge state={r.state} />,
          },
          {
            accessor: "recipients",
            title: "Recipients",
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm">{r.recipients.toLocaleString()}</Text>
                {r.excluded > 0 && (
                  <Text size="xs" c="dimmed" title="Opted-out, blocked or duplicate numbers">
                    {r.excluded.toLocaleString()} excluded
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "counts",
            title: "Deliveries",
            visibleMediaQuery: WIDE,
            render: (r) => <StatusCounts counts={r.counts} compact />,
          },
          ...(showClicks
            ? [
                {
                  accessor: "clicks",
                  title: "Clicks",
                  textAlign: "right" as const,
                  visibleMediaQuery: WIDE,
                  render: (r: SentRun) => (r.clicks ?? 0).toLocaleString(),
                },
              ]
            : []),
          {
            accessor: "credits",
            title: "Credits",
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => r.credits.toLocaleString(),
          },
        ]}
      />
    );

  return (
    <>
      <PageHeader
        title="Sent Messages"
        description="Each message you sent, with its deliveries by status, clicks and credits."
        actions={nothingYet ? undefined : exportButton}
      />
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end" display={nothingYet ? "none" : undefined}>
          <TextInput
            aria-label="Search sent messages"
            placeholder="Search message text"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              const v = e.currentTarget.value;
              reset(() => setSearch(v));
            }}
            rightSection={
              search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Clear search"
                  onClick={() => reset(() => setSearch(""))}
                >
                  <IconX size={14} />
                </ActionIcon>
              ) : undefined
            }
            w={{ base: "100%", sm: 260 }}
          />
          <DatePickerInput
            type="range"
            aria-label="Sent between"
            placeholder="Any date"
            value={range}
            onChange={(v) => reset(() => setRange(v))}
            clearable
            allowSingleDateInRange
            valueFormat="MM/DD/YYYY"
            maxDate={new Date()}
            w={{ base: "100%", sm: 250 }}
            data-testid="date-range"
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            data={RUN_STATES.map((s) => ({ value: s, label: RUN_STATE_LABELS[s] }))}
            value={state}
            onChange={(v) => reset(() => setState(v as RunState | null))}
            clearable
            w={{ base: "100%", sm: 170 }}
          />
        </Group>
        {body}
      </Stack>
    </>
  );
}
