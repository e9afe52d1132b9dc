import { Badge, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  UNHEALTHY_REASON_HELP,
  UNHEALTHY_REASON_LABELS,
  type UnhealthyReason,
} from "../../../../domain/unhealthy-subscribers.schemas";
import { translateMessage } from "../../../i18n";

export const REASON_COLOR: Record<UnhealthyReason, string> = {
  landline: "orange",
  invalid: "red",
  unreachable: "yellow",
  carrier_blocked: "grape",
};

/** The reason a number is unhealthy, with what it means (and the carrier's code) on hover. */
export function ReasonBadge(props: { reason: UnhealthyReason; errorCode: number | null }) {
  const { t } = useTranslation();
  const code = props.errorCode ? ` ${t("Carrier error {{code}}.", { code: props.errorCode })}` : "";
  return (
    <Tooltip label={`${translateMessage(UNHEALTHY_REASON_HELP[props.reason])}${code}`}>
      <Badge variant="light" color={REASON_COLOR[props.reason]} data-testid="reason">
        {translateMessage(UNHEALTHY_REASON_LABELS[props.reason])}
      </Badge>
    </Tooltip>
  );
}
