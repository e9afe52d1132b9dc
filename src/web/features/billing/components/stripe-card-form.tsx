import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import type { Stripe } from "@stripe/stripe-js";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BILLING_TEXT } from "../../../../domain/billing.schemas";
import { translateMessage } from "../../../i18n";
import { formErrorOf } from "../../auth/form-errors";
import { startCardSetup, useCompleteCardSetup } from "../api/billing";
import { loadStripeJs } from "../lib/stripe-js";

type Setup =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; stripe: Stripe; clientSecret: string };

// Stripe's React bindings come with Stripe.js, in their own chunk: only Stripe screens load them.
const PaymentElementForm = lazy(() => import("./stripe-payment-element"));

/**
 * The card form with Stripe: Stripe's Payment Element, in Stripe's frame, confirms a SetupIntent
 * Parley made for the account's customer; Parley then asks Stripe which card it saved. The card
 * number never passes through Parley. If Stripe.js cannot load, it says so.
 */
export function StripeCardForm(props: { submitLabel: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const complete = useCompleteCardSetup();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the "try again" signal
  useEffect(() => {
    let live = true;
    setSetup({ state: "loading" });
    (async () => {
      try {
        const intent = await startCardSetup();
        const loaded = await loadStripeJs(intent.publishableKey);
        if (!live) return;
        setSetup(
          loaded.ok
            ? { state: "ready", stripe: loaded.stripe, clientSecret: intent.clientSecret }
            : { state: "failed", message: loaded.message },
        );
      } catch (err) {
        if (live)
          setSetup({
            state: "failed",
            message: formErrorOf(err) ?? BILLING_TEXT.stripeUnavailable,
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  if (setup.state === "loading")
    return (
      <Group gap="xs" data-testid="stripe-card-loading">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t("Loading Stripe's secure card form…")}
        </Text>
      </Group>
    );
  if (setup.state === "failed")
    return (
      <Stack gap="xs" data-testid="stripe-card-entry">
        <Alert color="red" variant="light" role="alert" title={t("Card form unavailable")}>
          {translateMessage(setup.message)}
        </Alert>
        <Group>
          <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
            {t("Try again")}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <PaymentElementForm
        stripe={setup.stripe}
        clientSecret={setup.clientSecret}
        submitLabel={props.submitLabel}
        saving={complete.isPending}
        serverError={complete.isError ? formErrorOf(complete.error) : null}
        onConfirmed={(setupIntentId) =>
          complete.mutate(setupIntentId, {
            onSuccess: () => {
              props.onSaved?.();
              // A used SetupIntent cannot take another card: a new one for the next change.
              setAttempt((n) => n + 1);
            },
          })
        }
      />
    </Suspense>
  );
}
