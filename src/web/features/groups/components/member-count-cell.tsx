import { Loader, Text, Tooltip } from "@mantine/core";
import type { Group } from "../../../../domain/groups.schemas";

/** A group's member count: stored for static groups, counted live (in bulk) for adaptive ones. */
export function MemberCountCell(props: {
  group: Group;
  adaptiveCounts: Record<string, number> | undefined;
  countsLoading: boolean;
}) {
  const { group, adaptiveCounts, countsLoading } = props;
  const count = group.type === "adaptive" ? adaptiveCounts?.[String(group.id)] : group.memberCount;
  if (count === undefined || count === null) {
    if (group.type === "adaptive" && countsLoading) {
      return <Loader size={14} aria-label={`Counting members of ${group.name}`} />;
    }
    return (
      <Tooltip label="The count could not be loaded" withArrow>
        <Text size="sm" c="dimmed">
          —
        </Text>
      </Tooltip>
    );
  }
  return (
    <Text size="sm" data-testid="member-count">
      {count.toLocaleString()}
    </Text>
  );
}
