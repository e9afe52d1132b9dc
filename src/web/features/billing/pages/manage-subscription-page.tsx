import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useBillingSummary } from "../api/billing";
import { BillingCard, BillingLoading, formatDay, StatusBadge } from "../components/billing-bits";
import { PlanPicker } from "../components/plan-picker";

/** /billing/manage-subscription; state isSwitchingPlans opens it on the plans (doc 1 §4). */
export default function ManageSubscriptionPage() {
  const summary = useBillingSummary();
  const location = useLocation();
  const switching =
    (location.state as { isSwitchingPlans?: boolean } | null)?.isSwitchingPlans === true;
  const s = summary.data;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Manage Subscription" />
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
              Switch to a plan that fits your budget: the Lite plan is $10 a month for 200 messages.
            </Alert>
          )}
          <BillingCard title="Your subscription">
            <Group gap="xs">
              <Text fw={700}>{s.plan?.name ?? "Free trial"}</Text>
              <StatusBadge status={s.status} />
            </Group>
            {s.status === "canceled" && (
              <Text size="sm">
                Closes {formatDay(s.periodEnd)} ({s.cancelReason}). Data kept until{" "}
                {formatDay(s.removeDataAt)}.
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
                  variant="subtle"
                  color="red"
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
