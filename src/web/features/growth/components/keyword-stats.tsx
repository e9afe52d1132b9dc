import { BarChart } from "@mantine/charts";
import { Group, Paper, Skeleton, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useKeywordStats } from "../api/keywords";

/** Joins and opt-outs of one keyword, by day over the last 30 days. */
export function KeywordStats({ id }: { id: number }) {
  const stats = useKeywordStats(id);
  const mobile = useMediaQuery("(max-width: 48em)");
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Last 30 days</Title>
        {stats.data && (
          <Group gap="lg">
            <Text size="sm" data-testid="stat-joins">
              <b>{stats.data.totalJoins}</b> joins
            </Text>
            <Text size="sm" data-testid="stat-optouts">
              <b>{stats.data.totalOptOuts}</b> opted out since
            </Text>
          </Group>
        )}
      </Group>
      {stats.isPending ? (
        <Skeleton h={200} />
      ) : stats.isError ? (
        <Text c="red" size="sm">
          {stats.error.message}
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
            { name: "joins", label: "Joins", color: "teal.6" },
            { name: "optOuts", label: "Opt-outs", color: "red.5" },
          ]}
        />
      )}
    </Paper>
  );
}
