import { Stack, Text } from "@mantine/core";
import { describeConsent } from "../../../../domain/consent-evidence";
import { translatePhrase } from "../../../i18n";
import { formatDateTime } from "../lib/dates";
import { FullRecord } from "./full-record";

/**
 * A subscriber's consent record in one readable sentence (times in the account's zone, no
 * internal ids); a structured record stays one click away behind "Show the full record".
 */
export function ConsentDetail(props: {
  source: string;
  detail: string;
  at: string | null;
  timeZone: string;
}) {
  const d = describeConsent(props.source, props.detail, props.at ? new Date(props.at) : null, (t) =>
    formatDateTime(t, props.timeZone),
  );
  return (
    <Stack gap={2} data-testid="consent-detail">
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {d.parts
          ? `${d.parts.map(translatePhrase).join(", ")}.${d.note ? ` ${d.note}` : ""}`
          : d.summary}
      </Text>
      {d.record && <FullRecord record={d.record} />}
    </Stack>
  );
}
