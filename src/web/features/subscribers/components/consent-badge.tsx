import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { tk } from "../../../i18n";

/** Shown on a conversation contact: it texted in, and is left out of every marketing send. */
const NO_CONSENT_LABEL = tk("Conversation only — no marketing consent");

/** `short` in tables, where the title says the rest. */
export function NoConsentBadge(props: { size?: BadgeProps["size"]; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size={props.size}
      color="yellow"
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      title={t(
        "Texted in without subscribing: in the inbox, but not in any marketing send until consent is recorded",
      )}
      data-testid="status-no-consent"
    >
      {props.short ? t("Conversation only") : t(NO_CONSENT_LABEL)}
    </Badge>
  );
}
