import { Anchor, Group, Loader, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { Audience } from "../../../../domain/send-audience";
import { plural } from "../../../lib/plural";
import { exclusionText } from "../lib/audience-text";

const SUMMARY_HEIGHT = 42;

/**
 * Under the recipients: how many people get the message, its cost (message credits, and the
 * international credits the recipients abroad also spend), and who is left out and why.
 */
export function AudienceSummary(props: {
  audience: Audience | undefined;
  loading: boolean;
  creditsEach: number;
  onBuyInternational: () => void;
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
  const abroadCredits = a.abroad * props.creditsEach;
  const short = abroadCredits > a.internationalBalance;
  return (
    <div data-testid="audience-summary" aria-live="polite" style={{ minHeight: SUMMARY_HEIGHT }}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconUsers size={16} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={500}>
          {plural(a.recipients, "person", "people")} will get this message ·{" "}
          {plural(a.recipients * props.creditsEach, "credit", "credits")}
          {abroadCredits > 0 &&
            ` + ${plural(abroadCredits, "international credit", "international credits")} (${plural(a.abroad, "recipient", "recipients")} abroad)`}
        </Text>
        {props.loading && <Loader size={12} />}
      </Group>
      {short && (
        <Text size="xs" c="red" mt={2} data-testid="audience-international-short">
          You have {plural(a.internationalBalance, "international credit", "international credits")}
          : the recipients abroad will not get it unless you{" "}
          <Anchor component="button" type="button" size="xs" onClick={props.onBuyInternational}>
            add international credits
          </Anchor>
          .
        </Text>
      )}
      {excluded && (
        <Text size="xs" c="dimmed" mt={2} data-testid="audience-excluded">
          {excluded}
        </Text>
      )}
    </div>
  );
}
