import { Alert, Button, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { BILLING_TEXT, type BillingSummary } from "../../../../domain/billing.schemas";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { usePlans, useUpgrade } from "../api/billing";
import { CardForm } from "./card-form";

/** Plans side by side; choosing one charges the card on file (or asks for one first). */
export function PlanPicker({
  summary,
  includeLite = false,
}: {
  summary: BillingSummary;
  includeLite?: boolean;
}) {
  const plans = usePlans();
  const upgrade = useUpgrade();
  const navigate = useNavigate();
  const rows = (plans.data?.rows ?? []).filter((p) => includeLite || !p.retentionOnly);
  const current = summary.status === "active" ? summary.plan?.id : undefined;
  return (
    <Stack gap="md">
      {!summary.card && (
        <Card withBorder radius="lg" p="lg">
          <Text fw={600} mb="xs">
            First, a card
          </Text>
          <CardForm submitLabel="Save Card" testMode={summary.processor === "test"} />
        </Card>
      )}
      {upgrade.isError && (
        <Alert color="red" variant="light" role="alert">
          {formErrorOf(upgrade.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: rows.length > 3 ? 4 : 3 }} spacing="md">
        {rows.map((p) => (
          <Card key={p.id} withBorder radius="lg" p="lg" data-testid={`plan-${p.id}`}>
            <Stack gap={6}>
              <Text fw={700} fz="lg">
                {p.name}
              </Text>
              <Text fz={28} fw={800}>
                {formatUsd(p.priceCents)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {" "}
                  / month
                </Text>
              </Text>
              <Text size="sm">{p.monthlyCredits.toLocaleString()} messages a month</Text>
              <Button
                mt="sm"
                disabled={!summary.card || p.id === current}
                loading={upgrade.isPending && upgrade.variables === p.id}
                onClick={() =>
                  upgrade.mutate(p.id, {
                    onSuccess: () => {
                      notify.success(BILLING_TEXT.upgraded);
                      navigate("/billing/summary");
                    },
                  })
                }
              >
                {p.id === current ? "Current Plan" : `Choose ${p.name}`}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
