import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { tk } from "../../../i18n";

// Dark shades: white on them reads at WCAG AA contrast (axe, e2e).
export const STATUS_COLOR = { draft: "gray.7", active: "teal.9", paused: "yellow.9" } as const;
/** In English (the lists sort by it); shown through t(). */
export const STATUS_LABEL = {
  draft: tk("Draft"),
  active: tk("Running"),
  paused: tk("Paused"),
} as const;

export function StatusBadge(
  props: { status: "draft" | "active" | "paused" } & Omit<BadgeProps, "color" | "children">,
) {
  const { t } = useTranslation();
  const { status, ...rest } = props;
  return (
    <Badge color={STATUS_COLOR[status]} {...rest}>
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}
