import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import type { InvoiceRow } from "../../../../domain/billing.schemas";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useInvoices } from "../api/billing";
import { formatDay, INVOICE_BADGES, refundText } from "../components/billing-bits";
import { TestPaymentsNotice } from "../components/test-payments";

const PAYMENTS_LIST = defineList({});

/** /billing/payment-history: every charge, paid or failed, with its invoice. */
export default function PaymentHistoryPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const view = useListState(PAYMENTS_LIST, "local:payment-history");
  const invoices = useInvoices();
  const { rows, total } = clientRows(invoices.data?.rows ?? [], view);
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title={t("Payment History")} />
      <TestPaymentsNotice />
      <ListTable<InvoiceRow>
        frame="bare"
        query={invoices}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconReceipt size={28} />}
        failedTitle={t("Payment history could not be loaded")}
        empty={{
          title: t("No payments yet"),
          description: t("Plan payments and credit purchases show up here."),
        }}
        columns={[
          {
            accessor: "number",
            title: t("Invoice"),
            render: (r) => (
              <Anchor component={Link} to={`/billing/payment-history/view?id=${r.id}`} size="sm">
                {r.number}
              </Anchor>
            ),
          },
          {
            accessor: "createdAt",
            title: t("Date"),
            noWrap: true,
            render: (r) => formatDay(r.createdAt, timeZone),
          },
          {
            accessor: "description",
            title: t("Description"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (r) => <Text size="sm">{r.description}</Text>,
          },
          {
            accessor: "amountCents",
            title: t("Amount"),
            textAlign: "right",
            render: (r) => {
              const refund = refundText(t, r);
              return (
                <>
                  {formatUsd(r.amountCents)}
                  {refund && (
                    <Text size="xs" c="dimmed" data-testid="refund-note">
                      {refund}
                    </Text>
                  )}
                </>
              );
            },
          },
          {
            accessor: "status",
            title: t("Status"),
            render: (r) => (
              <Badge variant="light" color={INVOICE_BADGES[r.status].color}>
                {t(INVOICE_BADGES[r.status].label)}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}
