import {
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useConversionSettings, useConversions, useSetConversionWindow } from "../api/analytics";

const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/**
 * Sales attributed to texts: the pixel the business puts on its order confirmation page, the
 * attribution window (last click within N days), and the last 30 days' conversions by send.
 */
export function ConversionsPanel() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const settings = useConversionSettings();
  const report = useConversions({});
  const save = useSetConversionWindow();
  const [days, setDays] = useState<number | string>(7);
  useEffect(() => {
    if (settings.data) setDays(settings.data.windowDays);
  }, [settings.data]);
  const s = settings.data;
  const r = report.data;
  const pixel = s ? `<img src="${s.pixelUrl}" width="1" height="1" alt="" />` : "";

  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid="conversions">
      <Title order={3} fz="md" mb={4}>
        {t("Conversions and revenue from texts")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(
          "A sale counts for a text when the customer clicked one of your tracked links within the window before buying (the last click gets the credit).",
        )}
      </Text>
      {r && (
        <Group gap="xl" mb="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t("Conversions, last 30 days")}
            </Text>
            <Text fz={24} fw={700} data-testid="conversions-count">
              {formatNumber(r.total.conversions)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t("Revenue")}
            </Text>
            <Text fz={24} fw={700} data-testid="conversions-revenue">
              {money(r.total.revenueCents)}
            </Text>
          </div>
        </Group>
      )}
      {r && r.bySend.length > 0 && (
        <Table.ScrollContainer minWidth={420} mb="sm">
          <Table striped horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Send", { context: "column" })}</Table.Th>
                <Table.Th ta="right">{t("Conversions")}</Table.Th>
                <Table.Th ta="right">{t("Revenue")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.bySend.map((x) => (
                <Table.Tr key={x.runId}>
                  <Table.Td maw={320}>
                    <Text size="sm" lineClamp={1}>
                      {x.text}
                    </Text>
                    {x.runAt && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(x.runAt, timeZone)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{x.conversions}</Table.Td>
                  <Table.Td ta="right">{money(x.revenueCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {s && (
        <Stack gap="xs">
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t("Attribution window (days)")}
              min={1}
              max={90}
              value={days}
              onChange={setDays}
              w={200}
            />
            <Button
              variant="default"
              loading={save.isPending}
              disabled={Number(days) === s.windowDays}
              onClick={() => save.mutate(Number(days))}
            >
              {t("Save")}
            </Button>
          </Group>
          <Text size="sm" fw={500}>
            {t("Conversion pixel for your order confirmation page")}
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {pixel}
          </Code>
          <Group gap="xs">
            <CopyButton value={pixel}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t("Copied") : t("Copy pixel")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t(
              "Replace {{phone}} with the customer's phone number (+1…), {{total}} with the order's amount and {{order}} with its number. From a server, POST the same fields (key, phone, value, order) as JSON to {{endpoint}} with the header X-Parley-CSRF: 1.",
              {
                phone: "{PHONE}",
                total: "{ORDER_TOTAL}",
                order: "{ORDER_ID}",
                endpoint: s.endpointUrl,
              },
            )}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
