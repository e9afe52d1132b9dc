import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
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
  const timeZone = useAccountTimeZone();
  const summary = useBillingSummary();
  const location = useLocation();
  const switching =
    (location.state as { isSwitchingPlans?: boolean } | null)?.isSwitchingPlans === true;
  const s = summary.data;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Manage Subscription" />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Your subscription could not be loaded"
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : (
        <>
          {switching && (
            <Alert color="blue" variant="light">
              Switch to a plan that fits your budget: the Lite plan is{" "}
              {formatPrice(LITE.priceCents)} a month for {LITE.monthlyCredits} messages.
            </Alert>
          )}
          <BillingCard title="Your subscription">
            <Group gap="xs">
              <Text fw={700} fz="lg">
                {s.plan?.name ?? "Free trial"}
              </Text>
              <StatusBadge status={s.status} />
            </Group>
            <Muted>
              {s.plan
                ? `${formatUsd(s.plan.priceCents)} per month · ${s.plan.monthlyCredits.toLocaleString("en-US")} messages a month`
                : `${s.totalCredits.toLocaleString("en-US")} trial messages`}
              {s.status === "trial" && s.trialEndsAt
                ? ` · ends ${formatDay(s.trialEndsAt, timeZone)}`
                : s.status === "active" && s.periodEnd
                  ? ` · ${s.autoRenew ? "renews" : "ends"} ${formatDay(s.periodEnd, timeZone)}`
                  : ""}
            </Muted>
            {s.status === "canceled" && (
              <Text size="sm">
                Closes {formatDay(s.periodEnd, timeZone)} ({s.cancelReason}). Data kept until{" "}
                {formatDay(s.removeDataAt, timeZone)}.
              </Text>
            )}
            <Group gap="xs">
              {s.status === "paused" || s.status === "canceled" ? (
                <Button component={Link} to="/billing/manage-subscription/reactivate" color="teal">
                  Reactivate
                </Button>
              ) : (
                <Button
                  component={Link}
                  to="/billing/manage-subscription/cancel?cancel=1"
                  variant="default"
                  c="red.8"
                >
                  Cancel Subscription
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
