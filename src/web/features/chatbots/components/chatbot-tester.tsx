import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatbotSummary } from "../../../../domain/chatbots";
import { formatUsNumber, toE164 } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useThread } from "../../virtual-phones/api/get-thread";
import { useTextAccountNumber } from "../../virtual-phones/api/text-account-number";

/**
 * Try a chatbot from a virtual phone: the texts really go in through the carrier emulator, so
 * what answers is exactly what a subscriber would get (and it is charged like any reply).
 */
export function ChatbotTester(props: { bot: ChatbotSummary }) {
  const { t } = useTranslation();
  const [phoneText, setPhoneText] = useState("(646) 555-2468");
  const phone = toE164(phoneText);
  const thread = useThread(phone);
  const text = useTextAccountNumber();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const rows = (thread.data?.rows ?? []).filter(
    (m) => m.from === props.bot.number || m.to === props.bot.number,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest text
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [rows.length]);

  const send = () => {
    const body = draft.trim();
    if (!phone) return setError(t("Enter a US phone number for the virtual phone"));
    if (!body) return;
    setError(null);
    text.mutate(
      { from: phone, to: props.bot.number, body, existing: (thread.data?.rows.length ?? 0) > 0 },
      {
        onSuccess: () => {
          setDraft("");
          void thread.refetch();
        },
        onError: (e) =>
          setError(
            e instanceof ApiError ? translateMessage(e.message) : t("The text was not sent"),
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(
          "Text {{number}} from a virtual phone. Replies are real: each costs 3 credits and shows in the inbox.",
          { number: formatUsNumber(props.bot.number) },
        )}
        {props.bot.triggerWords.length > 0 &&
          ` ${t("Text {{word}} to start.", { word: props.bot.triggerWords[0] })}`}
      </Text>
      {!props.bot.enabled && (
        <Alert color="yellow">{t("This chatbot is off: turn it on to get its answers.")}</Alert>
      )}
      <TextInput
        label={t("Virtual phone")}
        value={phoneText}
        onChange={(e) => setPhoneText(e.currentTarget.value)}
        error={phone ? null : t("Enter a US phone number")}
      />
      <Paper withBorder radius="md" p={0}>
        <ScrollArea h={300} viewportRef={viewport} aria-label={t("Conversation with the chatbot")}>
          <Stack gap={6} p="sm" role="log" aria-live="polite">
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {t("No texts yet. Say hello below.")}
              </Text>
            ) : (
              rows.map((m) => (
                <Box
                  key={m.sid}
                  data-testid={m.direction === "sent" ? "tester-sent" : "tester-received"}
                  style={{
                    alignSelf: m.direction === "sent" ? "flex-end" : "flex-start",
                    maxWidth: "85%",
                    whiteSpace: "pre-wrap",
                    background:
                      m.direction === "sent"
                        ? "var(--mantine-color-brand-7)"
                        : "var(--mantine-color-gray-1)",
                    color: m.direction === "sent" ? "white" : "var(--mantine-color-black)",
                    borderRadius: 14,
                    padding: "6px 12px",
                    fontSize: 14,
                  }}
                >
                  {m.body}
                </Box>
              ))
            )}
          </Stack>
        </ScrollArea>
      </Paper>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            aria-label={t("Text from the virtual phone")}
            placeholder={t("Type a text")}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={1600}
          />
          <Button type="submit" leftSection={<IconSend size={16} />} loading={text.isPending}>
            {t("Send")}
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
