import { Badge, type BadgeProps } from "@mantine/core";

/** Shown on a conversation contact: it texted in, and is left out of every marketing send. */
const NO_CONSENT_LABEL = "Conversation only — no marketing consent";

/** `short` in tables, where the title says the rest. */
export function NoConsentBadge(props: { size?: BadgeProps["size"]; short?: boolean }) {
  return (
    <Badge
      size={props.size}
      color="yellow"
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      title="Texted in without subscribing: in the inbox, but not in any marketing send until consent is recorded"
      data-testid="status-no-consent"
    >
      {props.short ? "Conversation only" : NO_CONSENT_LABEL}
    </Badge>
  );
}
