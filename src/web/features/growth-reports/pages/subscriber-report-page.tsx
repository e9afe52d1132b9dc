import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatNumber, translateMessage } from "../../../i18n";
import { useSubscriberReport } from "../api/reports";
import { dayLabel, useChartHeight } from "../components/chart-height";
import { ExportPanel } from "../components/export-panel";
import { ReportFilters, useReportFilters } from "../components/report-filters";

function Stat(props: { label: string; testId: string; value: number; color?: string }) {
  const { label, value, color } = props;
  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} data-testid={`stat-${props.testId}`}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

/**
 * /reports/subscribers: who joined each day and how, less who opted out, for a date range and
 * number; chart, tables and CSV export (from the hourly rollup, so any range is quick).
 */
export default function SubscriberReportPage() {
  const { t } = useTranslation();
  const { filter, controls } = useReportFilters();
  const report = useSubscriberReport(filter);
  const height = useChartHeight();
  const data = report.data;
  const chart = (data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.date) }));
  // About 10 day labels on a desktop, 4 on a phone, so they never run together.
  const interval = Math.max(0, Math.ceil(chart.length / (height > 300 ? 10 : 4)) - 1);

  return (
    <Stack gap="md">
      <PageHeader
        title={t("Subscriber Report")}
        description={t("New subscribers by day and sign-up method, net of opt-outs.")}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ReportFilters {...controls} />
        <ExportPanel report="subscribers" filter={filter} />
      </Group>
      {report.isError ? (
        <LoadFailed
          icon={<IconUsers size={28} />}
          title={t("The subscriber report could not be loaded")}
          query={report}
        />
      ) : !data ? (
        <TableSkeleton rows={6} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <Stat label={t("Joined")} testId="joined" value={data.totals.joined} color="teal.7" />
            <Stat
              label={t("Opted out")}
              testId="opted-out"
              value={data.totals.optedOut}
              color="red.7"
            />
            <Stat label={t("Net growth")} testId="net-growth" value={data.totals.net} />
          </SimpleGrid>
          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="subscriber-chart">
            <Title order={3} fz="md" mb="sm">
              {t("Growth by day")}
            </Title>
            {data.totals.joined + data.totals.optedOut === 0 ? (
              <Text
                c="dimmed"
                size="sm"
                ta="center"
                h={height}
                style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
              >
                {t("Nobody joined or opted out in these days.")}
              </Text>
            ) : (
              <BarChart
                h={height}
                data={chart}
                dataKey="label"
                tickLine="none"
                gridAxis="y"
                withLegend
                legendProps={{ verticalAlign: "bottom" }}
                xAxisProps={{ interval }}
                yAxisProps={{ allowDecimals: false }}
                series={[
                  { name: "joined", label: t("Joined"), color: "teal.6" },
                  { name: "optedOut", label: t("Opted out"), color: "red.6" },
                ]}
              />
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
              <Title order={3} fz="md" mb="sm">
                {t("By sign-up method")}
              </Title>
              {data.byMethod.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("No sign-ups in these days.")}
                </Text>
              ) : (
                <Table striped data-testid="by-method" horizontalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("Method")}</Table.Th>
                      <Table.Th ta="right">{t("Joined")}</Table.Th>
                      <Table.Th ta="right">{t("Opted out")}</Table.Th>
                      <Table.Th ta="right">{t("Net")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.byMethod.map((m) => (
                      <Table.Tr key={m.method}>
                        <Table.Td>{translateMessage(m.label)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(m.joined)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(m.optedOut)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(m.joined - m.optedOut)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
              <Title order={3} fz="md" mb="sm">
                {t("By day")}
              </Title>
              <Table.ScrollContainer
                minWidth={260}
                maxHeight={360}
                // A scrolling region must be reachable by keyboard to be scrolled.
                scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
              >
                <Table striped stickyHeader data-testid="by-day" horizontalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("Day")}</Table.Th>
                      <Table.Th ta="right">{t("Joined")}</Table.Th>
                      <Table.Th ta="right">{t("Opted out")}</Table.Th>
                      <Table.Th ta="right">{t("Net")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...data.days].reverse().map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td>{dayLabel(d.date)}</Table.Td>
                        <Table.Td ta="right">{d.joined}</Table.Td>
                        <Table.Td ta="right">{d.optedOut}</Table.Td>
                        <Table.Td ta="right">{d.net}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
