import { Alert, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDownload,
  IconHistory,
  IconUpload,
  IconUsers,
} from "@tabler/icons-react";
import { Link } from "react-router";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { importPercent, isImportActive } from "../lib/import-status";
import { ImportCounts } from "./import-counts";
import { ImportStatusBadge } from "./import-status-badge";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Step 4: the import running (polled every second), then its result and what to do next. */
export function ImportProgress(props: { row: SubscriberImport; onImportAnother: () => void }) {
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
              Started {formatDateTime(row.createdAt, timeZone)}
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
          aria-label="Import progress"
          data-testid="import-progress"
        />
        <Text size="sm" c="dimmed" mt={6} aria-live="polite">
          {row.status === "queued"
            ? "Waiting for a worker to pick the import up…"
            : row.status === "running"
              ? `${row.processedRows.toLocaleString()} of about ${row.totalRows.toLocaleString()} rows (${percent}%)`
              : `${plural(row.processedRows, "row", "rows")} read`}
        </Text>
      </Paper>

      <ImportCounts row={row} />

      {row.status === "finished" && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Import finished">
          {plural(row.added, "subscriber", "subscribers")} added, {row.updated.toLocaleString()}{" "}
          updated, {row.skipped.toLocaleString()} skipped and {row.failed.toLocaleString()} failed.
          {row.failed > 0 && " The failed rows, each with its reason, can be downloaded below."}
        </Alert>
      )}
      {row.status === "failed" && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The import stopped">
          {row.error ?? "The file could not be read to the end."} Rows counted above were imported.
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
            Download failed rows
          </Button>
        )}
        <Button
          component={Link}
          to="/subscribers/import/history"
          variant="default"
          leftSection={<IconHistory size={16} />}
        >
          View import history
        </Button>
        {!active && (
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={props.onImportAnother}
            >
              Import another file
            </Button>
            <Button
              component={Link}
              to="/subscribers/manage"
              variant="subtle"
              leftSection={<IconUsers size={16} />}
            >
              Manage subscribers
            </Button>
          </>
        )}
      </Group>
      {active && (
        <Text size="xs" c="dimmed">
          You can leave this page: the import goes on, and its history shows how it went.
        </Text>
      )}
    </Stack>
  );
}
