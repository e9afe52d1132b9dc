import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ReferralRow } from "../../../../domain/billing.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useReferralList } from "../api/billing";
import { formatDay } from "../components/billing-bits";

const STATUS: Record<ReferralRow["status"], { label: string; color: string }> = {
  signed_up: { label: "Signed up", color: "blue" },
  credited: { label: "Paid: credited", color: "teal" },
  removed: { label: "Account closed", color: "gray" },
};

/** /billing/refer/view-referrals: who signed up through the link, and who has paid. */
export default function ViewReferralsPage() {
  const timeZone = useAccountTimeZone();
  const list = useReferralList();
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title="Your Referrals"
        actions={
          <Button component={Link} to="/billing/refer" variant="light">
            Your Referral Link
          </Button>
        }
      />
      {list.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Your referrals could not be loaded"
          query={list}
        />
      ) : !list.data ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={28} />}
          title="No referrals yet"
          description={
            <>
              Businesses that sign up through <Link to="/billing/refer">your link</Link> show up
              here.
            </>
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Business</Table.Th>
                <Table.Th>Signed up</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Credits earned</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="referral-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.business}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDay(r.signedUpAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS[r.status].color}>
                      {STATUS[r.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{r.credits.toLocaleString("en-US")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
