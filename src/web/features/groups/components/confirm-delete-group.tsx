import { Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Trans } from "react-i18next";
import type { Group } from "../../../../domain/groups.schemas";
import { formatNumber, i18n } from "../../../i18n";

/** Asks before deleting a group; says what happens to its members (they stay subscribers). */
export function confirmDeleteGroup(group: Group, onConfirm: () => void) {
  // Called from a click, not a render: the active language is read now.
  const t = i18n.t.bind(i18n);
  const members =
    group.type === "static" && group.memberCount
      ? group.memberCount === 1
        ? t("Its {{n}} member stays in your subscriber list; only the group is removed.", {
            n: formatNumber(group.memberCount),
          })
        : t("Its {{n}} members stay in your subscriber list; only the group is removed.", {
            n: formatNumber(group.memberCount),
          })
      : t("Its subscribers stay in your subscriber list; only the group is removed.");
  modals.openConfirmModal({
    title: t("Delete group"),
    children: (
      <Stack gap="xs">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete the group <0>{{name}}</0>? This cannot be undone."
            values={{ name: group.name }}
            components={[<b key="name" />]}
          />
        </Text>
        <Text size="sm" c="dimmed">
          {members}
        </Text>
      </Stack>
    ),
    labels: { confirm: t("Delete group"), cancel: t("Cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
