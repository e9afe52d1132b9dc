import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCreditCard } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useBillingSummary, useBundles, useBuyBundle } from "../api/billing";
import { BillingCard, BillingLoading, Muted } from "../components/billing-bits";
import { CreditRuleCard } from "../components/credit-rule-card";
import { TestPaymentsNotice } from "../components/test-payments";

/** /addons/purchase-messages: bundles of message credits, paid with the card on file. */
export default function PurchaseMessagesPage() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  const bundles = useBundles();
  const buy = useBuyBundle();
  const [chosen, setChosen] = useState<{ qty: number; priceCents: number } | null>(null);
  const [bought, setBought] = useState<string | null>(null);
  const s = summary.data;
  const rows = bundles.data?.rows ?? [];
  const perText = (b: { qty: number; priceCents: number }) =>
    t("{{price}} per text", { price: `$${(b.priceCents / 100 / b.qty).toFixed(3)}` });

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={t("Purchase Messages")}
        description={t("Bought credits add to your balance at once and never expire.")}
      />
      <TestPaymentsNotice />
      {summary.isError || bundles.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Bundles could not be loaded")}
          query={summary.isError ? summary : bundles}
        />
      ) : !s || !bundles.data ? (
        <BillingLoading />
      ) : (
        <>
          <BillingCard title={t("Your balance")}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fz={28} fw={800} data-testid="credit-balance">
                {s.balance.toLocaleString("en-US")}{" "}
                <Text span size="sm" c="dimmed" fw={400}>
                  {t("message credits")}
                </Text>
              </Text>
              <Anchor component={Link} to="/billing/summary" size="sm">
                {s.autoTopup ? t("Auto top-up is on") : t("Set up auto top-up")}
              </Anchor>
            </Group>
            {s.card ? (
              <Muted>
                {t("Paid with {{brand}} ending in {{last4}}.", {
                  brand: s.card.brand,
                  last4: s.card.last4,
                })}{" "}
                <Anchor component={Link} to="/billing/payment-method" size="sm">
                  {t("Change card")}
                </Anchor>
              </Muted>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconCreditCard size={18} />}>
                {t("Add a card to buy credits.")}{" "}
                <Anchor component={Link} to="/billing/payment-method">
                  {t("Add Card")}
                </Anchor>
              </Alert>
            )}
          </BillingCard>
          {bought && (
            <Alert color="teal" variant="light" role="status">
              {translateMessage(bought)}.{" "}
              <Anchor component={Link} to="/billing/payment-history">
                {t("See the invoice")}
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {rows.map((b) => (
              <Card key={b.qty} withBorder radius="lg" p="lg" data-testid={`bundle-${b.qty}`}>
                <Stack gap={6}>
                  <Text fw={700} fz="lg">
                    {t("{{n}} credits", { n: b.qty.toLocaleString("en-US") })}
                  </Text>
                  <Text fz={26} fw={800}>
                    {formatUsd(b.priceCents)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {perText(b)}
                  </Text>
                  <Button mt="sm" disabled={!s.card} onClick={() => setChosen(b)}>
                    {t("Buy {{n}}", { n: b.qty.toLocaleString("en-US") })}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <CreditRuleCard />
        </>
      )}
      <Modal
        opened={chosen !== null}
        onClose={() => {
          setChosen(null);
          buy.reset();
        }}
        title={t("Buy message credits")}
        centered
      >
        {chosen && s?.card && (
          <Stack gap="md">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="Buy <0>{{n}} message credits</0> for <1>{{price}}</1>, charged to {{brand}} ending in {{last4}}."
                values={{
                  n: chosen.qty.toLocaleString("en-US"),
                  price: formatUsd(chosen.priceCents),
                  brand: s.card.brand,
                  last4: s.card.last4,
                }}
                components={[<b key="credits" />, <b key="price" />]}
              />
            </Text>
            {buy.isError && (
              <Alert color="red" variant="light" role="alert">
                {formErrorOf(buy.error)}{" "}
                <Anchor component={Link} to="/billing/payment-method">
                  {t("Update Card")}
                </Anchor>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setChosen(null)}>
                {t("Cancel")}
              </Button>
              <Button
                loading={buy.isPending}
                onClick={() =>
                  buy.mutate(
                    { qty: chosen.qty, amountCents: chosen.priceCents },
                    {
                      onSuccess: (res) => {
                        notify.success(translateMessage(res.message));
                        setBought(res.message);
                        setChosen(null);
                      },
                    },
                  )
                }
              >
                {t("Pay {{amount}}", { amount: formatUsd(chosen.priceCents) })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
