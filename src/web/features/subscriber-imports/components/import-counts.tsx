import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { SubscriberImport } from "../../../../domain/imports.schemas";

const COUNTS = [
  { key: "added", label: "Added", color: "teal" },
  { key: "updated", label: "Updated", color: "blue" },
  { key: "skipped", label: "Skipped", color: "gray" },
  { key: "failed", label: "Failed", color: "red" },
] as const;

/** Added, updated, skipped and failed rows of an import, as four figures. */
export function ImportCounts({ row }: { row: SubscriberImport }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-counts">
      {COUNTS.map((c) => (
        <Paper key={c.key} withBorder p="sm" radius="md" data-testid={`count-${c.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          <Text size="xl" fw={700} c={row[c.key] > 0 ? c.color : undefined}>
            {row[c.key].toLocaleString()}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
