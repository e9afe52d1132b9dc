import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const { number, onClose } = props;
  const release = useReleaseNumber();
  const formatted = number ? formatUsNumber(number.number) : "";

  const confirm = () => {
    if (!number) return;
    release.mutate(number.id, {
      onSuccess: () => {
        notify.success(t("{{number}} was released", { number: formatted }));
        onClose();
        props.onReleased?.();
      },
    });
  };

  return (
    <Modal
      opened={number !== null}
      onClose={onClose}
      title={t("Release {{number}}?", { number: formatted })}
    >
      {number && (
        <Stack>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="The number goes back to the carrier. <0>This cannot be undone</0>, and the carrier may give it to another business."
              components={[<b key="undone" />]}
            />
          </Text>
          <Text size="sm" fw={600}>
            {t("What you lose:")}
          </Text>
          <List size="sm" spacing={6}>
            <List.Item>
              {t(
                "Texts to {{number}} stop reaching you: replies, keywords and STOP requests sent to it go nowhere.",
                { number: formatted },
              )}
            </List.Item>
            <List.Item>
              {t("Scheduled and automated messages set to send from it cannot be sent.")}
            </List.Item>
            <List.Item>{t("Subscribers who know this number must be given a new one.")}</List.Item>
            {number.monthlyPriceCents > 0 && (
              <List.Item>
                {t("Its {{price}} monthly charge stops.", {
                  price: formatCents(number.monthlyPriceCents),
                })}
              </List.Item>
            )}
          </List>
          {props.lastSendingNumber && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} p="sm">
              {t(
                "This is the only number your account can send from. Until you buy another, no messages can be sent.",
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Keep number")}
            </Button>
            <Button color="red" onClick={confirm} loading={release.isPending}>
              {t("Release number")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
