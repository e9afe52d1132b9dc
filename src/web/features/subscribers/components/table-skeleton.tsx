import { Group, Paper, Skeleton, Stack } from "@mantine/core";

const HEAD = [
  ["name", 140],
  ["phone", 120],
  ["email", 160],
  ["groups", 100],
  ["method", 110],
  ["date", 90],
] as const;
const ROWS = Array.from({ length: 8 }, (_, i) => `row-${i}`);

/** The table's shape while its first page loads. */
export function TableSkeleton() {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="table-skeleton"
      aria-busy="true"
      aria-label="Loading subscribers"
    >
      <Stack gap="md">
        <Group gap="xl" wrap="nowrap">
          {HEAD.map(([key, w]) => (
            <Skeleton key={key} h={12} w={w} />
          ))}
        </Group>
        {ROWS.map((key) => (
          <Group key={key} gap="xl" wrap="nowrap">
            <Skeleton h={16} w={16} radius="sm" />
            {HEAD.map(([col, w]) => (
              <Skeleton key={col} h={14} w={w - 16} />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
