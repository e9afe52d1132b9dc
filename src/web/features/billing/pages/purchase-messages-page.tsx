import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCreditCard } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useBillingSummary, useBundles, useBuyBundle } from "../api/billing";
import { BillingCard, BillingLoading, Muted } from "../components/billing-bits";
import { CreditRuleCard } from "../components/credit-rule-card";
import { TestPaymentsNotice } from "../components/test-payments";

/** /addons/purchase-messages: bundles of message credits, paid with the card on file. */
export default function PurchaseMessagesPage() {
  const summary = useBillingSummary();
  const bundles = useBundles();
  const buy = useBuyBundle();
  const [chosen, setChosen] = useState<{ qty: number; priceCents: number } | null>(null);
  const [bought, setBought] = useState<string | null>(null);
  const s = summary.data;
  const rows = bundles.data?.rows ?? [];
  const perText = (b: { qty: number; priceCents: number }) =>
    `$${(b.priceCents / 100 / b.qty).toFixed(3)} per text`;

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title="Purchase Messages"
        description="Bought credits add to your balance at once and never expire."
      />
      <TestPaymentsNotice />
      {summary.isError || bundles.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Bundles could not be loaded"
          query={summary.isError ? summary : bundles}
        />
      ) : !s || !bundles.data ? (
        <BillingLoading />
      ) : (
        <>
          <BillingCard title="Your balance">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fz={28} fw={800} data-testid="credit-balance">
                {s.balance.toLocaleString("en-US")}{" "}
                <Text span size="sm" c="dimmed" fw={400}>
                  message credits
                </Text>
              </Text>
              <Anchor component={Link} to="/billing/summary" size="sm">
                {s.autoTopup ? "Auto top-up is on" : "Set up auto top-up"}
              </Anchor>
            </Group>
            {s.card ? (
              <Muted>
                Paid with {s.card.brand} ending in {s.card.last4}.{" "}
                <Anchor component={Link} to="/billing/payment-method" size="sm">
                  Change card
                </Anchor>
              </Muted>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconCreditCard size={18} />}>
                Add a card to buy credits.{" "}
                <Anchor component={Link} to="/billing/payment-method">
                  Add Card
                </Anchor>
              </Alert>
            )}
          </BillingCard>
          {bought && (
            <Alert color="teal" variant="light" role="status">
              {bought}.{" "}
              <Anchor component={Link} to="/billing/payment-history">
                See the invoice
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {rows.map((b) => (
              <Card key={b.qty} withBorder radius="lg" p="lg" data-testid={`bundle-${b.qty}`}>
                <Stack gap={6}>
                  <Text fw={700} fz="lg">
                    {b.qty.toLocaleString("en-US")} credits
                  </Text>
                  <Text fz={26} fw={800}>
                    {formatUsd(b.priceCents)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {perText(b)}
                  </Text>
                  <Button mt="sm" disabled={!s.card} onClick={() => setChosen(b)}>
                    Buy {b.qty.toLocaleString("en-US")}
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
        title="Buy message credits"
        centered
      >
        {chosen && s?.card && (
          <Stack gap="md">
            <Text size="sm">
              Buy <b>{chosen.qty.toLocaleString("en-US")} message credits</b> for{" "}
              <b>{formatUsd(chosen.priceCents)}</b>, charged to {s.card.brand} ending in{" "}
              {s.card.last4}.
            </Text>
            {buy.isError && (
              <Alert color="red" variant="light" role="alert">
                {formErrorOf(buy.error)}{" "}
                <Anchor component={Link} to="/billing/payment-method">
                  Update Card
                </Anchor>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setChosen(null)}>
                Cancel
              </Button>
              <Button
                loading={buy.isPending}
                onClick={() =>
                  buy.mutate(
                    { qty: chosen.qty, amountCents: chosen.priceCents },
                    {
                      onSuccess: (res) => {
                        notify.success(res.message);
                        setBought(res.message);
                        setChosen(null);
                      },
                    },
                  )
                }
              >
                Pay {formatUsd(chosen.priceCents)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
