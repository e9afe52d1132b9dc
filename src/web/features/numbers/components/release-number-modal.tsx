import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { notify } from "../../../lib/notify";
import { useReleaseNumber } from "../api/release-number";
import { formatCents } from "../number-status";

/**
 * Confirms giving a number back to the carrier, saying what is lost: releasing cannot be undone
 * and the carrier may hand the number to someone else.
 */
export function ReleaseNumberModal(props: {
  number: DedicatedNumber | null;
  /** Whether no other number of the account can send once this one is gone. */
  lastSendingNumber: boolean;
  onClose: () => void;
  onReleased?: () => void;
}) {
  const { number, onClose } = props;
  const release = useReleaseNumber();
  const formatted = number ? formatUsNumber(number.number) : "";

  const confirm = () => {
    if (!number) return;
    release.mutate(number.id, {
      onSuccess: () => {
        notify.success(`${formatted} was released`);
        onClose();
        props.onReleased?.();
      },
    });
  };

  return (
    <Modal opened={number !== null} onClose={onClose} title={`Release ${formatted}?`}>
      {number && (
        <Stack>
          <Text size="sm">
            The number goes back to the carrier. <b>This cannot be undone</b>, and the carrier may
            give it to another business.
          </Text>
          <Text size="sm" fw={600}>
            What you lose:
          </Text>
          <List size="sm" spacing={6}>
            <List.Item>
              Texts to {formatted} stop reaching you: replies, keywords and STOP requests sent to it
              go nowhere.
            </List.Item>
            <List.Item>
              Scheduled and automated messages set to send from it cannot be sent.
            </List.Item>
            <List.Item>Subscribers who know this number must be given a new one.</List.Item>
            {number.monthlyPriceCents > 0 && (
              <List.Item>
                Its {formatCents(number.monthlyPriceCents)} monthly charge stops.
              </List.Item>
            )}
          </List>
          {props.lastSendingNumber && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} p="sm">
              This is the only number your account can send from. Until you buy another, no messages
              can be sent.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep number
            </Button>
            <Button color="red" onClick={confirm} loading={release.isPending}>
              Release number
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
