import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  IconAlertTriangle,
  IconBell,
  IconMessagePlus,
  IconPhone,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EXTRA_NUMBER_PRICE_CENTS, formatPrice, MESSAGE_BUNDLES } from "../../../../domain/billing";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useMe } from "../../../lib/current-account";
import { useBillingSummary } from "../api/billing";
import { BillingCard, BillingLoading, Muted } from "../components/billing-bits";
import { KeywordPacksCard } from "../components/keyword-packs-card";
import { TestPaymentsNotice } from "../components/test-payments";

function AddOn(props: {
  title: string;
  icon: ReactNode;
  status: ReactNode;
  children: ReactNode;
  to: string;
  button: string;
}) {
  return (
    <BillingCard title={props.title}>
      <Group gap="xs" wrap="nowrap" align="center">
        {props.icon}
        {props.status}
      </Group>
      <Muted>{props.children}</Muted>
      <Group>
        <Button component={Link} to={props.to} variant="light">
          {props.button}
        </Button>
      </Group>
    </BillingCard>
  );
}

/** /billing/add-ons: what can be added to the plan, with where each stands and its page. */
export default function AddOnsPage() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  const me = useMe();
  const s = summary.data;
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={t("Add-ons")}
        description={t("More messages, international texting, reply alerts and extra numbers.")}
      />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Add-ons could not be loaded")}
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <AddOn
            title={t("Message credits")}
            icon={<IconMessagePlus size={20} aria-hidden />}
            status={
              <Text size="sm" fw={600}>
                {s.autoTopup
                  ? t("{{n}} credits left · auto top-up on", {
                      n: s.balance.toLocaleString("en-US"),
                    })
                  : t("{{n}} credits left", { n: s.balance.toLocaleString("en-US") })}
              </Text>
            }
            to="/addons/purchase-messages"
            button={t("Purchase Messages")}
          >
            {t("Bundles of {{from}} to {{to}} credits, paid with your card; they never expire.", {
              from: MESSAGE_BUNDLES[0].qty.toLocaleString("en-US"),
              to: MESSAGE_BUNDLES[MESSAGE_BUNDLES.length - 1]!.qty.toLocaleString("en-US"),
            })}
          </AddOn>
          <AddOn
            title={t("International messages")}
            icon={<IconWorld size={20} aria-hidden />}
            status={
              <Text size="sm" fw={600}>
                {t("{{n}} international credits left", {
                  count: s.internationalBalance,
                  n: s.internationalBalance.toLocaleString("en-US"),
                })}
              </Text>
            }
            to="/addons/international-messages"
            button={t("International Messages")}
          >
            {t(
              "Text subscribers abroad, such as in Canada or the Caribbean, with prepaid international credits.",
            )}
          </AddOn>
          <AddOn
            title={t("Phone alerts")}
            icon={<IconBell size={20} aria-hidden />}
            status={
              <Badge variant="light" color={me.data?.phoneAlerts ? "teal" : "gray"}>
                {me.data?.phoneAlerts ? t("On") : t("Off")}
              </Badge>
            }
            to="/addons/phone-alerts"
            button={t("Phone Alerts")}
          >
            {t("Get a text on your phone when a subscriber replies, outside your quiet hours.")}
          </AddOn>
          <AddOn
            title={t("Extra dedicated numbers")}
            icon={<IconPhone size={20} aria-hidden />}
            status={
              <Text size="sm" fw={600}>
                {t("{{price}} per month each", { price: formatPrice(EXTRA_NUMBER_PRICE_CENTS) })}
              </Text>
            }
            to="/dedicated-numbers"
            button={t("Dedicated Numbers")}
          >
            {t("A local or toll-free number of its own for a store, a team or a campaign.")}
          </AddOn>
          <KeywordPacksCard summary={s} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
