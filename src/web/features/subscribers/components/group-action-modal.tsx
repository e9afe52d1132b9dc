import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../i18n";
import { GroupSelect } from "./group-select";

/** Picks the static group a bulk add or remove applies to. */
export function GroupActionModal(props: {
  kind: "add-to-group" | "remove-from-group" | null;
  count: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: (groupId: number, groupName: string) => void;
}) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (props.kind) {
      setGroupId(null);
      setError(undefined);
    }
  }, [props.kind]);
  const adding = props.kind === "add-to-group";
  const n = formatNumber(props.count);

  return (
    <Modal
      opened={props.kind !== null}
      onClose={props.onClose}
      title={adding ? t("Add to Group") : t("Remove from Group")}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!groupId) {
            setError(t("Select a group"));
            return;
          }
          props.onConfirm(Number(groupId), name);
        }}
      >
        <Stack>
          <Text size="sm">
            {adding
              ? t("Add {{n}} subscribers to a group.", { count: props.count, n })
              : t("Remove {{n}} subscribers from a group.", { count: props.count, n })}{" "}
            {t("Adaptive groups are not listed: their members follow the group's rules.")}
          </Text>
          <GroupSelect
            label={t("Group")}
            placeholder={t("Choose a group")}
            value={groupId}
            onChange={(v, label) => {
              setGroupId(v);
              setName(label ?? "");
              setError(undefined);
            }}
            staticOnly
            required
            error={error}
            data-testid="bulk-group"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={props.busy}>
              {adding ? t("Add to Group") : t("Remove from Group")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
