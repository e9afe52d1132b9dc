import { Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { tk } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useRegistrants } from "../api/webinars";
import { offsetText } from "../lib/offset-text";

const STATUS_COLOR: Record<string, string> = { scheduled: "blue", queued: "teal", skipped: "gray" };
const STATUS_LABEL: Record<string, string> = {
  scheduled: tk("Scheduled"),
  queued: tk("Sent"),
  skipped: tk("Skipped"),
};

/** An event's registrants: consent, and each reminder with when it goes (or why it did not). */
export function RegistrantsTable({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const regs = useRegistrants(eventId);
  const timeZone = useAccountTimeZone();
  const rows = regs.data?.rows ?? [];
  if (regs.isPending) return <TableSkeleton rows={3} />;
  if (regs.isError)
    return (
      <LoadFailed
        icon={<IconUsers size={28} />}
        title={t("Registrants could not be loaded")}
        query={regs}
      />
    );
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<IconUsers size={28} />}
        title={t("No registrants yet")}
        description={t("Import them from a CSV file, Zoom or GoTo.")}
      />
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="registrants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("Registrant")}</Table.Th>
            <Table.Th>{t("Consent")}</Table.Th>
            <Table.Th>{t("Reminders")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {[r.firstName, r.lastName].filter(Boolean).join(" ") || r.phone}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.phone}
                  {r.email ? ` · ${r.email}` : ""}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.consent ? (
                  <Badge color="teal" variant="light">
                    {t("Subscriber")}
                  </Badge>
                ) : (
                  <Tooltip label={t("No consent to texts: not a subscriber, no reminders")}>
                    <Badge color="gray" variant="light">
                      {t("No consent")}
                    </Badge>
                  </Tooltip>
                )}
              </Table.Td>
              <Table.Td>
                {r.reminders.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    {t("None")}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {r.reminders.map((m) => (
                      <Tooltip
                        key={m.offsetMinutes}
                        label={`${formatDateTime(m.dueAt, timeZone)}${m.note ? ` · ${m.note}` : ""}`}
                      >
                        <Badge
                          size="sm"
                          variant="light"
                          color={STATUS_COLOR[m.status] ?? "gray"}
                          tt="none"
                          data-testid="reminder-badge"
                        >
                          {offsetText(t, m.offsetMinutes)}:{" "}
                          {STATUS_LABEL[m.status] ? t(STATUS_LABEL[m.status]!) : m.status}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
