import { ActionIcon, Group, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconEdit, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DedicatedNumber, renameNumberRequest } from "../../../../domain/numbers.schemas";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useRenameNumber } from "../api/rename-number";

/** The number's name, edited in place: Enter saves, Escape cancels. */
export function EditableName(props: { number: DedicatedNumber; editable: boolean }) {
  const { t } = useTranslation();
  const { number } = props;
  const rename = useRenameNumber();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(number.name);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setValue(number.name);
    setError(null);
    setEditing(true);
  };
  const save = () => {
    const parsed = renameNumberRequest.safeParse({ name: value });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]
          ? translateMessage(parsed.error.issues[0].message)
          : t("Invalid name"),
      );
      return;
    }
    if (parsed.data.name === number.name) {
      setEditing(false);
      return;
    }
    rename.mutate(
      { id: number.id, name: parsed.data.name },
      {
        onSuccess: () => {
          notify.success(t("Name saved"));
          setEditing(false);
        },
      },
    );
  };

  if (!editing) {
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c={number.name ? undefined : "dimmed"} data-testid="number-name">
          {number.name || t("No name")}
        </Text>
        {props.editable && (
          <Tooltip label={t("Rename")} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={start} aria-label={t("Edit name")}>
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <TextInput
        aria-label={t("Name")}
        size="xs"
        value={value}
        autoFocus
        maxLength={80}
        error={error}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") save();
          if (e.key === "Escape") setEditing(false);
        }}
        style={{ flex: 1, maxWidth: 280 }}
      />
      <ActionIcon
        variant="filled"
        size="md"
        onClick={save}
        loading={rename.isPending}
        aria-label={t("Save name")}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="md"
        onClick={() => setEditing(false)}
        aria-label={t("Cancel")}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
