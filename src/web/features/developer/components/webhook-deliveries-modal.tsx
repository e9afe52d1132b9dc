import { Badge, Button, Modal, Table, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { tk, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useReplayDelivery, useWebhookDeliveries } from "../api/webhooks";

const STATUS_COLOR = { pending: "blue", delivered: "green", failed: "red" } as const;
const STATUS_LABEL = {
  pending: tk("pending"),
  delivered: tk("delivered"),
  failed: tk("failed"),
} as const;

/** A webhook's last 100 deliveries: attempts, the receiver's answer, and Replay. */
export function WebhookDeliveriesModal(props: {
  hook: { id: number; url: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(props.hook?.id ?? null);
  const replay = useReplayDelivery();
  const tz = useAccountTimeZone();
  const rows = deliveries.data?.rows ?? [];
  return (
    <Modal opened={props.hook !== null} onClose={props.onClose} title={t("Deliveries")} size="xl">
      <Text size="sm" c="dimmed" mb="sm" style={{ overflowWrap: "anywhere" }}>
        {props.hook?.url}
      </Text>
      {deliveries.isPending ? (
        <TableSkeleton rows={4} />
      ) : deliveries.isError ? (
        <LoadFailed
          icon={<IconSend size={28} />}
          title={t("Deliveries could not be loaded")}
          query={deliveries}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconSend size={28} />}
          title={t("No deliveries yet")}
          description={t("Events this webhook subscribes to appear here as they are sent.")}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Event")}</Table.Th>
                <Table.Th>{t("Status")}</Table.Th>
                <Table.Th>{t("Attempts")}</Table.Th>
                <Table.Th>{t("Last answer")}</Table.Th>
                <Table.Th>{t("Created")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {d.eventType}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[d.status]} variant="light">
                      {t(STATUS_LABEL[d.status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {d.lastError
                        ? translateMessage(d.lastError)
                        : d.lastStatusCode
                          ? `HTTP ${d.lastStatusCode}`
                          : "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(d.createdAt, tz)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {d.status !== "pending" && props.hook && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={replay.isPending && replay.variables?.deliveryId === d.id}
                        onClick={() =>
                          replay.mutate(
                            { id: props.hook!.id, deliveryId: d.id },
                            { onSuccess: () => notify.success(t("Sent again")) },
                          )
                        }
                      >
                        {t("Replay")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
