import { Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type CountsByGroup,
  STATUS_GROUP_COLORS,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
} from "../../../../domain/reports.schemas";
import { formatNumber, translateMessage } from "../../../i18n";

const totalOf = (c: CountsByGroup) => STATUS_GROUPS.reduce((n, g) => n + c[g], 0);

/** A bar of the run's deliveries by status group, with the groups that have any under it. */
export function StatusCounts({ counts, compact }: { counts: CountsByGroup; compact?: boolean }) {
  const { t } = useTranslation();
  const total = totalOf(counts);
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("No deliveries yet")}
      </Text>
    );
  }
  return (
    <Stack gap={6} miw={compact ? 180 : undefined} data-testid="status-counts">
      <Progress.Root size={compact ? 8 : 12} radius="xl" aria-hidden>
        {STATUS_GROUPS.filter((g) => counts[g] > 0).map((g) => (
          <Tooltip
            key={g}
            label={`${translateMessage(STATUS_GROUP_LABELS[g])}: ${formatNumber(counts[g])}`}
          >
            <Progress.Section value={(counts[g] / total) * 100} color={STATUS_GROUP_COLORS[g]} />
          </Tooltip>
        ))}
      </Progress.Root>
      <Group gap={compact ? 8 : "md"} wrap="wrap">
        {STATUS_GROUPS.filter((g) => counts[g] > 0).map((g) => (
          <Group key={g} gap={4} wrap="nowrap" data-group={g}>
            <span
              style={{
                width: 8,
                height: 8,
                borderRadius: 8,
                background: `var(--mantine-color-${STATUS_GROUP_COLORS[g].replace(".", "-")})`,
                display: "inline-block",
              }}
            />
            <Text size="xs" c="dimmed">
              {translateMessage(STATUS_GROUP_LABELS[g])}
            </Text>
            <Text size="xs" fw={600}>
              {formatNumber(counts[g])}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
