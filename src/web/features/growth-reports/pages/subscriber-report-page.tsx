import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useSubscriberReport } from "../api/reports";
import { dayLabel, useChartHeight } from "../components/chart-height";
import { ExportPanel } from "../components/export-panel";
import { ReportFilters, useReportFilters } from "../components/report-filters";

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        c={color}
        data-testid={`stat-${label.toLowerCase().replace(/\W+/g, "-")}`}
      >
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/**
 * /reports/subscribers: who joined each day and how, less who opted out, for a date range and
 * number; chart, tables and CSV export (from the hourly rollup, so any range is quick).
 */
export default function SubscriberReportPage() {
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
        title="Subscriber Report"
        description="New subscribers by day and sign-up method, net of opt-outs."
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ReportFilters {...controls} />
        <ExportPanel report="subscribers" filter={filter} />
      </Group>
      {report.isError ? (
        <LoadFailed
          icon={<IconUsers size={28} />}
          title="The subscriber report could not be loaded"
          query={report}
        />
      ) : !data ? (
        <TableSkeleton rows={6} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <Stat label="Joined" value={data.totals.joined} color="teal.7" />
            <Stat label="Opted out" value={data.totals.optedOut} color="red.7" />
            <Stat label="Net growth" value={data.totals.net} />
          </SimpleGrid>
          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="subscriber-chart">
            <Title order={3} fz="md" mb="sm">
              Growth by day
            </Title>
            {data.totals.joined + data.totals.optedOut === 0 ? (
              <Text
                c="dimmed"
                size="sm"
                ta="center"
                h={height}
                style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
              >
                Nobody joined or opted out in these days.
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
                  { name: "joined", label: "Joined", color: "teal.6" },
                  { name: "optedOut", label: "Opted out", color: "red.6" },
                ]}
              />
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
              <Title order={3} fz="md" mb="sm">
                By sign-up method
              </Title>
              {data.byMethod.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No sign-ups in these days.
                </Text>
              ) : (
                <Table striped data-testid="by-method" horizontalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Method</Table.Th>
                      <Table.Th ta="right">Joined</Table.Th>
                      <Table.Th ta="right">Opted out</Table.Th>
                      <Table.Th ta="right">Net</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.byMethod.map((m) => (
                      <Table.Tr key={m.method}>
                        <Table.Td>{m.label}</Table.Td>
                        <Table.Td ta="right">{m.joined.toLocaleString()}</Table.Td>
                        <Table.Td ta="right">{m.optedOut.toLocaleString()}</Table.Td>
                        <Table.Td ta="right">{(m.joined - m.optedOut).toLocaleString()}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
              <Title order={3} fz="md" mb="sm">
                By day
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
                      <Table.Th>Day</Table.Th>
                      <Table.Th ta="right">Joined</Table.Th>
                      <Table.Th ta="right">Opted out</Table.Th>
                      <Table.Th ta="right">Net</Table.Th>
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
