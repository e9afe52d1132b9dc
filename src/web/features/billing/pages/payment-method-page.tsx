import { Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { BILLING_TEXT } from "../../../../domain/billing.schemas";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/notify";
import { useBillingSummary } from "../api/billing";
import { BillingCard, BillingLoading } from "../components/billing-bits";
import { CardForm } from "../components/card-form";
import { AwaitingPayments, StripePortalButton } from "../components/stripe-payments";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/payment-method: the card on file; a past-due renewal is paid with the new card. */
export default function PaymentMethodPage() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  const s = summary.data;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={t("Payment Method")} />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Billing could not be loaded")}
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : (
        <>
          <AwaitingPayments summary={s} />
          <BillingCard title={s.card ? t("Update your card") : t("Add a card")}>
            {s.card && (
              <Text size="sm" data-testid="card-on-file">
                {t("On file: {{brand}} ending in {{last4}}", {
                  brand: s.card.brand,
                  last4: s.card.last4,
                })}
              </Text>
            )}
            <CardForm
              submitLabel={t("Save Card")}
              testMode={s.processor === "test"}
              onSaved={() => notify.success(t(BILLING_TEXT.cardSaved))}
            />
            {s.processor === "stripe" && <StripePortalButton />}
          </BillingCard>
        </>
      )}
    </Stack>
  );
}
