import { ActionIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One icon of a message editor's tool row (composer, inbox reply): its name for screen readers,
 * and a tooltip that says what it does or why it cannot be used now.
 */
export function ToolButton(props: {
  label: string;
  /** The tooltip when it differs from the label (a reason it is disabled, say). */
  tooltip?: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={props.tooltip ?? props.label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={props.label}
        onClick={props.onClick}
        disabled={props.disabled}
      >
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}
