import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { formatPrice, formatUsd, planById } from "../../../../domain/billing";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useBillingSummary } from "../api/billing";
import {
  BillingCard,
  BillingLoading,
  formatDay,
  Muted,
  StatusBadge,
} from "../components/billing-bits";
import { PlanPicker } from "../components/plan-picker";
import { TestPaymentsNotice } from "../components/test-payments";

/** The retention-only plan the plan-switching mode points to (doc 1 §4 'Too expensive'). */
const LITE = planById("lite")!;

/** /billing/manage-subscription; state isSwitchingPlans opens it on the plans (doc 1 §4). */
export default function ManageSubscriptionPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const summary = useBillingSummary();
  const location = useLocation();
  const switching =
    (location.state as { isSwitchingPlans?: boolean } | null)?.isSwitchingPlans === true;
  const s = summary.data;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t("Manage Subscription")} />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your subscription could not be loaded")}
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : (
        <>
          {switching && (
            <Alert color="blue" variant="light">
              {t(
                "Switch to a plan that fits your budget: the Lite plan is {{price}} a month for {{n}} messages.",
                { price: formatPrice(LITE.priceCents), n: LITE.monthlyCredits },
              )}
            </Alert>
          )}
          <BillingCard title={t("Your subscription")}>
            <Group gap="xs">
              <Text fw={700} fz="lg">
                {s.plan?.name ?? t("Free trial")}
              </Text>
              <StatusBadge status={s.status} />
            </Group>
            <Muted>
              {s.plan
                ? t("{{price}} per month · {{n}} messages a month", {
                    price: formatUsd(s.plan.priceCents),
                    n: s.plan.monthlyCredits.toLocaleString("en-US"),
                  })
                : t("{{n}} trial messages", { n: s.totalCredits.toLocaleString("en-US") })}
              {s.status === "trial" && s.trialEndsAt
                ? ` · ${t("ends {{date}}", { date: formatDay(s.trialEndsAt, timeZone) })}`
                : s.status === "active" && s.periodEnd
                  ? ` · ${s.autoRenew ? t("renews {{date}}", { date: formatDay(s.periodEnd, timeZone) }) : t("ends {{date}}", { date: formatDay(s.periodEnd, timeZone) })}`
                  : ""}
            </Muted>
            {s.status === "canceled" && (
              <Text size="sm">
                {t("Closes {{date}} ({{reason}}). Data kept until {{until}}.", {
                  date: formatDay(s.periodEnd, timeZone),
                  reason: s.cancelReason ? t(s.cancelReason) : "",
                  until: formatDay(s.removeDataAt, timeZone),
                })}
              </Text>
            )}
            <Group gap="xs">
              {s.status === "paused" || s.status === "canceled" ? (
                <Button component={Link} to="/billing/manage-subscription/reactivate" color="teal">
                  {t("Reactivate")}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to="/billing/manage-subscription/cancel?cancel=1"
                  variant="default"
                  c="red.8"
                >
                  {t("Cancel Subscription")}
                </Button>
              )}
            </Group>
          </BillingCard>
          <PlanPicker summary={s} includeLite={switching || s.plan?.id === "lite"} />
        </>
      )}
    </Stack>
  );
}
