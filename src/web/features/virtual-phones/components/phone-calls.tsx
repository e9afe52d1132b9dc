import { Group, Paper, Stack, Text } from "@mantine/core";
import { IconPhoneIncoming } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatUsNumber } from "../../../../domain/phone";
import { tk } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCalls } from "../api/get-calls";

const STATUS: Record<string, string> = {
  queued: tk("Calling…"),
  ringing: tk("Ringing…"),
  "in-progress": tk("On the call"),
  completed: tk("Answered"),
  busy: tk("Busy"),
  "no-answer": tk("No answer"),
  failed: tk("Failed"),
  canceled: tk("Canceled"),
};

/** The voice broadcasts this virtual phone answered, each with what it heard. */
export function PhoneCalls({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const calls = useCalls(phone).data?.rows ?? [];
  if (!calls.length) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="phone-calls">
      {calls.map((c) => (
        <Paper key={c.sid} withBorder radius="lg" p="sm" maw={420} data-testid="phone-call">
          <Stack gap={6}>
            <Group gap={6} wrap="nowrap">
              <IconPhoneIncoming size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t("Voice call from {{number}}", { number: formatUsNumber(c.from) })}
              </Text>
            </Group>
            <Text size="sm" style={{ wordBreak: "break-word" }}>
              “{c.text}”
            </Text>
            {c.hasAudio && (
              // biome-ignore lint/a11y/useMediaCaption: the spoken words are the text shown above
              <audio
                controls
                preload="metadata"
                src={`/api/virtual-phones/calls/${c.sid}/audio`}
                aria-label={t("Recording of the call")}
                style={{ width: "100%" }}
              />
            )}
            <Text size="xs" c="dimmed">
              {t(STATUS[c.status] ?? c.status)}
              {c.durationSeconds ? ` · ${c.durationSeconds} s` : ""} ·{" "}
              {formatDateTime(c.createdAt, timeZone)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
