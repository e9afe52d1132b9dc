import { Button, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { BILLING_TEXT, type BillingSummary } from "../../../../domain/billing.schemas";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { usePlans, useUpgrade } from "../api/billing";
import { CardForm } from "./card-form";
import { type ChargeSummary, ConfirmChargeModal, chargeTotal } from "./confirm-charge";

type Plan = { id: string; name: string; priceCents: number; monthlyCredits: number };

/** Plans side by side; choosing one sums up the charge and asks to confirm it (a card first). */
export function PlanPicker({
  summary,
  includeLite = false,
}: {
  summary: BillingSummary;
  includeLite?: boolean;
}) {
  const { t } = useTranslation();
  const plans = usePlans();
  const upgrade = useUpgrade();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const navigate = useNavigate();
  const rows = (plans.data?.rows ?? []).filter((p) => includeLite || !p.retentionOnly);
  const current = summary.status === "active" ? summary.plan?.id : undefined;
  const charge: ChargeSummary | null = chosen && {
    item: t("{{plan}} plan, 1 month", { plan: chosen.name }),
    detail: t("{{n}} messages a month", { n: chosen.monthlyCredits.toLocaleString("en-US") }),
    amountCents: chosen.priceCents,
    monthly: true,
    addons: summary.monthlyAddons,
  };
  return (
    <Stack gap="md">
      {!summary.card && (
        <Card withBorder radius="lg" p="lg">
          <Text fw={600} mb="xs">
            {t("First, a card")}
          </Text>
          <CardForm submitLabel={t("Save Card")} testMode={summary.processor === "test"} />
        </Card>
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
                  {t("/ month")}
                </Text>
              </Text>
              <Text size="sm">
                {t("{{n}} messages a month", { n: p.monthlyCredits.toLocaleString() })}
              </Text>
              <Button
                mt="sm"
                disabled={!summary.card || p.id === current}
                onClick={() => {
                  upgrade.reset();
                  setChosen(p);
                }}
              >
                {p.id === current ? t("Current Plan") : t("Choose {{plan}}", { plan: p.name })}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ConfirmChargeModal
        charge={charge}
        card={summary.card}
        testPayments={summary.processor === "test"}
        pending={upgrade.isPending}
        error={upgrade.isError ? formErrorOf(upgrade.error) : null}
        onClose={() => setChosen(null)}
        onConfirm={() =>
          chosen &&
          charge &&
          upgrade.mutate(
            { planId: chosen.id, amountCents: chargeTotal(charge) },
            {
              onSuccess: () => {
                setChosen(null);
                notify.success(t(BILLING_TEXT.upgraded));
                navigate("/billing/summary");
              },
            },
          )
        }
      />
    </Stack>
  );
}
