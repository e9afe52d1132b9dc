import { Alert } from "@mantine/core";
import { IconTestPipe } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBillingSummary } from "../api/billing";

/**
 * "Test payments" on every billing screen while the built-in test processor takes the payments:
 * only Stripe's test card numbers are taken and nothing is charged, so nobody takes it for money.
 */
export function TestPaymentsNotice() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  if (summary.data?.processor !== "test") return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconTestPipe size={20} />}
      title={t("Test payments")}
      data-testid="test-payments"
    >
      {t(
        "Payments here are tests: only Stripe's test card numbers are taken (4242 4242 4242 4242 pays) and no money is charged.",
      )}
    </Alert>
  );
}
