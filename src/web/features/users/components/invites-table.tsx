import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconMailForward, IconUserPlus, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <ListTable<InviteRow>
      query={props.query}
      records={props.rows}
      frame="bare"
      icon={<IconUserPlus size={28} />}
      failedTitle={t("Invitations could not be loaded")}
      empty={{
        title: t("No pending invitations"),
        description: t(
          "Invite a teammate by e-mail: they choose their own username and password from the link.",
        ),
        action: props.onInvite ? { label: t("Invite User"), onClick: props.onInvite } : undefined,
      }}
      columns={[
        {
          accessor: "email",
          title: t("Email"),
          render: (i) => (
            <Text size="sm" truncate="end">
              {i.email}
            </Text>
          ),
        },
        {
          accessor: "permissionLevel",
          title: t("Level"),
          render: (i) => <LevelBadge level={i.permissionLevel} />,
        },
        {
          accessor: "expiresAt",
          title: t("Status"),
          render: (i) =>
            i.expired ? (
              <Badge color="red" variant="light">
                {t("Expired")}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {t("Expires {{date}}", { date: formatDay(i.expiresAt, timeZone) })}
              </Text>
            ),
        },
        {
          accessor: "actions",
          title: "",
          textAlign: "right",
          render: (i) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label={t("Resend invitation")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t("Resend invitation to {{email}}", { email: i.email })}
                  disabled={!props.canManage(i)}
                  loading={props.busyId === i.id}
                  onClick={() => props.onResend(i)}
                >
                  <IconMailForward size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t("Revoke invitation")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("Revoke invitation to {{email}}", { email: i.email })}
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
