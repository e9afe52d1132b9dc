import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PERMISSION_LABEL, type PermissionLevel } from "../../../../domain/permissions";
import {
  inviteUserRequest,
  type UserRow,
  updateUserRequest,
} from "../../../../domain/users.schemas";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useGroupOptions, useNumberOptions } from "../api/access-options";
import { useInviteUser } from "../api/invite-user";
import { useUpdateUser } from "../api/update-user";

interface Values {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  number: string;
  permissionLevel: string | null;
  groupIds: string[];
  longcodeIds: string[];
  restricted: boolean;
  disableMassMessaging: boolean;
}

type Errors = Partial<Record<keyof Values | "_", string>>;

function initialValues(user: UserRow | null): Values {
  return {
    email: user?.email ?? "",
    username: user?.username ?? "",
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
    number: user?.number ?? "",
    permissionLevel: user ? String(user.permissionLevel) : null,
    groupIds: user?.groupIds.map(String) ?? [],
    longcodeIds: user?.longcodeIds.map(String) ?? [],
    restricted: user?.restricted ?? false,
    disableMassMessaging: user?.disableMassMessaging ?? false,
  };
}

/**
 * The user form (spec doc 2 §5): a new user is invited by e-mail with their access; an existing
 * one is edited. `levels` are those the signed-in user may give.
 */
export function UserFormModal(props: {
  opened: boolean;
  onClose: () => void;
  /** null: invite a new user. */
  user: UserRow | null;
  levels: number[];
}) {
  const { opened, onClose, user, levels } = props;
  const { t } = useTranslation();
  const invite = useInviteUser();
  const update = useUpdateUser();
  const groups = useGroupOptions(opened);
  const numbers = useNumberOptions(opened);
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (opened) {
      setValues(initialValues(user));
      setErrors({});
    }
  }, [opened, user]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // The user's own level stays choosable even when the editor could not give it.
  const levelChoices = [...new Set([...levels, ...(user ? [user.permissionLevel] : [])])].sort();
  const levelLocked = user !== null && (user.isSelf || !levels.includes(user.permissionLevel));
  const accessLocked = user?.isSelf === true && user.permissionLevel < 2;

  const body = () => ({
    email: values.email,
    permissionLevel: values.permissionLevel === null ? null : Number(values.permissionLevel),
    groupIds: values.groupIds.map(Number),
    longcodeIds: values.longcodeIds.map(Number),
    restricted: values.restricted,
    disableMassMessaging: values.disableMassMessaging,
    ...(user
      ? {
          username: values.username,
          firstName: values.firstName,
          lastName: values.lastName,
          number: values.number,
        }
      : {}),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = body();
    const parsed = (user ? updateUserRequest : inviteUserRequest).safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues)
        next[(issue.path[0] ?? "_") as keyof Errors] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, input: input as never });
        notify.success(t("{{email}} was updated", { email: values.email }));
      } else {
        await invite.mutateAsync(input as never);
        notify.success(t("Invitation sent to {{email}}", { email: values.email }));
      }
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.extra.silent) return;
      setErrors(
        err.extra.fields
          ? translateFields(err.extra.fields as Errors)
          : { _: translateMessage(err.message) },
      );
    }
  };

  const pending = invite.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t("Edit {{name}}", { name: user.username }) : t("Invite a user")}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {errors._ && (
            <Alert color="red" variant="light" role="alert">
              {errors._}
            </Alert>
          )}
          <TextInput
            label={t("Email")}
            type="email"
            required
            data-autofocus
            value={values.email}
            error={errors.email}
            onChange={(e) => set("email", e.currentTarget.value)}
            description={user ? undefined : t("We'll e-mail an invitation link to this address.")}
          />
          {user && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t("First name")}
                  value={values.firstName}
                  error={errors.firstName}
                  onChange={(e) => set("firstName", e.currentTarget.value)}
                />
                <TextInput
                  label={t("Last name")}
                  value={values.lastName}
                  error={errors.lastName}
                  onChange={(e) => set("lastName", e.currentTarget.value)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t("Username")}
                  value={values.username}
                  error={errors.username}
                  onChange={(e) => set("username", e.currentTarget.value)}
                />
                <TextInput
                  label={t("Phone number")}
                  type="tel"
                  value={values.number}
                  error={errors.number}
                  onChange={(e) => set("number", e.currentTarget.value)}
                />
              </SimpleGrid>
            </>
          )}
          <Select
            label={t("Permission level")}
            required
            placeholder={t("Choose a level")}
            data={levelChoices.map((l) => ({
              value: String(l),
              label: PERMISSION_LABEL[l as PermissionLevel]
                ? t(PERMISSION_LABEL[l as PermissionLevel])
                : String(l),
            }))}
            value={values.permissionLevel}
            disabled={levelLocked}
            error={errors.permissionLevel}
            onChange={(v) => set("permissionLevel", v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t("Groups")}
            description={t("Agents see and message only the subscribers of their groups.")}
            placeholder={groups.isPending ? t("Loading groups…") : t("Choose groups")}
            data={groups.data ?? []}
            value={values.groupIds}
            onChange={(v) => set("groupIds", v)}
            error={errors.groupIds}
            searchable
            clearable
            disabled={accessLocked}
            nothingFoundMessage={t("No groups found")}
            required={values.permissionLevel === "0"}
          />
          <MultiSelect
            label={t("Numbers")}
            description={t("The dedicated numbers this user may send from.")}
            placeholder={numbers.isPending ? t("Loading numbers…") : t("Choose numbers")}
            data={numbers.data ?? []}
            value={values.longcodeIds}
            onChange={(v) => set("longcodeIds", v)}
            error={errors.longcodeIds}
            searchable
            clearable
            disabled={accessLocked}
            nothingFoundMessage={t("No numbers found")}
          />
          <Switch
            label={t("Restricted user")}
            description={t("Sees only the numbers above, no Dashboard.")}
            checked={values.restricted}
            disabled={accessLocked}
            onChange={(e) => set("restricted", e.currentTarget.checked)}
          />
          <Switch
            label={t("Disable mass messaging")}
            description={t("Hides 'send to all' for this user.")}
            checked={values.disableMassMessaging}
            disabled={accessLocked}
            error={errors.disableMassMessaging}
            onChange={(e) => set("disableMassMessaging", e.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {user ? t("Save") : t("Send Invitation")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
