import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AI_TEXTS, compareShortened, variablesOf } from "../../../domain/ai";
import { MOBILE_QUERY } from "../../lib/media";
import { AiEngineNotice } from "./ai-engine-notice";
import { shortenMessage } from "./api";

/** Shorten Message: the shortened text (editable), with warnings about changed links and variables. */
export function AiShortenDialog(props: {
  opened: boolean;
  onClose: () => void;
  message: string;
  onAccept: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { opened, onClose, message } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [text, setText] = useState("");
  const shorten = useMutation({
    mutationFn: shortenMessage,
    onSuccess: (d) => setText(d.shortenedMessage),
  });

  useEffect(() => {
    if (!opened) return;
    setText("");
    shorten.mutate(message);
  }, [opened, message, shorten.mutate]);

  const check = text ? compareShortened(message, text) : null;
  const altered = new Set(check?.alteredVariables ?? []);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Shorten Message")}
      size="lg"
      fullScreen={mobile}
    >
      <AiEngineNotice opened={opened} />
      {shorten.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : shorten.isError ? (
        <Alert color="red">{t("The message could not be shortened. Please try again.")}</Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("{{from}} → {{to}} characters", { from: message.length, to: text.length })}
          </Text>
          <Textarea
            label={t("Shortened message")}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          {check?.linksChanged && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
              {t(AI_TEXTS.linksChanged)}
            </Alert>
          )}
          {altered.size > 0 && (
            <Alert color="red" icon={<IconAlertTriangle size={16} />}>
              <Text size="sm">{t(AI_TEXTS.variablesChanged)}</Text>
              <Text size="sm" mt={6}>
                {[...new Set(variablesOf(text))].map((v) => (
                  <Text
                    key={v}
                    span
                    c={altered.has(v) ? "red" : undefined}
                    fw={altered.has(v) ? 700 : undefined}
                    mr={6}
                  >
                    {v}
                  </Text>
                ))}
              </Text>
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button
          disabled={shorten.isPending || !text.trim()}
          onClick={() => {
            props.onAccept(text);
            onClose();
          }}
        >
          {t("Accept")}
        </Button>
      </Group>
    </Modal>
  );
}
