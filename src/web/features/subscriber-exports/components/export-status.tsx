import { Badge, Progress, Stack, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SubscriberExport } from "../../../../domain/exports.schemas";
import { tk, translateMessage } from "../../../i18n";

const LABEL: Record<SubscriberExport["status"], string> = {
  queued: tk("Waiting"),
  running: tk("Writing"),
  finished: tk("Ready"),
  failed: tk("Failed"),
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
  const { t } = useTranslation();
  const badge = (
    <Badge variant="light" color={COLOR[row.status]} data-testid="export-status">
      {t(LABEL[row.status])}
    </Badge>
  );
  if (row.status === "queued" || row.status === "running") {
    return (
      <Stack gap={4} miw={110}>
        {badge}
        {row.progress > 0 ? (
          <Progress value={row.progress} size="sm" aria-label={t("Export progress")} />
        ) : (
          <Progress value={100} striped animated size="sm" aria-label={t("Export in progress")} />
        )}
      </Stack>
    );
  }
  if (row.status === "failed" && row.error) {
    return (
      <Tooltip label={translateMessage(row.error)}>
        <span>{badge}</span>
      </Tooltip>
    );
  }
  return badge;
}
