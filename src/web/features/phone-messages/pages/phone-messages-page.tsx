import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPhoneCall, IconPlus } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import { VOICE_CHOICES, VOICE_PRICE_TEXT, type VoiceBroadcastRow } from "../../../../domain/voice";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useBroadcasts } from "../api/phone-messages-api";
import { BroadcastStatus } from "./status-badge";

export const voiceLabel = (language: string, voice: string) =>
  VOICE_CHOICES.find((v) => v.language === language && v.voice === voice)?.label ??
  `${language}, ${voice}`;

/** /phone-messages: every voice broadcast, newest first, with its status and call results. */
export default function PhoneMessagesPage() {
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const list = useBroadcasts();
  const rows = list.data?.rows ?? [];
  const results = (b: (typeof rows)[number]) =>
    `${b.calls} ${b.calls === 1 ? "call" : "calls"} · ${b.completed} answered · ${b.unanswered} unanswered · ${b.failed} failed${b.inProgress ? ` · ${b.inProgress} in progress` : ""}`;
  return (
    <Stack>
      <PageHeader
        title="Phone Messages"
        description={`Text-to-speech calls to subscribers who agreed to voice calls. ${VOICE_PRICE_TEXT}`}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate("/phone-messages/scheduled")}>
              Scheduled
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => navigate("/phone-messages/send")}
            >
              New voice broadcast
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
        failedTitle="Voice broadcasts could not be loaded"
        empty={{
          title: "No voice broadcasts yet",
          description:
            "Type a message, choose a voice and who to call: subscribers with voice consent hear it.",
          action: { label: "New voice broadcast", onClick: () => navigate("/phone-messages/send") },
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
              {voiceLabel(b.language, b.voice)} · from {formatUsNumber(b.fromNumber)} ·{" "}
              {formatDateTime(b.sendAt, timeZone)}
            </Text>
            {b.error && (
              <Text size="xs" c="red.8">
                {b.error}
              </Text>
            )}
            <Text size="sm">
              {results(b)} · {b.credits} {b.credits === 1 ? "credit" : "credits"}
            </Text>
          </Stack>
        )}
        columns={[
          {
            accessor: "text",
            title: "Message",
            render: (b) => (
              <Stack gap={2}>
                <Text size="sm" lineClamp={2} style={{ wordBreak: "break-word" }}>
                  {b.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {voiceLabel(b.language, b.voice)} · from {formatUsNumber(b.fromNumber)}
                </Text>
                {b.error && (
                  <Text size="xs" c="red.8">
                    {b.error}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "status",
            title: "Status",
            render: (b) => <BroadcastStatus status={b.status} />,
          },
          {
            accessor: "sendAt",
            title: "Sent / scheduled",
            render: (b) => formatDateTime(b.sendAt, timeZone),
          },
          {
            accessor: "calls",
            title: "Results",
            render: (b) => (
              <Text size="sm" data-testid={`results-${b.id}`}>
                {b.calls} {b.calls === 1 ? "call" : "calls"} · {b.completed} answered ·{" "}
                {b.unanswered} unanswered · {b.failed} failed
                {b.inProgress ? ` · ${b.inProgress} in progress` : ""}
              </Text>
            ),
          },
          { accessor: "credits", title: "Credits", textAlign: "right" },
        ]}
      />
    </Stack>
  );
}
