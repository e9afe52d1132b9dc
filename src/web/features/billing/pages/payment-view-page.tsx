import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconReceiptOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useInvoice } from "../api/billing";
import {
  BillingCard,
  BillingLoading,
  formatDay,
  INVOICE_BADGES,
  refundText,
} from "../components/billing-bits";
import { TestPaymentsNotice } from "../components/test-payments";

/** /billing/payment-history/view?id=N: one invoice and its PDF. */
export default function PaymentViewPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const invoice = useInvoice(id);
  const i = invoice.data;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title={t("Payment Details")}
        actions={
          <Button variant="default" component={Link} to="/billing/payment-history">
            {t("Back")}
          </Button>
        }
      />
      <TestPaymentsNotice />
      {id === null ? (
        <EmptyState icon={<IconReceiptOff size={28} />} title={t("This invoice does not exist")} />
      ) : invoice.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("This invoice could not be loaded")}
          query={invoice}
        />
      ) : !i ? (
        <BillingLoading />
      ) : (
        <BillingCard title={t("Invoice {{number}}", { number: i.number })}>
          <Group gap="xs">
            <Badge variant="light" color={INVOICE_BADGES[i.status].color}>
              {t(INVOICE_BADGES[i.status].label)}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatDay(i.createdAt, timeZone)}
            </Text>
          </Group>
          <Text>{i.description}</Text>
          {i.lines.length > 1 && (
            <Table aria-label={t("Invoice lines")} data-testid="invoice-lines">
              <Table.Tbody>
                {i.lines.map((l) => (
                  <Table.Tr key={l.description}>
                    <Table.Td>{l.description}</Table.Td>
                    <Table.Td ta="right">{formatUsd(l.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text fz="xl" fw={700}>
            {formatUsd(i.amountCents)}
          </Text>
          {refundText(t, i) && (
            <Text size="sm" data-testid="refund-note">
              {refundText(t, i)}
            </Text>
          )}
          {i.card && <Text size="sm">{t("Charged to {{card}}", { card: i.card })}</Text>}
          {i.failure && (
            <Text size="sm" c="red">
              {translateMessage(i.failure)}
            </Text>
          )}
          <Group>
            <Button
              component="a"
              href={`/api/billing/invoices/${i.id}/pdf`}
              leftSection={<IconDownload size={16} />}
              variant="light"
            >
              {t("Download PDF")}
            </Button>
          </Group>
        </BillingCard>
      )}
    </Stack>
  );
}
