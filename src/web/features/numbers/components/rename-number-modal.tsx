import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DedicatedNumber, renameNumberRequest } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useRenameNumber } from "../api/rename-number";

/** Names a number (shown next to it in pickers and the inbox). An empty name is allowed. */
export function RenameNumberModal(props: { number: DedicatedNumber | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { number, onClose } = props;
  const rename = useRenameNumber();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (number) {
      setName(number.name);
      setError(null);
    }
  }, [number]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!number) return;
    const parsed = renameNumberRequest.safeParse({ name });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]
          ? translateMessage(parsed.error.issues[0].message)
          : t("Invalid name"),
      );
      return;
    }
    rename.mutate(
      { id: number.id, name: parsed.data.name },
      {
        onSuccess: () => {
          notify.success(t("{{number}} renamed", { number: formatUsNumber(number.number) }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={number !== null} onClose={onClose} title={t("Rename number")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {number
              ? t("The name shows next to {{number}} wherever you choose a number to send from.", {
                  number: formatUsNumber(number.number),
                })
              : t("The name shows next to the number wherever you choose a number to send from.")}
          </Text>
          <TextInput
            label={t("Name")}
            placeholder={t("e.g. Front desk")}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={80}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
