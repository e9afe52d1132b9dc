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
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BEST_TIMES_MIN_DELIVERED, BEST_TIMES_TEXT } from "../../../../domain/analytics.schemas";
import { UNHEALTHY_ERROR_CODES } from "../../../../domain/unhealthy-subscribers.schemas";
import { paths } from "../../../app/paths";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatNumber, translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {!props.permanent && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => props.onOpen(props.code, "retry")}
          aria-label={t("Retry numbers that failed with {{code}}", { code: String(props.code) })}
        >
          {t("Retry")}
        </Button>
      )}
      {CLEANABLE_CODES.has(props.code) && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          onClick={() => props.onOpen(props.code, "clean")}
          aria-label={t("Clean up numbers that failed with {{code}}", { code: String(props.code) })}
        >
          {t("Clean up")}
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
  const { t } = useTranslation();
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
        title={t("Analytics")}
        description={t("How your campaigns landed: delivery, replies, clicks and opt-outs.")}
      />
      <ReportFilters {...controls} />
      {data.isError ? (
        <LoadFailed
          icon={<IconChartBar size={28} />}
          title={t("Analytics could not be loaded")}
          query={data}
        />
      ) : !a ? (
        <TableSkeleton rows={6} />
      ) : a.sends.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={28} />}
          title={t("No campaigns in these days")}
          description={t(
            "Pick other dates, or send a campaign: its delivery, replies and clicks show here.",
          )}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Rate
              label={t("Delivery rate")}
              value={a.totals.deliveryRate}
              detail={t("{{delivered}} of {{recipients}} delivered", {
                delivered: formatNumber(a.totals.delivered),
                recipients: formatNumber(a.totals.recipients),
              })}
              testId="rate-delivery"
            />
            <Rate
              label={t("Reply rate")}
              value={a.totals.replyRate}
              detail={t("{{n}} replied within a day", {
                count: a.totals.replies,
                n: formatNumber(a.totals.replies),
              })}
              testId="rate-reply"
            />
            <Rate
              label={t("Click-through")}
              value={a.totals.clickRate}
              detail={t("{{n}} opened a link", {
                count: a.totals.clickers,
                n: formatNumber(a.totals.clickers),
              })}
              testId="rate-click"
            />
            <Rate
              label={t("Opt-out rate")}
              value={a.totals.optOutRate}
              detail={t("{{n}} opted out after a send", {
                count: a.totals.optOuts,
                n: formatNumber(a.totals.optOuts),
              })}
              testId="rate-opt-out"
            />
          </SimpleGrid>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="best-times-chart">
            <Title order={3} fz="md" mb={4}>
              {t("Best send times")}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t("Reply and click rates by the hour your campaigns went out ({{timeZone}}).", {
                timeZone,
              })}
            </Text>
            {ranked.length === 0 ? (
              <Text size="sm" data-testid="best-times-not-enough">
                {t("{{notEnough}}: an hour is shown once {{n}} of its texts were delivered.", {
                  notEnough: translateMessage(BEST_TIMES_TEXT.notEnough),
                  n: BEST_TIMES_MIN_DELIVERED,
                })}
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
                    { name: "replyRate", label: t("Reply rate"), color: "indigo.6" },
                    { name: "clickRate", label: t("Click-through"), color: "teal.6" },
                  ]}
                />
                {thin.length > 0 && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {t("{{notEnough}} at {{hours}} (fewer than {{n}} delivered).", {
                      notEnough: translateMessage(BEST_TIMES_TEXT.notEnough),
                      hours: thin.map((b) => b.label).join(", "),
                      n: BEST_TIMES_MIN_DELIVERED,
                    })}
                  </Text>
                )}
              </>
            )}
          </Paper>

          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="failures-by-code">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={3} fz="md">
                {t("Failed deliveries by carrier error")}
              </Title>
              <Anchor component={Link} to="/unhealthy-subscribers" size="sm">
                {t("Clean up numbers that keep failing")}
              </Anchor>
            </Group>
            {outcome && (
              <Alert
                color={outcome.mode === "retry" ? "blue" : "orange"}
                withCloseButton
                closeButtonLabel={t("Dismiss")}
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
                  {outcome.mode === "retry"
                    ? t("Open Sent Messages")
                    : t("Open Unhealthy Subscribers")}
                </Anchor>
              </Alert>
            )}
            {a.failures.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("Every delivery in these days went through.")}
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
                            {t("Permanent")}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">
                        {t("{{n}} failed", { count: f.count, n: formatNumber(f.count) })}
                      </Text>
                    </Group>
                    <Text size="sm">{translateMessage(f.meaning)}</Text>
                    <Text size="sm" c="dimmed">
                      {translateMessage(f.action)}
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
                      <Table.Th miw={150}>{t("Error")}</Table.Th>
                      <Table.Th ta="right">{t("Failed")}</Table.Th>
                      <Table.Th>{t("What it means")}</Table.Th>
                      <Table.Th>{t("What to do")}</Table.Th>
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
                                {t("Permanent")}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(f.count)}</Table.Td>
                        <Table.Td>{translateMessage(f.meaning)}</Table.Td>
                        <Table.Td>{translateMessage(f.action)}</Table.Td>
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
              {t("By send")}
            </Title>
            <Table.ScrollContainer minWidth={720}>
              <Table striped data-testid="sends-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Send", { context: "column" })}</Table.Th>
                    <Table.Th ta="right">{t("Recipients")}</Table.Th>
                    <Table.Th ta="right">{t("Delivered")}</Table.Th>
                    <Table.Th ta="right">{t("Replied", { context: "count" })}</Table.Th>
                    <Table.Th ta="right">{t("Clicked")}</Table.Th>
                    <Table.Th ta="right">{t("Opted out")}</Table.Th>
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
                      <Table.Td ta="right">{formatNumber(s.recipients)}</Table.Td>

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
