import { Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { Group } from "../../../../domain/groups.schemas";

/** Asks before deleting a group; says what happens to its members (they stay subscribers). */
export function confirmDeleteGroup(group: Group, onConfirm: () => void) {
  const members =
    group.type === "static" && group.memberCount
      ? `Its ${group.memberCount.toLocaleString()} ${group.memberCount === 1 ? "member stays" : "members stay"} in your subscriber list; only the group is removed.`
      : "Its subscribers stay in your subscriber list; only the group is removed.";
  modals.openConfirmModal({
    title: "Delete group",
    children: (
      <Stack gap="xs">
        <Text size="sm">
          Delete the group <b>{group.name}</b>? This cannot be undone.
        </Text>
        <Text size="sm" c="dimmed">
          {members}
        </Text>
      </Stack>
    ),
    labels: { confirm: "Delete group", cancel: "Cancel" },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
