import { Badge, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { BillingSummary, InvoiceRow } from "../../../../domain/billing.schemas";
import { formatDay as formatAccountDay } from "../../../lib/format-date-time";

export const STATUS_LABEL: Record<BillingSummary["status"], { label: string; color: string }> = {
  trial: { label: "Free trial", color: "blue" },
  expired: { label: "Trial ended", color: "red" },
  active: { label: "Active", color: "teal" },
  past_due: { label: "Payment failed", color: "red" },
  paused: { label: "Paused", color: "yellow" },
  canceled: { label: "Canceled", color: "gray" },
};

export function StatusBadge({ status }: { status: BillingSummary["status"] }) {
  const s = STATUS_LABEL[status];
  return (
    <Badge color={s.color} variant="light">
      {s.label}
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
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
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
  pending: { label: "Processing", color: "blue" },
  paid: { label: "Paid", color: "teal" },
  failed: { label: "Failed", color: "red" },
  requires_action: { label: "Awaiting confirmation", color: "yellow" },
  refunded: { label: "Refunded", color: "gray" },
  disputed: { label: "Disputed", color: "orange" },
  dispute_lost: { label: "Dispute lost", color: "red" },
};
