import { BarChart } from "@mantine/charts";
import { Group, Paper, Skeleton, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Trans, useTranslation } from "react-i18next";
import { translateMessage } from "../../../i18n";
import { useKeywordStats } from "../api/keywords";

/** Joins and opt-outs of one keyword, by day over the last 30 days. */
export function KeywordStats({ id }: { id: number }) {
  const { t } = useTranslation();
  const stats = useKeywordStats(id);
  const mobile = useMediaQuery("(max-width: 48em)");
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t("Last 30 days")}</Title>
        {stats.data && (
          <Group gap="lg">
            <Text size="sm" data-testid="stat-joins">
              <Trans
                t={t}
                i18nKey="<0>{{n}}</0> joins"
                values={{ n: stats.data.totalJoins }}
                components={[<b key="n" />]}
              />
            </Text>
            <Text size="sm" data-testid="stat-optouts">
              <Trans
                t={t}
                i18nKey="<0>{{n}}</0> opted out since"
                values={{ n: stats.data.totalOptOuts }}
                components={[<b key="n" />]}
              />
            </Text>
          </Group>
        )}
      </Group>
      {stats.isPending ? (
        <Skeleton h={200} />
      ) : stats.isError ? (
        <Text c="red" size="sm">
          {translateMessage(stats.error.message)}
        </Text>
      ) : (
        <BarChart
          h={mobile ? 180 : 220}
          data={stats.data.days.map((d) => ({ ...d, label: d.day.slice(5) }))}
          dataKey="label"
          tickLine="none"
          gridAxis="y"
          xAxisProps={{ interval: mobile ? 6 : 3 }}
          series={[
            { name: "joins", label: t("Joins"), color: "teal.6" },
            { name: "optOuts", label: t("Opt-outs"), color: "red.5" },
          ]}
        />
      )}
    </Paper>
  );
}
