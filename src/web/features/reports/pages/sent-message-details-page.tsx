import {
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconDownload, IconMessage2, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { StatusGroup } from "../../../../domain/delivery-status";
import { isParleyErrorCode } from "../../../../domain/international";
import { formatUsNumber } from "../../../../domain/phone";
import {
  type RunRecipient,
  type SentRunDetails,
  STATUS_GROUP_COLORS,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
} from "../../../../domain/reports.schemas";
import { paths } from "../../../app/paths";
import { EmptyState } from "../../../components/empty-state";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage, translatePhrase } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import { useSentMessage } from "../api/get-sent-message";
import { recipientsCsvUrl, useRecipients } from "../api/list-recipients";
import { useLiveSentMessages } from "../api/live-updates";
import { DeliveryStatusBadge } from "../components/delivery-status-badge";
import { RunStateBadge } from "../components/run-state-badge";
import { StatusCounts } from "../components/status-counts";

const WIDE = "(min-width: 48em)";

/** The run id from ?id=12; anything else is no run. */
function runIdOf(raw: string | null): number | null {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The recipients' view; `status` is a status group, or all of them. */
const RECIPIENTS_LIST = defineList({ filters: { status: "all" } });

/** A text not sent yet: why it waits and when it goes, as the inbox thread says it. */
function WaitingReason({ recipient }: { recipient: RunRecipient }) {
  const { t } = useTranslation();
  if (!recipient.waiting) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="waiting-reason">
      {t("Not sent yet: {{reason}}", { reason: translatePhrase(recipient.waiting) })}
    </Text>
  );
}

const fullName = (r: RunRecipient) => [r.firstName, r.lastName].filter(Boolean).join(" ");

