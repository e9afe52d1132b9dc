import { Modal, Stack, Table, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useChildAudit } from "../api/managed-accounts";

/** What people of this account did in a child account, newest first. */
export function AuditModal(props: {
  child: { id: number; businessName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const audit = useChildAudit(props.child?.id ?? null);
  const timeZone = useAccountTimeZone();
  const rows = audit.data?.rows ?? [];
  return (
    <Modal
      opened={props.child !== null}
      onClose={props.onClose}
      title={t("Activity in {{name}}", { name: props.child?.businessName ?? "" })}
      size="xl"
    >
      {audit.isPending ? (
        <TableSkeleton rows={4} />
      ) : audit.isError ? (
        <LoadFailed
          icon={<IconHistory size={28} />}
          title={t("The activity could not be loaded")}
          query={audit}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("Nothing yet.")}
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("When")}</Table.Th>
                  <Table.Th>{t("Who")}</Table.Th>
                  <Table.Th>{t("What")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(r.createdAt, timeZone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.actorName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {translateMessage(r.action)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
