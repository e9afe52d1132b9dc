import { Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useBillingSummary } from "../api/billing";
import { BillingLoading } from "../components/billing-bits";
import { PlanPicker } from "../components/plan-picker";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/manage-subscription/upgrade: choose a plan and pay for its first month. */
export default function UpgradePage() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t("Upgrade")}
        description={t("Plans renew monthly with their messages. Change or cancel any time.")}
      />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Plans could not be loaded")}
          query={summary}
        />
      ) : !summary.data ? (
        <BillingLoading />
      ) : (
        <PlanPicker summary={summary.data} />
      )}
    </Stack>
  );
}
