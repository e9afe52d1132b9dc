import { Group, Loader, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { Audience } from "../../../../domain/send-audience";
import { exclusionText, plural } from "../lib/audience-text";

const SUMMARY_HEIGHT = 42;

/** Under the recipients: how many people get the message, its cost, and who is left out and why. */
export function AudienceSummary(props: {
  audience: Audience | undefined;
  loading: boolean;
  creditsEach: number;
}) {
  const a = props.audience;
  // Its two lines' room is kept while counting: the form below does not jump when it arrives.
  if (!a) {
    return (
      <div style={{ minHeight: SUMMARY_HEIGHT }}>
        {props.loading && <Loader size="xs" aria-label="Counting recipients" />}
      </div>
    );
  }
  const excluded = exclusionText(a);
  return (
    <div data-testid="audience-summary" aria-live="polite" style={{ minHeight: SUMMARY_HEIGHT }}>
      <Group gap={6} wrap="nowrap">
        <IconUsers size={16} />
        <Text size="sm" fw={500}>
          {plural(a.recipients, "person", "people")} will get this message ·{" "}
          {plural(a.recipients * props.creditsEach, "credit", "credits")}
        </Text>
        {props.loading && <Loader size={12} />}
      </Group>
      {excluded && (
        <Text size="xs" c="dimmed" mt={2} data-testid="audience-excluded">
          {excluded}
        </Text>
      )}
    </div>
  );
}
