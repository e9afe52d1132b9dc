import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconShieldCheck, IconTrash, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { personName } from "../../../../domain/user-rules";
import type { UserRow } from "../../../../domain/users.schemas";
import {
  type ListQuery,
  ListTable,
  type ListTableState,
} from "../../../components/list/list-table";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { LevelBadge } from "./level-badge";

export function displayName(u: Pick<UserRow, "firstName" | "lastName" | "username">) {
  return personName(u);
}

/** The account's users: who, level, access, two-factor, and the actions the caller may take. */
export function UsersTable(props: {
  query: ListQuery;
  list: ListTableState;
  rows: UserRow[];
  total: number;
  toolbar: ReactNode;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <ListTable<UserRow>
      frame="bare"
      query={props.query}
      list={props.list}
      records={props.rows}
      total={props.total}
      pagerWhenLong
      icon={<IconUsers size={28} />}
      failedTitle={t("Users could not be loaded")}
      // There is always one: the caller.
      empty={{ title: t("No users yet") }}
      toolbar={props.toolbar}
      columns={[
        {
          accessor: "username",
          sortable: true,
          title: t("User"),
          render: (u) => (
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600} truncate="end">
                  {displayName(u)}
                </Text>
                {u.isSelf && (
                  <Badge size="xs" variant="outline">
                    {t("You")}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {u.email}
              </Text>
              <Box hiddenFrom="sm" mt={4}>
                <LevelBadge level={u.permissionLevel} />
              </Box>
            </Stack>
          ),
        },
        {
          accessor: "permissionLevel",
          sortable: true,
          title: t("Level"),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (u) => <LevelBadge level={u.permissionLevel} />,
        },
        {
          accessor: "access",
          title: t("Access"),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          render: (u) => (
            <Text size="sm" c="dimmed">
              {[
                u.groupIds.length ? t("{{count}} groups", { count: u.groupIds.length }) : null,
                u.longcodeIds.length
                  ? t("{{count}} numbers", { count: u.longcodeIds.length })
                  : null,
                u.restricted ? t("restricted") : null,
                u.disableMassMessaging ? t("no send to all") : null,
              ]
                .filter(Boolean)
                .join(" · ") || t("Full access")}
            </Text>
          ),
        },
        {
          accessor: "twoFactorMethod",
          title: t("Two-factor"),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (u) =>
            u.twoFactorMethod ? (
              <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />}>
                {u.twoFactorMethod === "app" ? t("App") : "SMS"}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {t("Off")}
              </Text>
            ),
        },
        {
          accessor: "createdAt",
          sortable: true,
          title: t("Added"),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
          render: (u) => <Text size="sm">{formatDay(u.createdAt, timeZone)}</Text>,
        },
        {
          accessor: "actions",
          title: "",
          textAlign: "right",
          render: (u) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label={u.canEdit ? t("Edit") : t("You cannot edit this user")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t("Edit {{name}}", { name: u.username })}
                  disabled={!u.canEdit}
                  onClick={() => props.onEdit(u)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={u.canDelete ? t("Delete") : t("You cannot delete this user")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("Delete {{name}}", { name: u.username })}
                  disabled={!u.canDelete}
                  onClick={() => props.onDelete(u)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
