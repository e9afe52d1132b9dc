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
  // One broadcast's state: the singular, which Spanish agrees with "el mensaje telefónico".
  const labels: Record<string, string> = {
    scheduled: t("Scheduled", { count: 1 }),
    sending: t("Calling", { count: 1 }),
    sent: t("Sent", { count: 1 }),
    canceled: t("Canceled", { count: 1 }),
    failed: t("Failed", { count: 1 }),
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
