import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { composeOptInReply } from "../../../../domain/keywords";

/**
 * What the texter will receive: the business's words with the parts carriers require (program
 * name, "Msg & data rates may apply", HELP and STOP) that Parley adds when they are missing,
 * marked as added, and the segment count of the whole.
 */
export function ReplyPreview(props: { text: string; programName: string; label?: string }) {
  const { t } = useTranslation();
  const parts = composeOptInReply(props.text, props.programName);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-gray-0)"
      data-testid="reply-preview"
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {props.label ?? t("What they receive")}
          </Text>
          <Text size="xs" c="dimmed" data-testid="reply-segments">
            {t("{{chars}} characters · {{n}} segments", {
              chars: parts.full.length,
              count: parts.segments.segments,
              n: parts.segments.segments,
            })}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {parts.prefix && (
            <Text span fw={600} c="blue.8">
              {parts.prefix}
            </Text>
          )}
          {props.text.trim() || (
            <Text span c="dimmed">
              {t("Your reply")}
            </Text>
          )}
          {parts.suffix.map((s) => (
            <Text key={s} span fw={600} c="blue.8">
              {` ${s}`}
            </Text>
          ))}
        </Text>
        {(parts.prefix || parts.suffix.length > 0) && (
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t("Added for carrier rules:")}
            </Text>
            {parts.prefix && (
              <Badge size="xs" variant="light">
                {t("Program name")}
              </Badge>
            )}
            {parts.suffix.map((s) => (
              <Badge key={s} size="xs" variant="light">
                {s.startsWith("Msg") ? t("Msg & data rates may apply") : t("HELP and STOP")}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
