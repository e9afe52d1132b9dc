import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  IconCalendarEvent,
  IconFileCheck,
  IconMessageCircle,
  IconPigMoney,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatPrice, planById } from "../../../../domain/billing";
import {
  BILLING_TEXT,
  type BillingSummary,
  CANCEL_OFFERS,
  type CancelReason,
  LITE_OFFER,
} from "../../../../domain/billing.schemas";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { recordCancelStage, useSchedulingLink, useUpgrade } from "../api/billing";
import { type ChargeSummary, ConfirmChargeModal, chargeTotal } from "./confirm-charge";

const ICONS = {
  plans: IconPigMoney,
  form: IconFileCheck,
  schedule: IconCalendarEvent,
  chat: IconMessageCircle,
};

/** The live chat opens in a window of its own (doc 1 §4 'Other Issue'). */
function openChat() {
  window.open("/help/contact-us?chat=1", "parley-chat", "popup,width=520,height=720");
}

/**
 * The retention offer of a cancellation reason (doc 1 §4). 'Too expensive' adds the Lite plan:
 * $10 per month, 200 monthly messages, 'I'll give it a try' switches to it at once.
 */
export function CancelOffer({
  reason,
  summary,
}: {
  reason: CancelReason;
  summary: BillingSummary;
}) {
  const { t } = useTranslation();
  const offer = CANCEL_OFFERS[reason];
  const navigate = useNavigate();
  const upgrade = useUpgrade();
  const [confirming, setConfirming] = useState(false);
  const hasCard = summary.card !== null;
  const lite = planById("lite")!;
  const liteMessages = t("{{n}} monthly messages", { n: lite.monthlyCredits });
  const liteCharge: ChargeSummary = {
    item: t("{{plan}} plan, 1 month", { plan: lite.name }),
    detail: liteMessages,
    amountCents: lite.priceCents,
    monthly: true,
    addons: summary.monthlyAddons,
  };
  const scheduling = useSchedulingLink();
  if (!offer) return null;
  const Icon = ICONS[offer.kind];
  const accepted = () => recordCancelStage("offer_accepted", reason);
  const bookingUrl = scheduling.data?.url ?? null;

  const action =
    offer.kind === "plans" ? (
      <Button
        variant="light"
        onClick={() => {
          accepted();
          navigate("/billing/manage-subscription", { state: { isSwitchingPlans: true } });
        }}
      >
        {t(offer.button)}
      </Button>
    ) : offer.kind === "form" ? (
      <Button
        onClick={() => {
          accepted();
          navigate("/dashboard?forceBrandRegistration=1");
        }}
      >
        {t(offer.button)}
      </Button>
    ) : offer.kind === "schedule" ? (
      bookingUrl ? (
        <Button
          component="a"
          href={bookingUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={accepted}
        >
          {t(offer.button)}
        </Button>
      ) : (
        <Button component={Link} to="/help/meet-with-an-engineer" onClick={accepted}>
          {t(offer.button)}
        </Button>
      )
    ) : (
      <Button
        onClick={() => {
          accepted();
          openChat();
        }}
      >
        {t(offer.button)}
      </Button>
    );

  return (
    <Stack gap="md" data-testid="cancel-offer">
      <SimpleGrid cols={{ base: 1, sm: offer.kind === "plans" ? 2 : 1 }} spacing="md">
        <Card withBorder radius="lg" p="lg">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <Icon size={22} aria-hidden />
              <Title order={3} fz="lg">
                {t(offer.title)}
              </Title>
            </Group>
            <Text size="sm">{t(offer.body)}</Text>
            {action}
          </Stack>
        </Card>
        {offer.kind === "plans" && (
          <Card withBorder radius="lg" p="lg" data-testid="lite-offer">
            <Stack gap="xs" align="flex-start">
              <Badge variant="light">{t("Only for you")}</Badge>
              <Title order={3} fz="lg">
                {t(LITE_OFFER.title)}
              </Title>
              <Text fz={28} fw={800} lh={1.1}>
                {t("{{price}} per month", { price: formatPrice(lite.priceCents) })}
              </Text>
              <Text size="sm">{liteMessages}</Text>
              {!hasCard && (
                <Text size="sm" c="dimmed">
                  <Trans
                    t={t}
                    i18nKey="Add a card first on <0>Payment Method</0>."
                    components={[
                      <Anchor key="card" component={Link} to="/billing/payment-method" />,
                    ]}
                  />
                </Text>
              )}
              <Button
                disabled={!hasCard}
                onClick={() => {
                  upgrade.reset();
                  setConfirming(true);
                }}
              >
                {t(LITE_OFFER.button)}
              </Button>
              <ConfirmChargeModal
                charge={confirming ? liteCharge : null}
                card={summary.card}
                testPayments={summary.processor === "test"}
                pending={upgrade.isPending}
                error={upgrade.isError ? formErrorOf(upgrade.error) : null}
                onClose={() => setConfirming(false)}
                onConfirm={() => {
                  accepted();
                  upgrade.mutate(
                    { planId: "lite", amountCents: chargeTotal(liteCharge) },
                    {
                      onSuccess: () => {
                        setConfirming(false);
                        notify.success(t(BILLING_TEXT.upgraded));
                        navigate("/billing/summary");
                      },
                    },
                  );
                }}
              />
            </Stack>
          </Card>
        )}
      </SimpleGrid>
      {offer.kind === "chat" && (
        <Text size="sm" c="dimmed">
          {t("The chat opens in a new window.")}
        </Text>
      )}
    </Stack>
  );
}
