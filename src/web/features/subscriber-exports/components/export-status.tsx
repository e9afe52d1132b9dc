import { Badge, Progress, Stack, Tooltip } from "@mantine/core";
import type { SubscriberExport } from "../../../../domain/exports.schemas";

const LABEL: Record<SubscriberExport["status"], string> = {
  queued: "Waiting",
  running: "Writing",
  finished: "Ready",
  failed: "Failed",
};
const COLOR: Record<SubscriberExport["status"], string> = {
  queued: "blue",
  running: "blue",
  finished: "teal",
  failed: "red",
};

/**
 * An export's status; while it is written, its progress (a moving bar while the job cannot tell
 * how far it is, with the rows written so far).
 */
export function ExportStatus({ row }: { row: SubscriberExport }) {
  const badge = (
    <Badge variant="light" color={COLOR[row.status]} data-testid="export-status">
      {LABEL[row.status]}
    </Badge>
  );
  if (row.status === "queued" || row.status === "running") {
    return (
      <Stack gap={4} miw={110}>
        {badge}
        {row.progress > 0 ? (
          <Progress value={row.progress} size="sm" aria-label="Export progress" />
        ) : (
          <Progress value={100} striped animated size="sm" aria-label="Export in progress" />
        )}
      </Stack>
    );
  }
  if (row.status === "failed" && row.error) {
    return (
      <Tooltip label={row.error}>
        <span>{badge}</span>
      </Tooltip>
    );
  }
  return badge;
}
