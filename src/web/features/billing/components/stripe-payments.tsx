import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary } from "../../../../domain/billing.schemas";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { openBillingPortal, paymentConfirmationOf, useSyncPayment } from "../api/billing";
import { loadStripeJs, paymentOutcome } from "../lib/stripe-js";

/**
 * Payments the bank asked the customer to authenticate (a renewal charged while they were away):
 * "Confirm payment" runs Stripe's authentication in the browser, then Parley asks Stripe how the
 * payment stands; Stripe's webhook says the same.
 */
export function AwaitingPayments({ summary }: { summary: BillingSummary }) {
  const sync = useSyncPayment();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The e-mailed link (/billing/summary?confirm=N) points at the payment it is about.
  const [search] = useSearchParams();
  const linked = Number(search.get("confirm"));
  if (summary.awaitingConfirmation.length === 0) return null;

  const confirm = async (invoiceId: number) => {
    setError(null);
    setBusy(invoiceId);
    try {
      const intent = await paymentConfirmationOf(invoiceId);
      const loaded = await loadStripeJs(intent.publishableKey);
      if (!loaded.ok) throw new Error(loaded.message);
      const result = await loaded.stripe.confirmCardPayment(
        intent.clientSecret,
        intent.paymentMethod ? { payment_method: intent.paymentMethod } : undefined,
      );
      const outcome = paymentOutcome(result);
      if (!outcome.ok) throw new Error(outcome.message);
      await sync.mutateAsync(invoiceId);
      notify.success("Payment confirmed. Thank you!");
    } catch (err) {
      setError(formErrorOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      title="Your bank asks you to confirm a payment"
      data-testid="awaiting-confirmation"
    >
      <Stack gap="xs">
        {summary.awaitingConfirmation.map((p) => (
          <Group key={p.invoiceId} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {p.number}: {p.description}, <b>{formatUsd(p.amountCents)}</b>
              {p.invoiceId === linked && " (the payment from your e-mail)"}
            </Text>
            <Button
              size="xs"
              autoFocus={p.invoiceId === linked}
              loading={busy === p.invoiceId}
              disabled={busy !== null && busy !== p.invoiceId}
              onClick={() => void confirm(p.invoiceId)}
            >
              Confirm payment
            </Button>
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** "Manage billing in Stripe": the Customer Portal of the account's customer (Stripe only). */
export function StripePortalButton() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Group>
        <Button
          variant="default"
          rightSection={<IconExternalLink size={16} />}
          loading={pending}
          onClick={async () => {
            setError(null);
            setPending(true);
            try {
              const { url } = await openBillingPortal();
              window.location.assign(url);
            } catch (err) {
              setError(formErrorOf(err));
              setPending(false);
            }
          }}
        >
          Manage billing in Stripe
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
