import { Button, Code, Collapse, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { describeConsent } from "../../../../domain/consent-evidence";
import { formatDateTime } from "../lib/dates";

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
  const [open, toggle] = useDisclosure(false);
  const d = describeConsent(props.source, props.detail, props.at ? new Date(props.at) : null, (t) =>
    formatDateTime(t, props.timeZone),
  );
  return (
    <Stack gap={2} data-testid="consent-detail">
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {d.summary}
      </Text>
      {d.record && (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            onClick={toggle.toggle}
            aria-expanded={open}
          >
            {open ? "Hide the full record" : "Show the full record"}
          </Button>
          <Collapse expanded={open}>
            <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {d.record}
            </Code>
          </Collapse>
        </>
      )}
    </Stack>
  );
}
