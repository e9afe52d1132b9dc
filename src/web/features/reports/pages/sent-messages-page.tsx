import { Anchor, Button, Group, Select, Stack, Text } from "@mantine/core";
import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import { IconDownload, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  RUN_STATE_LABELS,
  RUN_STATES,
  type RunState,
  type SentRun,
} from "../../../../domain/reports.schemas";
import { paths } from "../../../app/paths";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import { sentMessagesCsvUrl, useSentMessages } from "../api/list-sent-messages";
import { useLiveSentMessages } from "../api/live-updates";
import { RunStateBadge } from "../components/run-state-badge";
import { StatusCounts } from "../components/status-counts";
import { sentMessageDetailsPath } from "../lib/report-paths";

/** Columns shown from the md breakpoint up; below it the message cell carries them. */
const WIDE = "(min-width: 62em)";

/** Dates are the account's days (YYYY-MM-DD); `state` a run state. */
const SENT_LIST = defineList({ filters: { from: "", to: "", state: "" } });

/**
 * /reports/sent-messages: every run of every send, newest first, with its deliveries by status
 * group, clicks and credits; filtered by dates, text and status; exported as CSV.
 */
export default function SentMessagesPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const view = useListState(SENT_LIST, "local:sent-messages");
  const { from, to } = view.filters;
  const state = RUN_STATES.includes(view.filters.state as RunState)
    ? (view.filters.state as RunState)
    : null;
  // A half-picked range stays in the picker, and filters nothing until its end is chosen.
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);
  const range: DatesRangeValue<string> = picking ?? [from || null, to || null];
  const ranged = Boolean(from && to);
  const filter = {
    from: ranged ? from : undefined,
    to: ranged ? to : undefined,
    query: view.query,
    state: state ?? undefined,
  };
  const list = useSentMessages({ ...filter, ...view.paging });
  useLiveSentMessages();

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const showClicks = rows.some((r) => r.clicks !== null);
  // A new account: the empty state alone, no filters or export over nothing.
  const nothingYet = list.isSuccess && total === 0 && !view.filtered;

  const csv = useCsvExport();
  const exportButton = (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      disabled={!list.isSuccess || total === 0}
      loading={csv.busy}
      onClick={() => csv.start(sentMessagesCsvUrl(filter))}
    >
      {t("Export CSV")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("Sent Messages")}
        description={t("Each message you sent, with its deliveries by status, clicks and credits.")}
        actions={nothingYet ? undefined : exportButton}
      />
      <ListTable<SentRun>
        frame="bare"
        query={list}
        list={view}
        records={rows}
        total={total}
        nothingYet={nothingYet}
        icon={<IconSend size={28} />}
        failedTitle={t("Sent messages could not be loaded")}
        empty={{
          title: t("No messages sent yet"),
          description: t(
            "Every message you send shows up here with how many were delivered, failed or blocked, the clicks on its links and the credits it used.",
          ),
          action: { label: t("Send a message"), onClick: () => navigate(paths.sendMessage) },
        }}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <ListSearch
              label={t("Search sent messages")}
              placeholder={t("Search message text")}
              value={view.query}
              onSearch={view.setQuery}
              w={{ base: "100%", sm: 260 }}
            />
            <DatePickerInput
              type="range"
              aria-label={t("Sent between")}
              placeholder={t("Any date")}
              value={range}
              onChange={(v) => {
                if (v[0] && !v[1]) return setPicking(v);
                setPicking(null);
                view.setFilters({ from: v[0] ?? "", to: v[1] ?? "" });
              }}
              clearable
              allowSingleDateInRange
              valueFormat="MM/DD/YYYY"
              maxDate={new Date()}
              w={{ base: "100%", sm: 250 }}
              data-testid="date-range"
            />
            <Select
              aria-label={t("Status")}
              placeholder={t("Any status")}
              data={RUN_STATES.map((s) => ({
                value: s,
                label: translateMessage(RUN_STATE_LABELS[s]),
              }))}
              value={state}
              onChange={(v) => view.setFilter("state", v)}
              clearable
              w={{ base: "100%", sm: 170 }}
            />
          </Group>
        }
        onRowClick={(r) => navigate(sentMessageDetailsPath(r.id))}
        testId="sent-messages-table"
        columns={[
          {
            accessor: "text",
            title: t("Message"),
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
                  {r.text || t("(no text)")}
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
                      {[
                        t("{{n}} recipients", {
                          count: r.recipients,
                          n: formatNumber(r.recipients),
                        }),
                        t("{{n}} credits", { count: r.credits, n: formatNumber(r.credits) }),
                      ].join(" · ")}
                    </Text>
                  </Group>
                  <StatusCounts counts={r.counts} compact />
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "state",
            title: t("Status"),
            noWrap: true,
            width: 130,
            visibleMediaQuery: WIDE,
            render: (r) => <RunStateBadge state={r.state} />,
          },
          {
            accessor: "recipients",
            title: t("Recipients"),
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm">{formatNumber(r.recipients)}</Text>
                {r.excluded > 0 && (
                  <Text size="xs" c="dimmed" title={t("Opted-out, blocked or duplicate numbers")}>
                    {t("{{n}} excluded", { count: r.excluded, n: formatNumber(r.excluded) })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "counts",
            title: t("Deliveries"),
            visibleMediaQuery: WIDE,
            render: (r) => <StatusCounts counts={r.counts} compact />,
          },
          ...(showClicks
            ? [
                {
                  accessor: "clicks",
                  title: t("Clicks"),
                  textAlign: "right" as const,
                  visibleMediaQuery: WIDE,
                  render: (r: SentRun) => formatNumber(r.clicks ?? 0),
                },
              ]
            : []),
          {
            accessor: "credits",
            title: t("Credits"),
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => formatNumber(r.credits),
          },
        ]}
      />
    </>
  );
}
