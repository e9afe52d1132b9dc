import { Loader, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Group } from "../../../../domain/groups.schemas";
import { formatNumber } from "../../../i18n";

/** A group's member count: stored for static groups, counted live (in bulk) for adaptive ones. */
export function MemberCountCell(props: {
  group: Group;
  adaptiveCounts: Record<string, number> | undefined;
  countsLoading: boolean;
}) {
  const { t } = useTranslation();
  const { group, adaptiveCounts, countsLoading } = props;
  const count = group.type === "adaptive" ? adaptiveCounts?.[String(group.id)] : group.memberCount;
  if (count === undefined || count === null) {
    if (group.type === "adaptive" && countsLoading) {
      return (
        <Loader size={14} aria-label={t("Counting members of {{name}}", { name: group.name })} />
      );
    }
    return (
      <Tooltip label={t("The count could not be loaded")} withArrow>
        <Text size="sm" c="dimmed">
          —
        </Text>
      </Tooltip>
    );
  }
  return (
    <Text size="sm" data-testid="member-count">
      {formatNumber(count)}
    </Text>
  );
}
