import { Paper, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useClicksBySubscriber, useClickThrough } from "../api/reports";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * Under the tracked links: who clicks most (clicks per subscriber) and each send's click-through
 * (of the people it reached, how many opened its link within a week), for the last 30 days.
 */
export function LinkEngagement() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const people = useClicksBySubscriber({ page: 0, pageSize: 10 });
  const sends = useClickThrough({});
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md" data-testid="link-engagement">
      <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
        <Title order={3} fz="md" mb="sm">
          {t("Clicks per subscriber, last 30 days")}
        </Title>
        {!people.data ? null : people.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("Nobody clicked a tracked link in the last 30 days.")}
          </Text>
        ) : (
          <Table striped horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Subscriber")}</Table.Th>
                <Table.Th ta="right">{t("Clicks")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.rows.map((r) => (
                <Table.Tr key={r.subscriberId}>
                  <Table.Td>
                    <Text size="sm">{r.name || r.phone}</Text>
                    <Text size="xs" c="dimmed">
                      {t("Last {{date}}", { date: formatDateTime(r.lastClickAt, timeZone) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{r.clicks}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
        <Title order={3} fz="md" mb="sm">
          {t("Click-through per send")}
        </Title>
        {!sends.data ? null : sends.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("No send with a tracked link in the last 30 days.")}
          </Text>
        ) : (
          <Table striped horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Send", { context: "column" })}</Table.Th>
                <Table.Th ta="right">{t("Clicked")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sends.data.rows.map((r) => (
                <Table.Tr key={r.runId}>
                  <Table.Td maw={300}>
                    <Text size="sm" lineClamp={1}>
                      {r.text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.runAt, timeZone)} ·{" "}
                      {t("{{clickers}} of {{delivered}}", {
                        clickers: r.clickers,
                        delivered: r.delivered,
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{pct(r.rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}
