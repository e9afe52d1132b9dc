import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Group as GroupRow, updateGroupRequest } from "../../../../domain/groups.schemas";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useUpdateGroup } from "../api/update-group";

/** Renames a group; a name taken by another group is said under the input. */
export function RenameGroupModal(props: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { group, onClose } = props;
  const update = useUpdateGroup({ toast: false });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (group) {
      setName(group.name);
      setError(null);
    }
  }, [group]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!group) return;
    const parsed = updateGroupRequest.shape.name.safeParse(name);
    if (!parsed.success || parsed.data === undefined) {
      setError(translateMessage(parsed.error?.issues[0]?.message ?? "Group name is required"));
      return;
    }
    if (parsed.data === group.name) return onClose();
    try {
      await update.mutateAsync({ id: group.id, input: { name: parsed.data } });
      notify.success(t("Group renamed to '{{name}}'", { name: parsed.data }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 400 || err.status === 409) setError(translateMessage(err.message));
      else if (!err.extra.silent) notify.error(err.message);
    }
  };

  return (
    <Modal opened={group !== null} onClose={onClose} title={t("Rename group")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("Group name")}
            withAsterisk
            data-autofocus
            maxLength={120}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
