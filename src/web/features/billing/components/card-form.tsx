import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { BILLING_TEXT, cardInput } from "../../../../domain/billing.schemas";
import { translateMessage } from "../../../i18n";
import { fieldErrors, formErrorOf } from "../../auth/form-errors";
import { useSaveCard } from "../api/billing";
import { StripeCardForm } from "./stripe-card-form";

type Field = "number" | "expMonth" | "expYear" | "cvc" | "name";

/**
 * The card form: with Stripe, Stripe's Payment Element; with the test processor, fields of our own
 * that name the Stripe test cards it takes.
 */
export function CardForm(props: { submitLabel: string; onSaved?: () => void; testMode: boolean }) {
  if (!props.testMode)
    return <StripeCardForm submitLabel={props.submitLabel} onSaved={props.onSaved} />;
  return <TestCardForm submitLabel={props.submitLabel} onSaved={props.onSaved} />;
}

function TestCardForm(props: { submitLabel: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCard();
  const [v, setV] = useState({
    number: "",
    expMonth: "" as number | string,
    expYear: "" as number | string,
    cvc: "",
    name: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [declined, setDeclined] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDeclined(null);
    const parsed = cardInput.safeParse({
      ...v,
      expMonth: Number(v.expMonth) || 0,
      expYear: Number(v.expYear) || 0,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { ...v, expMonth: parsed.data.expMonth, expYear: parsed.data.expYear },
      { onSuccess: () => props.onSaved?.(), onError: (err) => setDeclined(formErrorOf(err)) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {declined && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={
              declined === translateMessage(BILLING_TEXT.cardDeclined)
                ? undefined
                : t("Payment problem")
            }
          >
            {declined}
          </Alert>
        )}
        <TextInput
          label={t("Name on card")}
          autoComplete="cc-name"
          value={v.name}
          error={errors.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
        />
        <TextInput
          label={t("Card number")}
          inputMode="numeric"
          autoComplete="cc-number"
          value={v.number}
          error={errors.number}
          onChange={(e) => setV({ ...v, number: e.currentTarget.value })}
        />
        <SimpleGrid cols={3} spacing="sm">
          <NumberInput
            label={t("Month")}
            min={1}
            max={12}
            autoComplete="cc-exp-month"
            value={v.expMonth}
            error={errors.expMonth}
            onChange={(x) => setV({ ...v, expMonth: x })}
            hideControls
          />
          <NumberInput
            label={t("Year")}
            min={2000}
            max={2100}
            autoComplete="cc-exp-year"
            value={v.expYear}
            error={errors.expYear}
            onChange={(x) => setV({ ...v, expYear: x })}
            hideControls
          />
          <TextInput
            label={t("CVC")}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={v.cvc}
            error={errors.cvc}
            onChange={(e) => setV({ ...v, cvc: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t(
            "Test payments take only Stripe's test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069 is expired, 4000 0027 6000 3184 asks for authentication.",
          )}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
