import { Alert, Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary } from "../../../../domain/billing.schemas";

export interface ChargeSummary {
  /** What is bought: "Starter plan", "500 message credits". */
  item: string;
  /** What comes with it: "500 messages a month". */
  detail?: string;
  amountCents: number;
  /** Monthly add-ons paid with a plan (extra numbers, keyword packs), each its own line. */
  addons?: { description: string; amountCents: number }[];
  /** The plan renews at this price every month until canceled. */
  monthly?: boolean;
}

/** What the confirmation shows as charged now: the item and its add-ons. */
export function chargeTotal(c: ChargeSummary): number {
  return c.amountCents + (c.addons ?? []).reduce((sum, a) => sum + a.amountCents, 0);
}

/**
 * Every charge is summed up and confirmed before the card is charged: what, how much, on which
 * card, and whether it comes back every month.
 */
export function ConfirmChargeModal(props: {
  charge: ChargeSummary | null;
  card: BillingSummary["card"];
  testPayments: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const c = props.charge;
  const addons = c?.addons ?? [];
  const amount = c ? formatUsd(chargeTotal(c)) : "";
  return (
    <Modal opened={c !== null} onClose={props.onClose} title={t("Confirm your payment")} centered>
      {c && (
        <Stack gap="md" data-testid="confirm-charge">
          <Table withRowBorders={false} verticalSpacing={4} aria-label={t("Payment summary")}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td c="dimmed">{t("Item")}</Table.Td>
                <Table.Td fw={600}>
                  {c.item}
                  {addons.length > 0 && ` (${formatUsd(c.amountCents)})`}
                </Table.Td>
              </Table.Tr>
              {addons.map((a) => (
                <Table.Tr key={a.description}>
                  <Table.Td c="dimmed">{t("Add-on")}</Table.Td>
                  <Table.Td>
                    {a.description} ({formatUsd(a.amountCents)})
                  </Table.Td>
                </Table.Tr>
              ))}
              {c.detail && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t("Includes")}</Table.Td>
                  <Table.Td>{c.detail}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Td c="dimmed">{t("Charged now")}</Table.Td>
                <Table.Td fw={700} data-testid="charge-amount">
                  {amount}
                </Table.Td>
              </Table.Tr>
              {props.card && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t("Card")}</Table.Td>
                  <Table.Td>
                    {t("{{brand}} ending in {{last4}}", {
                      brand: props.card.brand,
                      last4: props.card.last4,
                    })}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {c.monthly && (
            <Text size="sm" c="dimmed">
              {t(
                "Then {{amount}} every month, with its messages, until you cancel or turn auto-renew off.",
                { amount },
              )}
            </Text>
          )}
          {props.testPayments && (
            <Text size="sm" c="orange.8">
              {t("Test payments: no money is charged.")}
            </Text>
          )}
          {props.error && (
            <Alert color="red" variant="light" role="alert">
              {props.error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button loading={props.pending} onClick={props.onConfirm}>
              {t("Pay {{amount}}", { amount })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
