import { Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useReferrals } from "../api/billing";
import { BillingCard, BillingLoading, Muted } from "../components/billing-bits";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/refer: the account's referral link and what it has earned. */
export default function ReferPage() {
  const referrals = useReferrals();
  const r = referrals.data;
  const link = r ? `${window.location.origin}${r.path}` : "";
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Refer a Business"
        description="Know a business that should text its customers? Share your link."
        actions={
          <Button
            component={Link}
            to="/billing/refer/view-referrals"
            variant="light"
            leftSection={<IconUsers size={16} />}
          >
            View Referrals
          </Button>
        }
      />
      <TestPaymentsNotice />
      {referrals.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Your referral link could not be loaded"
          query={referrals}
        />
      ) : !r ? (
        <BillingLoading />
      ) : (
        <>
          <BillingCard title="Your referral link">
            <Text size="sm">
              When a business signs up through your link and pays for its first plan or credits, you
              get <b>{r.creditsPerReferral.toLocaleString("en-US")} free message credits</b>.
            </Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Link"
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
                    {copied ? "Copied" : "Copy"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </BillingCard>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <BillingCard title="Signed up">
              <Text fz={28} fw={800} data-testid="referrals-signed-up">
                {r.signedUp}
              </Text>
              <Muted>businesses through your link</Muted>
            </BillingCard>
            <BillingCard title="Paid">
              <Text fz={28} fw={800} data-testid="referrals-credited">
                {r.credited}
              </Text>
              <Muted>of them paid</Muted>
            </BillingCard>
            <BillingCard title="Earned">
              <Text fz={28} fw={800} data-testid="referrals-earned">
                {r.creditsEarned.toLocaleString("en-US")}
              </Text>
              <Muted>message credits</Muted>
            </BillingCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
