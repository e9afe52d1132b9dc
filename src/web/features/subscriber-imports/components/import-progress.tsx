import { Alert, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDownload,
  IconHistory,
  IconUpload,
  IconUsers,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { importPercent, isImportActive } from "../lib/import-status";
import { ImportCounts } from "./import-counts";
import { ImportStatusBadge } from "./import-status-badge";

/** Step 4: the import running (polled every second), then its result and what to do next. */
export function ImportProgress(props: { row: SubscriberImport; onImportAnother: () => void }) {
  const { t } = useTranslation();
  const { row } = props;
  const timeZone = useAccountTimeZone();
  const active = isImportActive(row.status);
  const percent = importPercent(row);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {row.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {t("Started {{date}}", { date: formatDateTime(row.createdAt, timeZone) })}
            </Text>
          </Stack>
          <ImportStatusBadge status={row.status} />
        </Group>
        <Progress
          value={row.status === "queued" ? 100 : percent}
          striped={active}
          animated={active}
          color={row.status === "failed" ? "red" : row.status === "finished" ? "teal" : "brand"}
          size="lg"
          radius="xl"
          aria-label={t("Import progress")}
          data-testid="import-progress"
        />
        <Text size="sm" c="dimmed" mt={6} aria-live="polite">
          {row.status === "queued"
            ? t("Waiting for a worker to pick the import up…")
            : row.status === "running"
              ? t("{{processed}} of about {{total}} rows ({{percent}}%)", {
                  processed: formatNumber(row.processedRows),
                  total: formatNumber(row.totalRows),
                  percent,
                })
              : t("{{n}} rows read", {
                  count: row.processedRows,
                  n: formatNumber(row.processedRows),
                })}
        </Text>
      </Paper>

      <ImportCounts row={row} />

      {row.status === "finished" && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("Import finished")}>
          {t(
            "{{n}} subscribers added, {{updated}} updated, {{skipped}} skipped and {{failed}} failed.",
            {
              count: row.added,
              n: formatNumber(row.added),
              updated: formatNumber(row.updated),
              skipped: formatNumber(row.skipped),
              failed: formatNumber(row.failed),
            },
          )}
          {row.failed > 0 &&
            ` ${t("The failed rows, each with its reason, can be downloaded below.")}`}
        </Alert>
      )}
      {row.status === "failed" && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("The import stopped")}>
          {t("{{error}} Rows counted above were imported.", {
            error: row.error
              ? translateMessage(row.error)
              : t("The file could not be read to the end."),
          })}
        </Alert>
      )}

      <Group gap="sm" wrap="wrap">
        {row.failedRowsUrl && (
          <Button
            component="a"
            href={row.failedRowsUrl}
            download
            color="red"
            variant="light"
            leftSection={<IconDownload size={16} />}
          >
            {t("Download failed rows")}
          </Button>
        )}
        <Button
          component={Link}
          to="/subscribers/import/history"
          variant="default"
          leftSection={<IconHistory size={16} />}
        >
          {t("View import history")}
        </Button>
        {!active && (
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={props.onImportAnother}
            >
              {t("Import another file")}
            </Button>
            <Button
              component={Link}
              to="/subscribers/manage"
              variant="subtle"
              leftSection={<IconUsers size={16} />}
            >
              {t("Manage subscribers")}
            </Button>
          </>
        )}
      </Group>
      {active && (
        <Text size="xs" c="dimmed">
          {t("You can leave this page: the import goes on, and its history shows how it went.")}
        </Text>
      )}
    </Stack>
  );
}
