import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconUserMinus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { OptOutReport } from "../../../../domain/growth-reports.schemas";
import { ListTable } from "../../../components/list/list-table";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useOptOutReport } from "../api/reports";
import { dayLabel, useChartHeight } from "../components/chart-height";
import { ExportPanel } from "../components/export-panel";
import { ReportFilters, useReportFilters } from "../components/report-filters";

function Counted(props: { title: string; rows: OptOutReport["byKeyword"]; empty: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
      <Title order={3} fz="md" mb="sm">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td style={{ wordBreak: "break-word" }}>{translateMessage(r.label)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatNumber(r.count)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * /reports/opt-outs: who opted out, how (the word texted, by hand, the carrier), and after which
 * campaign or automation message; by date range and number, exported as CSV.
 */
export default function OptOutsPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const { filter, list, controls } = useReportFilters();
  const report = useOptOutReport({ ...filter, page: list.page - 1, pageSize: list.pageSize });
  const height = useChartHeight();
  const data = report.data;
  const chart = (data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.date) }));
  // About 10 day labels on a desktop, 4 on a phone, so they never run together.
  const interval = Math.max(0, Math.ceil(chart.length / (height > 300 ? 10 : 4)) - 1);

  return (
    <Stack gap="md">
      <PageHeader
        title={t("Opt-Outs")}
        description={t(
          "Who stopped receiving your texts, how, and what they were sent just before.",
        )}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ReportFilters {...controls} />
        <ExportPanel report="opt-outs" filter={filter} />
      </Group>
      {report.isError ? (
        <LoadFailed
          icon={<IconUserMinus size={28} />}
          title={t("The opt-out report could not be loaded")}
          query={report}
        />
      ) : !data ? (
        <TableSkeleton rows={6} />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="opt-out-chart">
            <Group justify="space-between" mb="sm">
              <Title order={3} fz="md">
                {t("Opt-outs by day")}
              </Title>
              <Text size="sm" c="dimmed" data-testid="opt-out-total">
                {t("{{n}} opted out", { count: data.total, n: formatNumber(data.total) })}
              </Text>
            </Group>
            {data.total === 0 ? (
              <Text
                c="dimmed"
                size="sm"
                ta="center"
                h={height}
                style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
              >
                {t("Nobody opted out in these days.")}
              </Text>
            ) : (
              <BarChart
                h={height}
                data={chart}
                dataKey="label"
                tickLine="none"
                gridAxis="y"
                xAxisProps={{ interval }}
                yAxisProps={{ allowDecimals: false }}
                series={[{ name: "optedOut", label: t("Opted out"), color: "red.6" }]}
              />
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <Counted
              title={t("By word texted")}
              rows={data.byKeyword}
              empty={t("No stop words texted.")}
            />
            <Counted title={t("By source")} rows={data.bySource} empty={t("No opt-outs.")} />
            <Counted
              title={t("After a campaign")}
              rows={data.byCampaign}
              empty={t("None came after a campaign.")}
            />
            <Counted
              title={t("After an automation")}
              rows={data.byAutomation}
              empty={t("None came after an automation.")}
            />
          </SimpleGrid>
          <ListTable
            query={report}
            list={list}
            records={data.rows}
            total={data.total}
            frame="bare"
            icon={<IconUserMinus size={28} />}
            failedTitle={t("The opt-out report could not be loaded")}
            // The chart above says when nobody opted out; the table stays, with its own line.
            nothingYet={false}
            empty={null}
            noRecordsText={t("Nobody opted out in these days.")}
            testId="opt-out-rows"
            focusableScroll
            columns={[
              {
                accessor: "optedOutAt",
                title: t("When"),
                render: (r) => formatDateTime(r.optedOutAt, timeZone),
              },
              {
                accessor: "phone",
                title: t("Subscriber"),
                render: (r) => (
                  <Stack gap={0}>
                    <Text size="sm">{r.name || r.phone}</Text>
                    {r.name && (
                      <Text size="xs" c="dimmed">
                        {r.phone}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              {
                accessor: "detail",
                title: t("How"),
                render: (r) => (
                  <Stack gap={0}>
                    <Text size="sm">{r.detail || translateMessage(r.source)}</Text>
                    <Text size="xs" c="dimmed">
                      {translateMessage(r.source)}
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: "preceding",
                title: t("Message before"),
                render: (r) =>
                  r.preceding ? (
                    <Stack gap={0} maw={420}>
                      <Text size="sm" lineClamp={2}>
                        {r.preceding.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {translateMessage(r.preceding.source)} ·{" "}
                        {formatDateTime(r.preceding.sentAt, timeZone)}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("None", { context: "thing" })}
                    </Text>
                  ),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
