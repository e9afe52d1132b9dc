import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconWorld } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPrice, formatUsd, INTERNATIONAL_PACK } from "../../../../domain/billing";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useBuyInternational, useCredits } from "../api/addons";

/** /addons/international-messages: the international credits texts abroad spend (doc 2 §8). */
export default function InternationalMessagesPage() {
  const { t } = useTranslation();
  const credits = useCredits();
  const buy = useBuyInternational();
  const me = useCurrentAccount();
  const canBuy = meCan(me, "credits:buy") && !me?.isTestAccount;
  const onBuy = () =>
    buy.mutate(undefined, {
      // The server says "Purchased" and the same pack's label, built from INTERNATIONAL_PACK.
      onSuccess: () =>
        notify.success(
          t("Purchased {{price}} of international credits", {
            price: formatPrice(INTERNATIONAL_PACK.priceCents),
          }),
        ),
      onError: (err) => {
        if (err instanceof ApiError) notify.error(err.message);
      },
    });

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t("International Messages")}
        description={t("Text subscribers outside the United States, such as in Canada.")}
      />
      {credits.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your credits could not be loaded")}
          query={credits}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Group gap="xs">
                <IconWorld size={20} aria-hidden />
                <Text fw={600}>{t("International credits")}</Text>
              </Group>
              <Title order={3} data-testid="international-balance">
                {credits.data ? credits.data.internationalBalance : "…"}
              </Title>
              <Text size="sm" c="dimmed">
                {t("credits left ({{price}} each)", {
                  price: formatUsd(INTERNATIONAL_PACK.priceCents / INTERNATIONAL_PACK.qty),
                })}
              </Text>
              {canBuy ? (
                <Button mt="sm" onClick={onBuy} loading={buy.isPending}>
                  {t("Buy {{price}} of international credits", {
                    price: formatPrice(INTERNATIONAL_PACK.priceCents),
                  })}
                </Button>
              ) : (
                <Alert color="gray" mt="sm">
                  {me?.isTestAccount
                    ? t("Test accounts cannot buy credits. Upgrade your account first.")
                    : t("Only an administrator, manager or the owner can buy credits.")}
                </Alert>
              )}
              <Text size="xs" c="dimmed">
                <Trans
                  t={t}
                  i18nKey="Paid with the card on file (<0>payment method</0>)."
                  components={[
                    <Anchor key="card" component={Link} inherit to="/billing/payment-method" />,
                  ]}
                />
              </Text>
            </Stack>
          </Card>
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Text fw={600}>{t("How they are spent")}</Text>
              <List size="sm" spacing={6}>
                <List.Item>
                  {t(
                    "A text to a number outside the United States and its territories spends international credits as well as its message credits: one per segment, three for an MMS.",
                  )}
                </List.Item>
                <List.Item>
                  {t(
                    "Without enough of them a one-to-one or test text is not sent and nothing is charged; the composer offers to buy {{price}} more on the spot.",
                    { price: formatPrice(INTERNATIONAL_PACK.priceCents) },
                  )}
                </List.Item>
                <List.Item>
                  {t(
                    "A campaign still goes to everyone at home; its recipients abroad are not sent, and its report says so for each of them.",
                  )}
                </List.Item>
                <List.Item>
                  {t("International credits do not expire. A text that fails gives them back.")}
                </List.Item>
              </List>
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}
