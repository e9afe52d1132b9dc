import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { i18n } from "../../../i18n";

/** Asks before a destructive action on a user or an invitation. */
export function confirmDanger(opts: {
  title: string;
  message: React.ReactNode;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: opts.title,
    children: <Text size="sm">{opts.message}</Text>,
    labels: { confirm: opts.confirm, cancel: i18n.t("Cancel") },
    confirmProps: { color: "red" },
    onConfirm: opts.onConfirm,
  });
}
