import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary } from "../../../../domain/billing.schemas";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import {
  openBillingPortal,
  paymentConfirmationOf,
  useSyncPayment,
  useTestAuthentication,
} from "../api/billing";
import { loadStripeJs, paymentOutcome } from "../lib/stripe-js";

/**
 * Payments the bank asked the customer to authenticate (a renewal charged while they were away):
 * "Confirm payment" runs Stripe's authentication in the browser, then Parley asks Stripe how the
 * payment stands; Stripe's webhook says the same. With test payments, the test processor's own
 * authentication step asks instead (as Stripe's test 3-D Secure page does: complete or fail).
 */
export function AwaitingPayments({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation();
  const sync = useSyncPayment();
  const testAuth = useTestAuthentication();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState<BillingSummary["awaitingConfirmation"][number] | null>(
    null,
  );
  // The e-mailed link (/billing/summary?confirm=N) points at the payment it is about.
  const [search] = useSearchParams();
  const linked = Number(search.get("confirm"));
  // Kept while its answer shows (a failed authentication leaves nothing waiting).
  if (summary.awaitingConfirmation.length === 0 && !testing && !error) return null;

  const answerTest = async (complete: boolean) => {
    if (!testing) return;
    setError(null);
    setBusy(testing.invoiceId);
    try {
      await testAuth.mutateAsync({ invoiceId: testing.invoiceId, complete });
      notify.success(t("Payment confirmed. Thank you!"));
    } catch (err) {
      setError(formErrorOf(err));
    } finally {
      setTesting(null);
      setBusy(null);
    }
  };

  const confirm = async (invoiceId: number) => {
    setError(null);
    if (summary.processor === "test") {
      setTesting(summary.awaitingConfirmation.find((p) => p.invoiceId === invoiceId) ?? null);
      return;
    }
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
      notify.success(t("Payment confirmed. Thank you!"));
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
      title={t("Your bank asks you to confirm a payment")}
      data-testid="awaiting-confirmation"
    >
      <Stack gap="xs">
        {summary.awaitingConfirmation.map((p) => (
          <Group key={p.invoiceId} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {p.number}: {p.description}, <b>{formatUsd(p.amountCents)}</b>
              {p.invoiceId === linked && ` ${t("(the payment from your e-mail)")}`}
            </Text>
            <Button
              size="xs"
              autoFocus={p.invoiceId === linked}
              loading={busy === p.invoiceId}
              disabled={busy !== null && busy !== p.invoiceId}
              onClick={() => void confirm(p.invoiceId)}
            >
              {t("Confirm payment")}
            </Button>
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <Modal
        opened={testing !== null}
        onClose={() => setTesting(null)}
        title={t("Test authentication")}
        centered
      >
        {testing && (
          <Stack gap="md" data-testid="test-authentication">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="Test payments: here your bank would ask you to authenticate the <0>{{amount}}</0> payment ({{description}}). No money is charged."
                values={{
                  amount: formatUsd(testing.amountCents),
                  description: testing.description,
                }}
                components={[<b key="amount" />]}
              />
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={busy !== null}
                onClick={() => void answerTest(false)}
              >
                {t("Fail authentication")}
              </Button>
              <Button loading={busy !== null} onClick={() => void answerTest(true)}>
                {t("Complete authentication")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Alert>
  );
}

/** "Manage billing in Stripe": the Customer Portal of the account's customer (Stripe only). */
export function StripePortalButton() {
  const { t } = useTranslation();
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
          {t("Manage billing in Stripe")}
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
