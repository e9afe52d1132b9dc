import {
  Anchor,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary } from "../../../../domain/billing.schemas";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useAutoRenew, useBillingSummary } from "../api/billing";
import { AutoTopupCard } from "../components/auto-topup-card";
import {
  BillingCard,
  BillingLoading,
  formatDay,
  Muted,
  StatusBadge,
} from "../components/billing-bits";
import { AwaitingPayments, StripePortalButton } from "../components/stripe-payments";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/summary: plan, credits, price per text, auto top-up, card (doc 1 §3). */
export default function BillingSummaryPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const summary = useBillingSummary();
  const autoRenew = useAutoRenew();
  const s = summary.data;
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={t("Billing Summary")}
        actions={
          s?.status === "canceled" || s?.status === "paused" ? (
            <Button component={Link} to="/billing/manage-subscription/reactivate" color="teal">
              {t("Reactivate")}
            </Button>
          ) : (
            <Button component={Link} to="/billing/manage-subscription/upgrade">
              {s?.status === "active" || s?.status === "past_due"
                ? t("Change Plan")
                : t("Upgrade Account")}
            </Button>
          )
        }
      />
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
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <BillingCard title={t("Plan")}>
              <Group gap="xs">
                <Text fw={700} fz="xl">
                  {s.plan ? s.plan.name : t("Free trial")}
                </Text>
                <StatusBadge status={s.status} />
              </Group>
              {s.plan && (
                <Muted>
                  {t("{{price}} per month · {{n}} messages", {
                    price: formatUsd(s.plan.priceCents),
                    n: s.plan.monthlyCredits.toLocaleString(),
                  })}
                </Muted>
              )}
              <Muted>
                {s.status === "trial"
                  ? t("Your free trial ends {{date}}.", {
                      date: formatDay(s.trialEndsAt, timeZone),
                    })
                  : s.status === "expired"
                    ? t("Your free trial has ended. Choose a plan to keep sending.")
                    : s.status === "canceled"
                      ? t("Canceled: the account closes {{date}}; data is kept until {{until}}.", {
                          date: formatDay(s.periodEnd, timeZone),
                          until: formatDay(s.removeDataAt, timeZone),
                        })
                      : s.status === "past_due"
                        ? s.awaitingConfirmation.length > 0
                          ? t(
                              "Your bank asks you to confirm the last payment: choose Confirm payment above.",
                            )
                          : t("The last payment failed. Update your card to keep sending.")
                        : s.status === "paused"
                          ? t("Paused: nothing is billed and nothing is sent until you reactivate.")
                          : t("Renews {{date}}.", { date: formatDay(s.periodEnd, timeZone) })}
              </Muted>
              {s.status === "canceled" || s.status === "paused" || s.status === "expired" ? (
                <Muted>{t("Auto-renew: off. Nothing is charged until you reactivate.")}</Muted>
              ) : (
                <Switch
                  label={t("Auto-renew")}
                  description={t(
                    "Renew the plan, with its messages, every month. Off: the plan ends at its renewal date.",
                  )}
                  checked={s.autoRenew}
                  disabled={autoRenew.isPending}
                  onChange={(e) => autoRenew.mutate(e.currentTarget.checked)}
                />
              )}
              <NextInvoice summary={s} timeZone={timeZone} />
              <Group gap="xs">
                <Button variant="light" component={Link} to="/billing/manage-subscription">
                  {t("Manage Subscription")}
                </Button>
                {(s.status === "paused" || s.status === "canceled") && (
                  <Button
                    variant="light"
                    color="teal"
                    component={Link}
                    to="/billing/manage-subscription/reactivate"
                  >
                    {t("Reactivate")}
                  </Button>
                )}
              </Group>
            </BillingCard>
            <BillingCard title={t("Message credits")}>
              <Group justify="space-between">
                <Text size="sm">
                  <Trans
                    t={t}
                    i18nKey="<0>{{used}}</0> used of <1>{{total}}</1>"
                    values={{
                      used: s.usedCredits.toLocaleString(),
                      total: s.totalCredits.toLocaleString(),
                    }}
                    components={[<b key="used" />, <b key="total" />]}
                  />
                </Text>
                <Text size="sm" c="dimmed">
                  {t("{{n}} left", { n: s.balance.toLocaleString() })}
                </Text>
              </Group>
              <Progress
                value={s.totalCredits ? Math.min(100, (s.usedCredits / s.totalCredits) * 100) : 0}
                aria-label={t("Credits used")}
              />
              <Muted>
                {t("Price per text: {{price}} · International credits: {{n}}", {
                  price: `$${s.pricePerText.toFixed(2)}`,
                  n: s.internationalBalance.toLocaleString(),
                })}
              </Muted>
              <Group gap="md">
                <Anchor component={Link} to="/addons/purchase-messages" size="sm">
                  {t("Buy more credits")}
                </Anchor>
                <Anchor component={Link} to="/billing/add-ons" size="sm">
                  {t("All add-ons")}
                </Anchor>
              </Group>
            </BillingCard>
            <AutoTopupCard summary={s} />
            <BillingCard title={t("Payment method")}>
              {s.card ? (
                <Text size="sm">
                  {t("{{brand}} ending in {{last4}}, expires {{month}}/{{year}}", {
                    brand: s.card.brand,
                    last4: s.card.last4,
                    month: String(s.card.expMonth).padStart(2, "0"),
                    year: s.card.expYear,
                  })}
                </Text>
              ) : (
                <Muted>{t("No card on file.")}</Muted>
              )}
              <Group>
                <Button variant="light" component={Link} to="/billing/payment-method">
                  {s.card ? t("Update Card") : t("Add Card")}
                </Button>
              </Group>
              {s.processor === "stripe" && <StripePortalButton />}
            </BillingCard>
            <BillingCard title={t("Payment history")}>
              <Muted>{t("Every charge with its invoice number and a PDF.")}</Muted>
              <Group>
                <Button variant="light" component={Link} to="/billing/payment-history">
                  {t("View Payment History")}
                </Button>
              </Group>
            </BillingCard>
            <BillingCard title={t("Refer a business")}>
              <Muted>
                {t("Share your link: when a business you refer pays, you get free messages.")}
              </Muted>
              <Group>
                <Button variant="light" component={Link} to="/billing/refer">
                  {t("Get Your Link")}
                </Button>
              </Group>
            </BillingCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/**
 * What the next renewal charges, line by line as its invoice will list them: the plan's month
 * and each monthly add-on held (extra numbers, keyword packs). Shown while the plan renews.
 */
function NextInvoice({ summary: s, timeZone }: { summary: BillingSummary; timeZone: string }) {
  const { t } = useTranslation();
  if (!s.plan || !s.autoRenew || (s.status !== "active" && s.status !== "past_due")) return null;
  const lines = [
    {
      description: t("{{plan}} plan, 1 month", { plan: s.plan.name }),
      amountCents: s.plan.priceCents,
    },
    ...s.monthlyAddons,
  ];
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t("Next invoice, {{date}}", { date: formatDay(s.periodEnd, timeZone) })}
      </Text>
      <Table aria-label={t("Next invoice")} withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {lines.map((l, i) => (
            // Two packs have the same description: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
            <Table.Tr key={i}>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td ta="right">{formatUsd(l.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{t("Total")}</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="next-invoice-total">
              {formatUsd(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
