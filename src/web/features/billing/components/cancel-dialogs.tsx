import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
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
  return (
    <Modal
      opened={props.opened}
      onClose={props.onKeep}
      title="Your Information Will Be Lost If You Cancel"
      centered
    >
      <Stack gap="md">
        <Text size="sm">When your account closes, you lose:</Text>
        <List size="sm" spacing={4}>
          <List.Item>your message history</List.Item>
          <List.Item>your subscribers</List.Item>
          <List.Item>your keywords</List.Item>
          <List.Item>your chatbots</List.Item>
          <List.Item>your dedicated numbers</List.Item>
        </List>
        <Text size="sm" fw={600}>
          Chatbots are not restored if you reactivate.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onKeep}>
            Keep My Subscription
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onCancel}>
            Cancel My Subscription
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
  const timeZone = useAccountTimeZone();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Your Account Will Be Cancelled"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Your account closes after your paid-through date, {formatDay(props.closesOn, timeZone)}.
          Until then everything works as before.
        </Text>
        <Text size="sm">
          Your data is kept for {DATA_KEPT_MONTHS === 1 ? "1 month" : `${DATA_KEPT_MONTHS} months`}{" "}
          after that (until {formatDay(props.removeDataAt, timeZone)}
          ), so you can reactivate and find everything where you left it.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button color="teal" onClick={props.onReactivate}>
            Reactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