function Figure(props: {
  label: string;
  value: number;
  color?: string;
  active?: boolean;
  onClick?: () => void;
}) {
  const inner = (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      style={{
        borderColor: props.active ? "var(--mantine-primary-color-filled)" : undefined,
        borderWidth: props.active ? 2 : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap">
        {props.color && (
          <span
            style={{
              width: 8,
              height: 8,
              borderRadius: 8,
              flex: "none",
              background: `var(--mantine-color-${props.color.replace(".", "-")})`,
            }}
          />
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {props.label}
        </Text>
      </Group>
      <Text fz={22} fw={700} mt={2}>
        {formatNumber(props.value)}
      </Text>
    </Paper>
  );
  return props.onClick ? (
    <UnstyledButton
      onClick={props.onClick}
      aria-pressed={props.active}
      aria-label={`${props.label}: ${formatNumber(props.value)}`}
      style={{ display: "block", height: "100%" }}
    >
      {inner}
    </UnstyledButton>
  ) : (
    inner
  );
}

function RunSummary({ run, timeZone }: { run: SentRunDetails; timeZone: string }) {
  const { t } = useTranslation();
  const sentAt = formatDateTime(run.runAt, timeZone);
  const when = [
    run.user
      ? t("Sent {{date}} by {{user}}", { date: sentAt, user: run.user })
      : t("Sent {{date}}", { date: sentAt }),
  ];
  if (run.completedAt)
    when.push(t("finished {{date}}", { date: formatDateTime(run.completedAt, timeZone) }));
  if (run.nextRunAt)
    when.push(t("repeats next {{date}}", { date: formatDateTime(run.nextRunAt, timeZone) }));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs">
            <RunStateBadge state={run.state} />
            {run.isMms && <Badge variant="outline">MMS</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {run.fromNumber
              ? t("From {{number}}", { number: formatUsNumber(run.fromNumber) })
              : t("From the default number")}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {run.text || t("(no text)")}
        </Text>
        {run.error && (
          <Text size="sm" c="red">
            {translateMessage(run.error)}
          </Text>
        )}
        <StatusCounts counts={run.counts} />
        <Text size="xs" c="dimmed">
          {when.join(" · ")}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /reports/sent-messages/details?id=N: one run's figures (recipients, each status group,
 * clicks, credits) and its recipients with their status and the carrier's error in words,
 * filtered by status group and exported as CSV.
 */
export default function SentMessageDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const id = runIdOf(params.get("id"));
  const run = useSentMessage(id);
  const csv = useCsvExport();
  // The recipients' search, status, page and size in the address beside the run's id.
  const view = useListState(RECIPIENTS_LIST, "local:sent-message-recipients");
  const group: StatusGroup | "all" = (STATUS_GROUPS as readonly string[]).includes(
    view.filters.status,
  )
    ? (view.filters.status as StatusGroup)
    : "all";
  const live = Boolean(run.data && (run.data.state === "sending" || run.data.counts.sending > 0));
  const recipients = useRecipients(
    run.isSuccess ? id : null,
    {
      page: view.paging.page,
      pageSize: view.paging.pageSize,
      group: group === "all" ? undefined : group,
      query: view.query,
    },
    live,
  );
  useLiveSentMessages();

  const back = (
    <Anchor component={Link} to={paths.sentMessages} size="sm" mb="sm" display="inline-block">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t("All sent messages")}
      </Group>
    </Anchor>
  );

  if (id === null || (run.error instanceof ApiError && run.error.status === 404)) {
    return (
      <>
        {back}
        <EmptyState
          icon={<IconMessage2 size={28} />}
          title={t("Sent message not found")}
          description={t("This message does not exist in your account.")}
          action={{ label: t("Go to sent messages"), onClick: () => navigate(paths.sentMessages) }}
        />
      </>
    );
  }
  if (run.isError) {
    return (
      <>
        {back}
        <LoadFailed
          icon={<IconMessage2 size={28} />}
          title={t("The sent message could not be loaded")}
          query={run}
        />
      </>
    );
  }
  if (run.isPending) {
    return (
      <Stack gap="md" data-testid="details-loading">
        <Skeleton height={20} width={140} />
        <Skeleton height={34} width={300} />
        <Skeleton height={160} radius="md" />
        <Skeleton height={80} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }

  const r = run.data;
  const choose = (g: StatusGroup | "all") => view.setFilter("status", g);
  const rows = recipients.data?.rows ?? [];
  const total = recipients.data?.total ?? 0;

  return (
    <>
      {back}
      <PageHeader
        title={t("Sent Message Details")}
        description={
          r.excluded
            ? t("Sent {{date}} to {{n}} recipients ({{excluded}} excluded)", {
                date: formatDateTime(r.runAt, timeZone),
                count: r.recipients,
                n: formatNumber(r.recipients),
                excluded: formatNumber(r.excluded),
              })
            : t("Sent {{date}} to {{n}} recipients", {
                date: formatDateTime(r.runAt, timeZone),
                count: r.recipients,
                n: formatNumber(r.recipients),
              })
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={csv.busy}
            onClick={() => csv.start(recipientsCsvUrl(r.id, group === "all" ? undefined : group))}
          >
            {t("Export CSV")}
          </Button>
        }
      />
      <Stack gap="md">
        <RunSummary run={r} timeZone={timeZone} />
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs" data-testid="run-figures">
          <Figure
            label={t("Recipients")}
            value={r.recipients}
            active={group === "all"}
            onClick={() => choose("all")}
          />
          {STATUS_GROUPS.map((g) => (
            <Figure
              key={g}
              label={translateMessage(STATUS_GROUP_LABELS[g])}
              value={r.counts[g]}
              color={STATUS_GROUP_COLORS[g]}
              active={group === g}
              onClick={() => choose(g)}
            />
          ))}
          {r.clicks !== null && <Figure label={t("Clicks")} value={r.clicks} />}
          <Figure label={t("Credits")} value={r.credits} />
        </SimpleGrid>

        <Group justify="space-between" gap="sm" wrap="wrap" mt="xs">
          <Title order={3} fz="lg">
            {t("Recipients")}
          </Title>
          <ListSearch
            label={t("Search recipients")}
            placeholder={t("Search by name or number")}
            value={view.query}
            onSearch={view.setQuery}
            w={{ base: "100%", sm: 260 }}
          />
        </Group>
        <Chip.Group
          multiple={false}
          value={group}
          onChange={(v) => choose(v as StatusGroup | "all")}
        >
          <Group gap={6} wrap="wrap" role="group" aria-label={t("Filter by status")}>
            <Chip value="all" size="sm">
              {t("All ({{n}})", {
                n: formatNumber(STATUS_GROUPS.reduce((n, g) => n + r.counts[g], 0)),
              })}
            </Chip>
            {STATUS_GROUPS.map((g) => (
              <Chip key={g} value={g} size="sm">
                {translateMessage(STATUS_GROUP_LABELS[g])} ({formatNumber(r.counts[g])})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <ListTable<RunRecipient>
          query={recipients}
          list={view}
          records={rows}
          total={total}
          frame="bare"
          icon={<IconUsers size={28} />}
          failedTitle={t("Recipients could not be loaded")}
          // A run always has recipients; an empty page is a search or status with none.
          nothingYet={false}
          empty={null}
          testId="recipients-table"
          columns={[
            {
              accessor: "phone",
              title: t("Recipient"),
              render: (x) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {formatUsNumber(x.phone)}
                  </Text>
                  {fullName(x) && (
                    <Text size="xs" c="dimmed" truncate maw={220}>
                      {fullName(x)}
                    </Text>
                  )}
                  <Stack gap={4} hiddenFrom="sm" align="flex-start">
                    <DeliveryStatusBadge status={x.status} group={x.group} />
                    {x.error && (
                      <Text size="xs" c="dimmed">
                        {translateMessage(x.error)}
                      </Text>
                    )}
                    <WaitingReason recipient={x} />
                  </Stack>
                </Stack>
              ),
            },
            {
              accessor: "status",
              title: t("Status"),
              visibleMediaQuery: WIDE,
              render: (x) => (
                <Stack gap={4} align="flex-start" maw={320}>
                  <DeliveryStatusBadge status={x.status} group={x.group} />
                  <WaitingReason recipient={x} />
                </Stack>
              ),
            },
            {
              accessor: "error",
              title: t("Error"),
              visibleMediaQuery: WIDE,
              render: (x) =>
                x.error ? (
                  <Stack gap={0} maw={360}>
                    <Text size="sm">{translateMessage(x.error)}</Text>
                    <Text size="xs" c="dimmed">
                      {x.errorCode !== null && isParleyErrorCode(x.errorCode)
                        ? t("Parley's own code ({{code}})", { code: x.errorCode })
                        : t("Carrier error {{code}}", { code: String(x.errorCode) })}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ),
            },
            {
              accessor: "updatedAt",
              title: t("Last update"),

              noWrap: true,
              visibleMediaQuery: WIDE,
              render: (x) => formatDateTime(x.updatedAt, timeZone),
            },
          ]}
        />
      </Stack>
    </>
  );
}
