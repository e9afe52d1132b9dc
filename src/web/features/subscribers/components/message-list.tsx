import { Alert, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconMessageOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { type DeliveryStatus, statusGroup } from "../../../../domain/delivery-status";
import { EmptyState } from "../../../components/empty-state";
import { formatNumber, translateMessage } from "../../../i18n";
import { useSubscriberMessages } from "../api/get-subscriber-messages";
import { formatDateTime } from "../lib/dates";

const STATUS_COLOR: Record<string, string> = {
  sending: "gray",
  sent: "blue",
  delivered: "teal",
  unconfirmed: "gray",
  failed: "red",
  blocked: "red",
};

function statusColor(status: string): string {
  if (status === "Received") return "gray";
  return STATUS_COLOR[statusGroup(status as DeliveryStatus)] ?? "gray";
}

/** Messages sent to and received from the number, newest first, with older ones on demand. */
export function MessageList(props: { subscriberId: number; timeZone: string }) {
  const { t } = useTranslation();
  const messages = useSubscriberMessages(props.subscriberId);
  if (messages.isPending) {
    return (
      <Stack gap="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} w={i % 2 ? "70%" : "80%"} ml={i % 2 ? "auto" : 0} />
        ))}
      </Stack>
    );
  }
  if (messages.isError) {
    return <Alert color="red">{t("The messages could not be loaded. Please try again.")}</Alert>;
  }
  const rows = messages.data.pages.flatMap((p) => p.rows);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<IconMessageOff size={28} />}
        title={t("No messages yet")}
        description={t("Messages you send to this number and its replies will show here.")}
      />
    );
  }
  const total = messages.data.pages[0]?.total ?? rows.length;
  return (
    <Stack gap="sm" data-testid="subscriber-messages">
      <Text size="xs" c="dimmed">
        {t("{{n}} messages, newest first", { count: total, n: formatNumber(total) })}
      </Text>
      {rows.map((m) => {
        const outbound = m.direction === "outbound";
        return (
          <Box key={m.id} maw="85%" ml={outbound ? "auto" : 0}>
            <Paper
              p="sm"
              radius="lg"
              bg={
                outbound
                  ? "var(--mantine-primary-color-light)"
                  : "var(--mantine-color-default-hover)"
              }
            >
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {m.body || (m.mediaUrls.length ? t("(picture message)") : t("(empty message)"))}
              </Text>
            </Paper>
            <Group gap={6} mt={4} justify={outbound ? "flex-end" : "flex-start"}>
              <Text size="xs" c="dimmed">
                {outbound
                  ? t("Sent from {{number}}", { number: displayPhone(m.businessNumber) })
                  : t("Received on {{number}}", { number: displayPhone(m.businessNumber) })}
                {" · "}
                {formatDateTime(m.createdAt, props.timeZone)}
              </Text>
              {outbound && (
                <Badge size="xs" variant="light" color={statusColor(m.status)}>
                  {translateMessage(m.status)}
                </Badge>
              )}
            </Group>
          </Box>
        );
      })}
      {messages.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
        >
          {t("Show older messages")}
        </Button>
      )}
    </Stack>
  );
}
