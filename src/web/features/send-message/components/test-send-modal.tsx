import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { testPhone } from "../../../../domain/message-compose.schemas";
import { translateMessage } from "../../../i18n";

/** Send Test Message: one phone number, validated (spec doc 2 §5). */
export function TestSendModal(props: {
  opened: boolean;
  onClose: () => void;
  onSend: (phone: string) => void;
  sending: boolean;
  defaultPhone?: string;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (props.opened) {
      setPhone(props.defaultPhone ?? "");
      setError(null);
    }
  }, [props.opened, props.defaultPhone]);

  const submit = () => {
    const parsed = testPhone.safeParse(phone);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? t("Invalid phone number")));
      return;
    }
    setError(null);
    props.onSend(parsed.data);
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("Send Test Message")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t(
              "The message goes to this phone exactly as subscribers would get it, and uses credits like any message.",
            )}
          </Text>
          <TextInput
            label={t("Phone number")}
            placeholder="(555) 555-5555"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={props.sending}>
              {t("Send Test")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
