import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS: Record<string, string> = {
  scheduled: "blue",
  sending: "yellow",
  sent: "green",
  canceled: "gray",
  failed: "red",
};
export function BroadcastStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  // One broadcast's state, by context: Spanish agrees with "el mensaje telefónico".
  const labels: Record<string, string> = {
    scheduled: t("Scheduled", { context: "broadcast" }),
    sending: t("Calling", { context: "broadcast" }),
    sent: t("Sent", { context: "broadcast" }),
    canceled: t("Canceled", { context: "broadcast" }),
    failed: t("Failed", { context: "broadcast" }),
  };
  return (
    <Badge
      color={COLORS[status] ?? "gray"}
      variant="light"
      miw="fit-content"
      style={{ flexShrink: 0, width: "fit-content" }}
    >
      {labels[status] ?? status}
    </Badge>
  );
}
