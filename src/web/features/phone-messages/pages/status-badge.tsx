import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = {
  scheduled: "blue",
  sending: "yellow",
  sent: "green",
  canceled: "gray",
  failed: "red",
};
const LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  sending: "Calling",
  sent: "Sent",
  canceled: "Canceled",
  failed: "Failed",
};

export function BroadcastStatus({ status }: { status: string }) {
  return (
    <Badge
      color={COLORS[status] ?? "gray"}
      variant="light"
      miw="fit-content"
      style={{ flexShrink: 0, width: "fit-content" }}
    >
      {LABELS[status] ?? status}
    </Badge>
  );
}
