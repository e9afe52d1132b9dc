import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DATA_KEPT_MONTHS } from "../../../../domain/billing";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { formatDay } from "./billing-bits";

/** Doc 1 §4 confirm dialog (confirm=1): what is lost, and the two buttons. */
export function ConfirmCancelDialog(props: {
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onKeep}
      title={t("Your Information Will Be Lost If You Cancel")}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t("When your account closes, you lose:")}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t("your message history")}</List.Item>
          <List.Item>{t("your subscribers")}</List.Item>
          <List.Item>{t("your keywords")}</List.Item>
          <List.Item>{t("your chatbots")}</List.Item>
          <List.Item>{t("your dedicated numbers")}</List.Item>
        </List>
        <Text size="sm" fw={600}>
          {t("Chatbots are not restored if you reactivate.")}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onKeep}>
            {t("Keep My Subscription")}
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onCancel}>
            {t("Cancel My Subscription")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Doc 1 §4 after-cancel dialog: closes after the paid-through date, data kept 1 month. */
export function CanceledDialog(props: {
  opened: boolean;
  closesOn: string | null;
  removeDataAt: string | null;
  onClose: () => void;
  onReactivate: () => void;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("Your Account Will Be Cancelled")}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {t(
            "Your account closes after your paid-through date, {{date}}. Until then everything works as before.",
            { date: formatDay(props.closesOn, timeZone) },
          )}
        </Text>
        <Text size="sm">
          {t(
            "Your data is kept for {{count}} months after that (until {{date}}), so you can reactivate and find everything where you left it.",
            { count: DATA_KEPT_MONTHS, date: formatDay(props.removeDataAt, timeZone) },
          )}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            {t("Close")}
          </Button>
          <Button color="teal" onClick={props.onReactivate}>
            {t("Reactivate")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
