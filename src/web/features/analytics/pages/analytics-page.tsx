import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { BEST_TIMES_MIN_DELIVERED, BEST_TIMES_TEXT } from "../../../../domain/analytics.schemas";
import { UNHEALTHY_ERROR_CODES } from "../../../../domain/unhealthy-subscribers.schemas";
import { paths } from "../../../app/paths";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useChartHeight } from "../../growth-reports/components/chart-height";
import { ReportFilters, useReportFilters } from "../../growth-reports/components/report-filters";
import { sentMessageDetailsPath } from "../../reports/lib/report-paths";
import { useAnalytics } from "../api/analytics";
import {
  FailedNumbersModal,
  type FailedNumbersMode,
  type FailedNumbersOutcome,
} from "../components/failed-numbers-modal";
import { percent } from "../components/percent";

/** Codes about the number itself: the unhealthy-subscribers clean-up can act on them. */
const CLEANABLE_CODES = new Set(Object.values(UNHEALTHY_ERROR_CODES).flat());

/** A failure row's actions: retry (a later try may work) and clean (the number is the problem). */
function FailureActions(props: {
  code: number;
  permanent: boolean;
  onOpen: (code: number, mode: FailedNumbersMode) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {!props.permanent && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => props.onOpen(props.code, "retry")}
          aria-label={`Retry numbers that failed with ${props.code}`}
        >
          Retry
        </Button>
      )}
      {CLEANABLE_CODES.has(props.code) && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          onClick={() => props.onOpen(props.code, "clean")}
          aria-label={`Clean up numbers that failed with ${props.code}`}
        >
          Clean up
        </Button>
      )}
    </Group>
  );
}

function Rate(props: { label: string; value: number; detail: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz={26} fw={700} data-testid={props.testId}>
        {percent(props.value)}
      </Text>
      <Text size="xs" c="dimmed">
        {props.detail}
      </Text>
    </Paper>
  );
}

/**
 * /analytics: how campaigns landed in a date range: delivery, replies, clicks and opt-outs per
 * send, failures by carrier error code with what to do, and the hours that draw most answers.
 */
