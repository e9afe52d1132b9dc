import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Group, Paper, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type chartDay,
  STATUS_GROUP_COLORS,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
} from "../../../../domain/reports.schemas";
import { formatNumber, intlLocale } from "../../../i18n";

type Day = z.infer<typeof chartDay>;

/** "Mar 5" from "2026-03-05" (a calendar day: no time zone shift). */
const dayLabel = (d: string) =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${d}T00:00:00Z`),
  );

/**
 * Deliveries of the last 30 days, stacked by status group. Doc 1 §9: the chart is 335 px high on
 * desktop and 235 px below the 1024 px breakpoint.
 */
export function DeliveriesChart({ days }: { days: Day[] }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery("(max-width: 1023px)");
  const total = days.reduce((n, d) => n + STATUS_GROUPS.reduce((m, g) => m + d[g], 0), 0);
  const data = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="deliveries-chart">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="md">
          {t("Campaign texts, last 30 days")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("{{n}} campaign texts", { n: formatNumber(total) })}
        </Text>
      </Group>
      {total === 0 ? (
        <Text
          c="dimmed"
          size="sm"
          ta="center"
          h={mobile ? 235 : 335}
          style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
        >
          {t(
            "No messages went out in the last 30 days. Their deliveries will show here by status.",
          )}
        </Text>
      ) : (
        <BarChart
          h={mobile ? 235 : 335}
          data={data}
          dataKey="label"
          type="stacked"
          tickLine="none"
          gridAxis="y"
          valueFormatter={(v) => formatNumber(v)}
          xAxisProps={{ interval: mobile ? 6 : 2 }}
          series={STATUS_GROUPS.map((g) => ({
            name: g,
            label: t(STATUS_GROUP_LABELS[g]),
            color: STATUS_GROUP_COLORS[g],
          }))}
        />
      )}
      {total > 0 && (
        <Group gap="md" justify="center" mt="xs" data-testid="chart-legend">
          {STATUS_GROUPS.map((g) => (
            <Group key={g} gap={6} wrap="nowrap">
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 10,
                  background: `var(--mantine-color-${STATUS_GROUP_COLORS[g].replace(".", "-")})`,
                }}
              />
              <Text size="sm">{t(STATUS_GROUP_LABELS[g])}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Paper>
  );
}
