import { Button, Paper, Stack, Title } from "@mantine/core";
import { IconLock, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { PERMISSION_LEVEL } from "../../../../domain/permissions";
import { TEXT } from "../../../../domain/texts";
import type { InviteRow, UserRow } from "../../../../domain/users.schemas";
import { EmptyState } from "../../../components/empty-state";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useDeleteUser } from "../api/delete-user";
import { useResendInvite, useRevokeInvite } from "../api/invites";
import { useUsers } from "../api/list-users";
import { confirmDanger } from "../components/confirm";
import { InvitesTable } from "../components/invites-table";
import { UserFormModal } from "../components/user-form-modal";
import { displayName, UsersTable } from "../components/users-table";

const USERS_LIST = defineList({
  sort: {
    columns: ["default", "username", "permissionLevel", "createdAt"],
    // The server's order.
    column: "default",
    direction: "asc",
  },
});

/** /manage-users: the account's users and pending invitations (spec doc 2 §5-6). */
export default function ManageUsersPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const allowed = me ? me.user.permissionLevel >= PERMISSION_LEVEL.ADMINISTRATOR : undefined;
  const list = useUsers({ enabled: allowed === true });
  const remove = useDeleteUser();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const view = useListState(USERS_LIST, "local:users");

  if (allowed === false) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconLock size={28} />}
          title={t(TEXT.notAllowed)}
          description={t("Users are managed by Administrators, Managers and the account Owner.")}
        />
      </Paper>
    );
  }

  const data = list.data;
  const users = clientRows(data?.users ?? [], view, {
    text: (u) => [u.username, u.email, u.firstName, u.lastName].join(" "),
    sortValue: {
      username: displayName,
      permissionLevel: (u) => u.permissionLevel,
      createdAt: (u) => u.createdAt,
    },
  });
  const levels = data?.assignableLevels ?? [];
  const openInvite = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const onDelete = (u: UserRow) =>
    confirmDanger({
      title: t("Delete user"),
      message: (
        <Trans
          t={t}
          i18nKey="Delete <0>{{name}}</0> ({{email}})? They are signed out at once and can no longer log in. Their messages and conversations stay with the account."
          values={{ name: displayName(u), email: u.email }}
          components={[<b key="name" />]}
        />
      ),
      confirm: t("Delete user"),
      onConfirm: () =>
        remove.mutate(u.id, {
          onSuccess: () => notify.success(t("{{email}} was deleted", { email: u.email })),
        }),
    });

  const onRevoke = (i: InviteRow) =>
    confirmDanger({
      title: t("Revoke invitation"),
      message: (
        <Trans
          t={t}
          i18nKey="Revoke the invitation to <0>{{email}}</0>? Its link stops working."
          values={{ email: i.email }}
          components={[<b key="email" />]}
        />
      ),
      confirm: t("Revoke invitation"),
      onConfirm: () =>
        revoke.mutate(i.id, {
          onSuccess: () => notify.success(t("Invitation to {{email}} revoked", { email: i.email })),
        }),
    });

  return (
    <>
      <PageHeader
        title={t("Users")}
        description={t(
          "Invite teammates and choose what each one can do: Agents work their assigned groups, Administrators manage Agents, Managers manage everyone but the Owner.",
        )}
        actions={
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={openInvite}
            disabled={!data || levels.length === 0}
          >
            {t("Invite User")}
          </Button>
        }
      />
      <Stack gap="lg">
        <UsersTable
          query={list}
          list={view}
          rows={users.rows}
          total={users.total}
          toolbar={
            <ListSearch
              label={t("Search users")}
              placeholder={t("Search by name, username or e-mail")}
              value={view.query}
              onSearch={view.setQuery}
              w={{ base: "100%", sm: 360 }}
            />
          }
          onEdit={(u) => {
            setEditing(u);
            setFormOpen(true);
          }}
          onDelete={onDelete}
        />
        {data && (
          <div>
            <Title order={3} fz="lg" mb="xs">
              {t("Pending invitations")}
            </Title>
            <InvitesTable
              query={list}
              rows={data.invites}
              onInvite={levels.length ? openInvite : undefined}
              canManage={(i) => levels.includes(i.permissionLevel)}
              busyId={resend.isPending ? (resend.variables ?? null) : null}
              onResend={(i) =>
                resend.mutate(i.id, {
                  onSuccess: () =>
                    notify.success(t("A new invitation was sent to {{email}}", { email: i.email })),
                })
              }
              onRevoke={onRevoke}
            />
          </div>
        )}
      </Stack>
      <UserFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        user={editing}
        levels={levels}
      />
    </>
  );
}
