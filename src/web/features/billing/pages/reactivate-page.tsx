import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useBillingSummary, useReactivate } from "../api/billing";
import { BillingCard, BillingLoading, formatDay } from "../components/billing-bits";
import { type ChargeSummary, ConfirmChargeModal, chargeTotal } from "../components/confirm-charge";
import { PlanPicker } from "../components/plan-picker";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/manage-subscription/reactivate: undo a cancellation or end a pause. */
export default function ReactivatePage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const summary = useBillingSummary();
  const reactivate = useReactivate();
  const navigate = useNavigate();
  const s = summary.data;
  // A canceled trial inside its 14 days is a trial again; a plan resumes as itself.
  const trialLeft =
    s?.status === "canceled" && s.trialEndsAt !== null && new Date(s.trialEndsAt) > new Date();
  const canResume =
    s && (s.status === "paused" || s.status === "canceled") && (s.plan !== null || trialLeft);
  const [confirming, setConfirming] = useState(false);
  // Resuming inside the paid period (or a trial) charges nothing; otherwise a new month is paid.
  const charged =
    s !== undefined &&
    !trialLeft &&
    !(s.status === "canceled" && s.periodEnd !== null && new Date(s.periodEnd) > new Date());
  const charge: ChargeSummary | null =
    s?.plan && charged
      ? {
          item: t("{{plan}} plan, 1 month", { plan: s.plan.name }),
          detail: t("{{n}} messages a month", { n: s.plan.monthlyCredits.toLocaleString("en-US") }),
          amountCents: s.plan.priceCents,
          monthly: true,
          addons: s.monthlyAddons,
        }
      : null;
  const run = () => {
    reactivate.reset();
    reactivate.mutate(
      { planId: null, amountCents: charge ? chargeTotal(charge) : undefined },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(t("Your account is active again"));
          navigate("/billing/summary");
        },
      },
    );
  };
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t("Reactivate")} />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your subscription could not be loaded")}
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : canResume ? (
        <BillingCard
          title={
            s.plan
              ? t("Reactivate {{plan}}", { plan: s.plan.name })
              : t("Reactivate your free trial")
          }
        >
          <Text size="sm">
            {trialLeft
              ? t("Your free trial continues until {{date}}.", {
                  date: formatDay(s.trialEndsAt, timeZone),
                })
              : s.status === "canceled" && s.periodEnd && new Date(s.periodEnd) > new Date()
                ? t("Your plan continues; nothing is charged until {{date}}.", {
                    date: formatDay(s.periodEnd, timeZone),
                  })
                : t("Your card is charged for a new month and sending starts again at once.")}
          </Text>
          {reactivate.isError && !confirming && (
            <Alert color="red" variant="light" role="alert">
              {formErrorOf(reactivate.error)}
            </Alert>
          )}
          <Button
            color="teal"
            loading={reactivate.isPending && !confirming}
            onClick={() => (charged ? setConfirming(true) : run())}
          >
            {t("Reactivate")}
          </Button>
          <ConfirmChargeModal
            charge={confirming ? charge : null}
            card={s.card}
            testPayments={s.processor === "test"}
            pending={reactivate.isPending}
            error={reactivate.isError ? formErrorOf(reactivate.error) : null}
            onClose={() => setConfirming(false)}
            onConfirm={run}
          />
        </BillingCard>
      ) : (
        <PlanPicker summary={s} />
      )}
    </Stack>
  );
}
