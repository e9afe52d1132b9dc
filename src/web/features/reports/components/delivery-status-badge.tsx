import { Badge } from "@mantine/core";
import type { StatusGroup } from "../../../../domain/delivery-status";
import { STATUS_GROUP_COLORS } from "../../../../domain/reports.schemas";
import { translateMessage } from "../../../i18n";

/** A delivery status in its group's colour (failed and blocked red, sending dark, …). */
export function DeliveryStatusBadge({ status, group }: { status: string; group: StatusGroup }) {
  const color = STATUS_GROUP_COLORS[group];
  return (
    <Badge
      variant={group === "unconfirmed" ? "outline" : "light"}
      color={color.split(".")[0]}
      data-testid="delivery-status"
    >
      {translateMessage(status)}
    </Badge>
  );
}
