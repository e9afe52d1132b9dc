import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconMailForward, IconUserPlus, IconX } from "@tabler/icons-react";
import type { InviteRow } from "../../../../domain/users.schemas";
import { type ListQuery, ListTable } from "../../../components/list/list-table";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { LevelBadge } from "./level-badge";

/**
 * Invitations not accepted yet: resend (a new link) or revoke. On the list kit, from the users
 * list's query (the same answer carries both); not paged, as an account has a handful at most.
 */
export function InvitesTable(props: {
  query: ListQuery;
  rows: InviteRow[];
  /** The empty state's "Invite User", for someone who may invite. */
  onInvite?: () => void;
  canManage: (invite: InviteRow) => boolean;
  onResend: (invite: InviteRow) => void;
  onRevoke: (invite: InviteRow) => void;
  busyId: number | null;
}) {
  const timeZone = useAccountTimeZone();
  return (
    <ListTable<InviteRow>
      query={props.query}
      records={props.rows}
      frame="bare"
      icon={<IconUserPlus size={28} />}
      failedTitle="Invitations could not be loaded"
      empty={{
        title: "No pending invitations",
        description:
          "Invite a teammate by e-mail: they choose their own username and password from the link.",
        action: props.onInvite ? { label: "Invite User", onClick: props.onInvite } : undefined,
      }}
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
