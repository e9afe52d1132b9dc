import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconChartHistogram } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ADVANCED_TEXTS } from "../../../../domain/analytics.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatNumber, intlLocale, translateMessage } from "../../../i18n";
import { useChartHeight } from "../../growth-reports/components/chart-height";
import { useCohorts } from "../api/analytics";
import { ConversionsPanel } from "../components/conversions-panel";
import { percent } from "../components/percent";

const monthLabel = (m: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${m}-01T00:00:00Z`));

/**
 * /advanced-analytics: retention of each sign-up month's subscribers (how many are still
 * subscribed), behind the account's advanced reporting setting (doc 1 §1-2).
 */
export default function AdvancedAnalyticsPage() {
  const { t } = useTranslation();
  const cohorts = useCohorts();
  const height = useChartHeight();
  const navigate = useNavigate();
  const data = cohorts.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={t("Advanced Analytics")}
        description={t("Cohort retention, and the sales your texts bring in.")}
      />
      {cohorts.isError ? (
        <LoadFailed
          icon={<IconChartHistogram size={28} />}
          title={t("Advanced analytics could not be loaded")}
          query={cohorts}
        />
      ) : !data ? (
        <TableSkeleton rows={6} />
      ) : !data.enabled ? (
        <EmptyState
          icon={<IconChartHistogram size={28} />}
          title={t("Advanced reporting is off")}
          description={translateMessage(ADVANCED_TEXTS.off)}
          action={{
            label: t("See plans"),
            onClick: () => void navigate("/billing/manage-subscription"),
          }}
        />
      ) : data.cohorts.length === 0 ? (
        <EmptyState
          icon={<IconChartHistogram size={28} />}
          title={t("No subscribers in the last 12 months")}
          description={t("When people join, each month's retention shows here.")}
        />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="cohort-chart">
            <Title order={3} fz="md" mb="sm">
              {t("Still subscribed, by sign-up month")}
            </Title>
            <BarChart
              h={height}
              data={data.cohorts.map((c) => ({
                label: monthLabel(c.month),
                retention: c.retention * 100,
              }))}
              dataKey="label"
              tickLine="none"
              gridAxis="y"
              yAxisProps={{ domain: [0, 100] }}
              valueFormatter={(v) => `${v.toFixed(1)}%`}
              series={[{ name: "retention", label: t("Still subscribed"), color: "indigo.6" }]}
            />
          </Paper>
          <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
            {/* Longer headings (Spanish) scroll inside the card instead of widening a phone. */}
            <Table.ScrollContainer minWidth={320}>
              <Table striped data-testid="cohort-table" horizontalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Month joined")}</Table.Th>
                    <Table.Th ta="right">{t("Joined")}</Table.Th>
                    <Table.Th ta="right">{t("Still subscribed")}</Table.Th>
                    <Table.Th ta="right">{t("Retention")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.cohorts.map((c) => (
                    <Table.Tr key={c.month}>
                      <Table.Td>{monthLabel(c.month)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(c.joined)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(c.stillSubscribed)}</Table.Td>
                      <Table.Td ta="right">{percent(c.retention)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Text size="xs" c="dimmed">
            {t("Still subscribed: not opted out or blocked today.")}
          </Text>
          <ConversionsPanel />
        </>
      )}
    </Stack>
  );
}
