import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconReceipt } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useInvoices } from "../api/billing";
import { formatDay } from "../components/billing-bits";

/** /billing/payment-history: every charge, paid or failed, with its invoice. */
export default function PaymentHistoryPage() {
  const timeZone = useAccountTimeZone();
  const invoices = useInvoices();
  const rows = invoices.data?.rows ?? [];
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title="Payment History" />
      {invoices.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Payment history could not be loaded"
          query={invoices}
        />
      ) : !invoices.data ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={28} />}
          title="No payments yet"
          description="Plan payments and credit purchases show up here."
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/billing/payment-history/view?id=${r.id}`}>
                      {r.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDay(r.createdAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.description}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(r.amountCents)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.status === "paid" ? "teal" : "red"}>
                      {r.status === "paid" ? "Paid" : "Failed"}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
