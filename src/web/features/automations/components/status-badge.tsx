import { Badge, type BadgeProps } from "@mantine/core";

// Dark shades: white on them reads at WCAG AA contrast (axe, e2e).
export const STATUS_COLOR = { draft: "gray.7", active: "teal.9", paused: "yellow.9" } as const;
export const STATUS_LABEL = { draft: "Draft", active: "Running", paused: "Paused" } as const;

export function StatusBadge(
  props: { status: "draft" | "active" | "paused" } & Omit<BadgeProps, "color" | "children">,
) {
  const { status, ...rest } = props;
  return (
    <Badge color={STATUS_COLOR[status]} {...rest}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
