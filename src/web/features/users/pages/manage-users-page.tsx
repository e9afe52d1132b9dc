import { Button, Paper, Stack, TextInput, Title } from "@mantine/core";
import { IconLock, IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { PERMISSION_LEVEL } from "../../../../domain/permissions";
import { TEXT } from "../../../../domain/texts";
import type { InviteRow, UserRow } from "../../../../domain/users.schemas";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useDeleteUser } from "../api/delete-user";
import { useResendInvite, useRevokeInvite } from "../api/invites";
import { useUsers } from "../api/list-users";
import { confirmDanger } from "../components/confirm";
import { InvitesTable } from "../components/invites-table";
import { UserFormModal } from "../components/user-form-modal";
import { displayName, UsersTable } from "../components/users-table";

/** /manage-users: the account's users and pending invitations (spec doc 2 §5-6). */
export default function ManageUsersPage() {
  const me = useCurrentAccount();
  const allowed = me ? me.user.permissionLevel >= PERMISSION_LEVEL.ADMINISTRATOR : undefined;
  const list = useUsers({ enabled: allowed === true });
  const remove = useDeleteUser();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [search, setSearch] = useState("");

  if (allowed === false) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconLock size={28} />}
          title={TEXT.notAllowed}
          description="Users are managed by Administrators, Managers and the account Owner."
        />
      </Paper>
    );
  }

  const data = list.data;
  const needle = search.trim().toLowerCase();
  const users = (data?.users ?? []).filter(
    (u) =>
      !needle ||
      [u.username, u.email, u.firstName, u.lastName].some((f) => f.toLowerCase().includes(needle)),
  );
  const levels = data?.assignableLevels ?? [];
  const openInvite = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const onDelete = (u: UserRow) =>
    confirmDanger({
      title: "Delete user",
      message: (
        <>
          Delete <b>{displayName(u)}</b> ({u.email})? They are signed out at once and can no longer
          log in. Their messages and conversations stay with the account.
        </>
      ),
      confirm: "Delete user",
      onConfirm: () =>
        remove.mutate(u.id, { onSuccess: () => notify.success(`${u.email} was deleted`) }),
    });

  const onRevoke = (i: InviteRow) =>
    confirmDanger({
      title: "Revoke invitation",
      message: (
        <>
          Revoke the invitation to <b>{i.email}</b>? Its link stops working.
        </>
      ),
      confirm: "Revoke invitation",
      onConfirm: () =>
        revoke.mutate(i.id, {
          onSuccess: () => notify.success(`Invitation to ${i.email} revoked`),
        }),
    });

  return (
    <>
      <PageHeader
        title="Users"
        description="Invite teammates and choose what each one can do: Agents work their assigned groups, Administrators manage Agents, Managers manage everyone but the Owner."
        actions={
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={openInvite}
            disabled={!data || levels.length === 0}
          >
            Invite User
          </Button>
        }
      />
      {list.isError ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconUsers size={28} />}
            title="Users could not be loaded"
            description={list.error.message}
            action={{ label: "Try again", onClick: () => void list.refetch() }}
          />
        </Paper>
      ) : !data ? (
        <TableSkeleton rows={4} />
      ) : (
        <Stack gap="lg">
          <TextInput
            placeholder="Search by name, username or e-mail"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
            aria-label="Search users"
          />
          <UsersTable
            rows={users}
            onEdit={(u) => {
              setEditing(u);
              setFormOpen(true);
            }}
            onDelete={onDelete}
          />
          <div>
            <Title order={3} fz="lg" mb="xs">
              Pending invitations
            </Title>
            {data.invites.length === 0 ? (
              <Paper withBorder radius="md">
                <EmptyState
                  icon={<IconUserPlus size={28} />}
                  title="No pending invitations"
                  description="Invite a teammate by e-mail: they choose their own username and password from the link."
                  action={levels.length ? { label: "Invite User", onClick: openInvite } : undefined}
                />
              </Paper>
            ) : (
              <InvitesTable
                rows={data.invites}
                canManage={(i) => levels.includes(i.permissionLevel)}
                busyId={resend.isPending ? (resend.variables ?? null) : null}
                onResend={(i) =>
                  resend.mutate(i.id, {
                    onSuccess: () => notify.success(`A new invitation was sent to ${i.email}`),
                  })
                }
                onRevoke={onRevoke}
              />
            )}
          </div>
        </Stack>
      )}
      <UserFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        user={editing}
        levels={levels}
      />
    </>
  );
}