export default function AnalyticsPage() {
  const timeZone = useAccountTimeZone();
  const { filter, controls } = useReportFilters();
  const data = useAnalytics(filter);
  const [acting, setActing] = useState<{ code: number; mode: FailedNumbersMode } | null>(null);
  const [outcome, setOutcome] = useState<FailedNumbersOutcome | null>(null);
  const open = (code: number, mode: FailedNumbersMode) => setActing({ code, mode });
  const height = useChartHeight();
  const mobile = height < 335;
  const a = data.data;
  // Only hours with enough delivered texts are ranked: one text to one person reads as 100%.
  const ranked = a?.bestTimes.filter((b) => b.enough) ?? [];
  const thin = a?.bestTimes.filter((b) => !b.enough) ?? [];

  return (
    <Stack gap="md">
      <PageHeader
        title="Analytics"
        description="How your campaigns landed: delivery, replies, clicks and opt-outs."
      />
      <ReportFilters {...controls} />
      {data.isError ? (
        <LoadFailed
          icon={<IconChartBar size={28} />}
          title="Analytics could not be loaded"
          query={data}
        />
      ) : !a ? (
        <TableSkeleton rows={6} />
      ) : a.sends.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={28} />}
          title="No campaigns in these days"
          description="Pick other dates, or send a campaign: its delivery, replies and clicks show here."
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Rate
              label="Delivery rate"
              value={a.totals.deliveryRate}
              detail={`${a.totals.delivered.toLocaleString()} of ${a.totals.recipients.toLocaleString()} delivered`}
              testId="rate-delivery"
            />
            <Rate
              label="Reply rate"
              value={a.totals.replyRate}
              detail={`${a.totals.replies.toLocaleString()} replied within a day`}
              testId="rate-reply"
            />
            <Rate
              label="Click-through"
              value={a.totals.clickRate}
              detail={`${a.totals.clickers.toLocaleString()} opened a link`}
              testId="rate-click"
            />
            <Rate
              label="Opt-out rate"
              value={a.totals.optOutRate}
              detail={`${a.totals.optOuts.toLocaleString()} opted out after a send`}
              testId="rate-opt-out"
            />
          </SimpleGrid>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="best-times-chart">
            <Title order={3} fz="md" mb={4}>
              Best send times
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Reply and click rates by the hour your campaigns went out ({timeZone}).
            </Text>
            {ranked.length === 0 ? (
              <Text size="sm" data-testid="best-times-not-enough">
                {BEST_TIMES_TEXT.notEnough}: an hour is shown once {BEST_TIMES_MIN_DELIVERED} of its
                texts were delivered.
              </Text>
            ) : (
              <>
                <BarChart
                  h={height}
                  data={ranked.map((b) => ({
                    ...b,
                    replyRate: b.replyRate * 100,
                    clickRate: b.clickRate * 100,
                  }))}
                  dataKey="label"
                  tickLine="none"
                  gridAxis="y"
                  withLegend
                  legendProps={{ verticalAlign: "bottom" }}
                  valueFormatter={(v) => `${v.toFixed(1)}%`}
                  series={[
                    { name: "replyRate", label: "Reply rate", color: "indigo.6" },
                    { name: "clickRate", label: "Click-through", color: "teal.6" },
                  ]}
                />
                {thin.length > 0 && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {BEST_TIMES_TEXT.notEnough} at {thin.map((b) => b.label).join(", ")} (fewer than{" "}
                    {BEST_TIMES_MIN_DELIVERED} delivered).
                  </Text>
                )}
              </>
            )}
          </Paper>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="failures-by-code">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={3} fz="md">
                Failed deliveries by carrier error
              </Title>
              <Anchor component={Link} to="/unhealthy-subscribers" size="sm">
                Clean up numbers that keep failing
              </Anchor>
            </Group>
            {outcome && (
              <Alert
                color={outcome.mode === "retry" ? "blue" : "orange"}
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => setOutcome(null)}
                mb="sm"
                data-testid="failed-numbers-outcome"
              >
                <Text size="sm">{outcome.message}</Text>
                <Anchor
                  component={Link}
                  to={outcome.mode === "retry" ? paths.sentMessages : "/unhealthy-subscribers"}
                  size="sm"
                >
                  {outcome.mode === "retry" ? "Open Sent Messages" : "Open Unhealthy Subscribers"}
                </Anchor>
              </Alert>
            )}
            {a.failures.length === 0 ? (
              <Text size="sm" c="dimmed">
                Every delivery in these days went through.
              </Text>
            ) : mobile ? (
              // On a phone each code is a small card: a four-column table would scroll sideways.
              <Stack gap="xs">
                {a.failures.map((f) => (
                  <Paper key={f.code} withBorder radius="sm" p="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap={6}>
                        <Text fw={600}>{f.code}</Text>
                        {f.permanent && (
                          <Badge size="xs" color="red" variant="light">
                            Permanent
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">{f.count.toLocaleString()} failed</Text>
                    </Group>
                    <Text size="sm">{f.meaning}</Text>
                    <Text size="sm" c="dimmed">
                      {f.action}
                    </Text>
                    <Group mt={6}>
                      <FailureActions code={f.code} permanent={f.permanent} onOpen={open} />
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={680}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th miw={150}>Error</Table.Th>
                      <Table.Th ta="right">Failed</Table.Th>
                      <Table.Th>What it means</Table.Th>
                      <Table.Th>What to do</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.failures.map((f) => (
                      <Table.Tr key={f.code}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text fw={600}>{f.code}</Text>
                            {f.permanent && (
                              <Badge
                                size="xs"
                                color="red"
                                variant="light"
                                style={{ flexShrink: 0 }}
                              >
                                Permanent
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{f.count.toLocaleString()}</Table.Td>
                        <Table.Td>{f.meaning}</Table.Td>
                        <Table.Td>{f.action}</Table.Td>
                        <Table.Td>
                          <FailureActions code={f.code} permanent={f.permanent} onOpen={open} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
            <Title order={3} fz="md" mb="sm">
              By send
            </Title>
            <Table.ScrollContainer minWidth={720}>
              <Table striped data-testid="sends-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Send</Table.Th>
                    <Table.Th ta="right">Recipients</Table.Th>
                    <Table.Th ta="right">Delivered</Table.Th>
                    <Table.Th ta="right">Replied</Table.Th>
                    <Table.Th ta="right">Clicked</Table.Th>
                    <Table.Th ta="right">Opted out</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.sends.map((s) => (
                    <Table.Tr key={s.runId}>
                      <Table.Td maw={320}>
                        <Anchor
                          component={Link}
                          to={sentMessageDetailsPath(s.runId)}
                          size="sm"
                          lineClamp={1}
                        >
                          {s.text}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {formatDateTime(s.runAt, timeZone)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{s.recipients.toLocaleString()}</Table.Td>
                      <Table.Td ta="right">{percent(s.deliveryRate)}</Table.Td>
                      <Table.Td ta="right">{percent(s.replyRate)}</Table.Td>
                      <Table.Td ta="right">{percent(s.clickRate)}</Table.Td>
                      <Table.Td ta="right">{percent(s.optOutRate)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
      <FailedNumbersModal
        code={acting?.code ?? null}
        mode={acting?.mode ?? "retry"}
        filter={filter}
        onClose={() => setActing(null)}
        onDone={setOutcome}
      />
    </Stack>
  );
}
