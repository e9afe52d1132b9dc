import { Badge, Modal, Table, Text } from "@mantine/core";
import { IconListDetails } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useApiKeyRequests } from "../api/api-keys";

function statusColor(status: number) {
  if (status < 300) return "green";
  if (status < 500) return "orange";
  return "red";
}

/** The last 100 requests made with a key, with their answers. */
export function KeyRequestsModal(props: {
  keyRow: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const requests = useApiKeyRequests(props.keyRow?.id ?? null);
  const tz = useAccountTimeZone();
  const rows = requests.data?.rows ?? [];
  return (
    <Modal
      opened={props.keyRow !== null}
      onClose={props.onClose}
      title={t("Requests made with '{{name}}'", { name: props.keyRow?.name ?? "" })}
      size="xl"
    >
      {requests.isPending ? (
        <TableSkeleton rows={4} />
      ) : requests.isError ? (
        <LoadFailed
          icon={<IconListDetails size={28} />}
          title={t("The request log could not be loaded")}
          query={requests}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconListDetails size={28} />}
          title={t("No requests yet")}
          description={t("Requests made with this key appear here with their status.")}
        />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="request-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("When")}</Table.Th>
                <Table.Th>{t("Request")}</Table.Th>
                <Table.Th>{t("Status")}</Table.Th>
                <Table.Th ta="right">{t("Time")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(r.createdAt, tz)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {r.method} {r.path}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(r.status)} variant="light">
                      {r.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{t("{{n}} ms", { n: r.durationMs })}</Text>
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
