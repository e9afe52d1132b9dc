import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { formatNumber } from "../../../i18n";

const COUNTS = [
  { key: "added", color: "teal" },
  { key: "updated", color: "blue" },
  { key: "skipped", color: "gray" },
  { key: "failed", color: "red" },
] as const;

/** A count's name, agreeing with its figure ("Added" rows): the catalogs' plural forms. */
export function countTitle(key: (typeof COUNTS)[number]["key"], count: number, t: TFunction) {
  if (key === "added") return t("Added", { count });
  if (key === "updated") return t("Updated", { count });
  if (key === "skipped") return t("Skipped", { count });
  // By context: "Failed" alone is the import's status.
  return t("Failed", { count, context: "rows" });
}

/** Added, updated, skipped and failed rows of an import, as four figures. */
export function ImportCounts({ row }: { row: SubscriberImport }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-counts">
      {COUNTS.map((c) => (
        <Paper key={c.key} withBorder p="sm" radius="md" data-testid={`count-${c.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {countTitle(c.key, row[c.key], t)}
          </Text>
          <Text size="xl" fw={700} c={row[c.key] > 0 ? c.color : undefined}>
            {formatNumber(row[c.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
