import { Badge, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary, InvoiceRow } from "../../../../domain/billing.schemas";
import { tk } from "../../../i18n";
import { formatDay as formatAccountDay } from "../../../lib/format-date-time";

export const STATUS_LABEL: Record<BillingSummary["status"], { label: string; color: string }> = {
  trial: { label: tk("Free trial"), color: "blue" },
  expired: { label: tk("Trial ended"), color: "red" },
  active: { label: tk("Active"), color: "teal" },
  past_due: { label: tk("Payment failed"), color: "red" },
  paused: { label: tk("Paused"), color: "yellow" },
  canceled: { label: tk("Canceled"), color: "gray" },
};

export function StatusBadge({ status }: { status: BillingSummary["status"] }) {
  const { t } = useTranslation();
  const s = STATUS_LABEL[status];
  return (
    <Badge color={s.color} variant="light">
      {t(s.label)}
    </Badge>
  );
}

export function BillingCard(props: { title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-label={props.title}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

export function BillingLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
      <Skeleton height={120} radius="lg" />
      <Skeleton height={120} radius="lg" />
    </Stack>
  );
}

/** A billing date (trial end, renewal, invoice) as its day in the account's zone. */
export function formatDay(iso: string | null, timeZone: string): string {
  return iso ? formatAccountDay(iso, timeZone) : "";
}

export function Muted({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** How each invoice status reads (history, invoice view). */
export const INVOICE_BADGES: Record<InvoiceRow["status"], { label: string; color: string }> = {
  pending: { label: tk("Processing"), color: "blue" },
  paid: { label: tk("Paid"), color: "teal" },
  failed: { label: tk("Failed"), color: "red" },
  requires_action: { label: tk("Awaiting confirmation"), color: "yellow" },
  refunded: { label: tk("Refunded"), color: "gray" },
  disputed: { label: tk("Disputed"), color: "orange" },
  dispute_lost: { label: tk("Dispute lost"), color: "red" },
};

/** An invoice's refund, as the history and the invoice show it (the rule of domain refundNote). */
export function refundText(
  t: TFunction,
  invoice: { amountCents: number; refundedCents: number },
): string | null {
  if (invoice.refundedCents <= 0) return null;
  const amount = formatUsd(invoice.refundedCents);
  return invoice.refundedCents >= invoice.amountCents
    ? t("Refunded {{amount}}", { amount })
    : t("Refunded {{amount}} of {{total}}", { amount, total: formatUsd(invoice.amountCents) });
}
