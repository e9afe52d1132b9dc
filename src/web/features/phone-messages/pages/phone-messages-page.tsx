import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPhoneCall, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import { VOICE_CHOICES, VOICE_PRICE_TEXT, type VoiceBroadcastRow } from "../../../../domain/voice";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useBroadcasts } from "../api/phone-messages-api";
import { BroadcastStatus } from "./status-badge";

export const voiceLabel = (language: string, voice: string) => {
  const label = VOICE_CHOICES.find((v) => v.language === language && v.voice === voice)?.label;
  return label ? translateMessage(label) : `${language}, ${voice}`;
};

/** "2 calls · 1 answered · 1 unanswered · 0 failed", and what is still ringing. */
export function useCallResults() {
  const { t } = useTranslation();
  return (b: VoiceBroadcastRow) =>
    [
      t("{{n}} calls", { count: b.calls, n: b.calls }),
      t("{{n}} answered", { count: b.completed, n: b.completed }),
      t("{{n}} unanswered", { count: b.unanswered, n: b.unanswered }),
      t("{{n}} failed", { count: b.failed, n: b.failed }),
      ...(b.inProgress ? [t("{{n}} in progress", { n: b.inProgress })] : []),
    ].join(" · ");
}

/** /phone-messages: every voice broadcast, newest first, with its status and call results. */
export default function PhoneMessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const list = useBroadcasts();
  const rows = list.data?.rows ?? [];
  const results = useCallResults();
  return (
    <Stack>
      <PageHeader
        title={t("Phone Messages")}
        description={t("Text-to-speech calls to subscribers who agreed to voice calls. {{price}}", {
          price: translateMessage(VOICE_PRICE_TEXT),
        })}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate("/phone-messages/scheduled")}>
              {t("Scheduled")}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => navigate("/phone-messages/send")}
            >
              {t("New voice broadcast")}
            </Button>
          </Group>
        }
      />
      {/* Phones show each broadcast as a card: its results read as a sentence. */}
      <ListTable<VoiceBroadcastRow>
        frame="bare"
        query={list}
        records={rows}
        icon={<IconPhoneCall />}
        failedTitle={t("Voice broadcasts could not be loaded")}
        empty={{
          title: t("No voice broadcasts yet"),
          description: t(
            "Type a message, choose a voice and who to call: subscribers with voice consent hear it.",
          ),
          action: {
            label: t("New voice broadcast"),
            onClick: () => navigate("/phone-messages/send"),
          },
        }}
        card={(b) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="start">
              <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
                {b.text}
              </Text>
              <BroadcastStatus status={b.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {voiceLabel(b.language, b.voice)} ·{" "}
              {t("from {{number}}", { number: formatUsNumber(b.fromNumber) })} ·{" "}
              {formatDateTime(b.sendAt, timeZone)}
            </Text>
            {b.error && (
              <Text size="xs" c="red.8">
                {translateMessage(b.error)}
              </Text>
            )}
            <Text size="sm">
              {results(b)} · {t("{{n}} credits", { count: b.credits, n: b.credits })}
            </Text>
          </Stack>
        )}
        columns={[
          {
            accessor: "text",
            title: t("Message"),
            render: (b) => (
              <Stack gap={2}>
                <Text size="sm" lineClamp={2} style={{ wordBreak: "break-word" }}>
                  {b.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {voiceLabel(b.language, b.voice)} ·{" "}
                  {t("from {{number}}", { number: formatUsNumber(b.fromNumber) })}
                </Text>
                {b.error && (
                  <Text size="xs" c="red.8">
                    {translateMessage(b.error)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "status",
            title: t("Status"),
            render: (b) => <BroadcastStatus status={b.status} />,
          },
          {
            accessor: "sendAt",
            title: t("Sent / scheduled"),
            render: (b) => formatDateTime(b.sendAt, timeZone),
          },
          {
            accessor: "calls",
            title: t("Results"),
            render: (b) => (
              <Text size="sm" data-testid={`results-${b.id}`}>
                {results(b)}
              </Text>
            ),
          },
          { accessor: "credits", title: t("Credits"), textAlign: "right" },
        ]}
      />
    </Stack>
  );
}
