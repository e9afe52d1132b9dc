import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../i18n";
import { type PaymentElementFormProps, setupOutcome } from "../lib/stripe-js";

function Inner(props: Omit<PaymentElementFormProps, "stripe" | "clientSecret">) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setError(null);
    setConfirming(true);
    // Cards that need a redirect are not offered (allow_redirects: never), so this stays here.
    const result = await stripe.confirmSetup({
      elements,
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    setConfirming(false);
    const outcome = setupOutcome(result);
    if (!outcome.ok) setError(translateMessage(outcome.message));
    else props.onConfirmed(outcome.setupIntentId);
  };

  const shown = error ?? props.serverError;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="stripe-payment-element">
      <Stack gap="sm">
        {shown && (
          <Alert color="red" variant="light" role="alert" title={t("Payment problem")}>
            {shown}
          </Alert>
        )}
        <PaymentElement options={{ layout: "tabs" }} />
        <Text size="xs" c="dimmed">
          {t("Your card is entered in Stripe's secure form: Parley never sees its number.")}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={confirming || props.saving} disabled={!stripe}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Stripe's Payment Element for a SetupIntent (loaded with Stripe.js, only on Stripe screens). */
export default function PaymentElementForm(props: PaymentElementFormProps) {
  const { stripe, clientSecret, ...rest } = props;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <Inner {...rest} />
    </Elements>
  );
}
