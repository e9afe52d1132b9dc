import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import type { InviteRow } from "../../../../domain/users.schemas";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { LevelBadge } from "./level-badge";

/** Invitations not accepted yet: resend (a new link) or revoke. */
export function InvitesTable(props: {
  rows: InviteRow[];
  canManage: (invite: InviteRow) => boolean;
  onResend: (invite: InviteRow) => void;
  onRevoke: (invite: InviteRow) => void;
  busyId: number | null;
}) {
  const timeZone = useAccountTimeZone();
  return (
    <DataTable<InviteRow>
      records={props.rows}
      idAccessor="id"
      verticalSpacing="sm"
      withTableBorder
      borderRadius="md"
      columns={[
        {
          accessor: "email",
          title: "Email",
          render: (i) => (
            <Text size="sm" truncate="end">
              {i.email}
            </Text>
          ),
        },
        {
          accessor: "permissionLevel",
          title: "Level",
          render: (i) => <LevelBadge level={i.permissionLevel} />,
        },
        {
          accessor: "expiresAt",
          title: "Status",
          render: (i) =>
            i.expired ? (
              <Badge color="red" variant="light">
                Expired
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                Expires {formatDay(i.expiresAt, timeZone)}
              </Text>
            ),
        },
        {
          accessor: "actions",
          title: "",
          textAlign: "right",
          render: (i) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label="Resend invitation">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Resend invitation to ${i.email}`}
                  disabled={!props.canManage(i)}
                  loading={props.busyId === i.id}
                  onClick={() => props.onResend(i)}
                >
                  <IconMailForward size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Revoke invitation">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Revoke invitation to ${i.email}`}
                  disabled={!props.canManage(i)}
                  onClick={() => props.onRevoke(i)}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
