import { Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy, IconUsers } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useReferrals } from "../api/billing";
import { BillingCard, BillingLoading, Muted } from "../components/billing-bits";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/refer: the account's referral link and what it has earned. */
export default function ReferPage() {
  const { t } = useTranslation();
  const referrals = useReferrals();
  const r = referrals.data;
  const link = r ? `${window.location.origin}${r.path}` : "";
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t("Refer a Business")}
        description={t("Know a business that should text its customers? Share your link.")}
        actions={
          <Button
            component={Link}
            to="/billing/refer/view-referrals"
            variant="light"
            leftSection={<IconUsers size={16} />}
          >
            {t("View Referrals")}
          </Button>
        }
      />
      <TestPaymentsNotice />
      {referrals.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your referral link could not be loaded")}
          query={referrals}
        />
      ) : !r ? (
        <BillingLoading />
      ) : (
        <>
          <BillingCard title={t("Your referral link")}>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="When a business signs up through your link and pays for its first plan or credits, you get <0>{{n}} free message credits</0>."
                values={{ n: r.creditsPerReferral.toLocaleString("en-US") }}
                components={[<b key="credits" />]}
              />
            </Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t("Link")}
                value={link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="referral-link"
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    color={copied ? "teal" : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? t("Copied") : t("Copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </BillingCard>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <BillingCard title={t("Signed up")}>
              <Text fz={28} fw={800} data-testid="referrals-signed-up">
                {r.signedUp}
              </Text>
              <Muted>{t("businesses through your link")}</Muted>
            </BillingCard>
            <BillingCard title={t("Paid")}>
              <Text fz={28} fw={800} data-testid="referrals-credited">
                {r.credited}
              </Text>
              <Muted>{t("of them paid")}</Muted>
            </BillingCard>
            <BillingCard title={t("Earned")}>
              <Text fz={28} fw={800} data-testid="referrals-earned">
                {r.creditsEarned.toLocaleString("en-US")}
              </Text>
              <Muted>{t("message credits")}</Muted>
            </BillingCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
