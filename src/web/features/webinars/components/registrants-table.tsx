import { Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { offsetLabel } from "../../../../domain/webinars";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useRegistrants } from "../api/webinars";

const STATUS_COLOR: Record<string, string> = { scheduled: "blue", queued: "teal", skipped: "gray" };
const STATUS_LABEL: Record<string, string> = {
  scheduled: "Scheduled",
  queued: "Sent",
  skipped: "Skipped",
};

/** An event's registrants: consent, and each reminder with when it goes (or why it did not). */
export function RegistrantsTable({ eventId }: { eventId: number }) {
  const regs = useRegistrants(eventId);
  const timeZone = useAccountTimeZone();
  const rows = regs.data?.rows ?? [];
  if (regs.isPending) return <TableSkeleton rows={3} />;
  if (regs.isError)
    return (
      <LoadFailed
        icon={<IconUsers size={28} />}
        title="Registrants could not be loaded"
        query={regs}
      />
    );
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<IconUsers size={28} />}
        title="No registrants yet"
        description="Import them from a CSV file, Zoom or GoTo."
      />
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="registrants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Registrant</Table.Th>
            <Table.Th>Consent</Table.Th>
            <Table.Th>Reminders</Table.Th>
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
                    Subscriber
                  </Badge>
                ) : (
                  <Tooltip label="No consent to texts: not a subscriber, no reminders">
                    <Badge color="gray" variant="light">
                      No consent
                    </Badge>
                  </Tooltip>
                )}
              </Table.Td>
              <Table.Td>
                {r.reminders.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    None
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
                          {offsetLabel(m.offsetMinutes)}: {STATUS_LABEL[m.status] ?? m.status}
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
