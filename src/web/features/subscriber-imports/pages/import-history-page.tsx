import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Progress,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconDownload,
  IconFileImport,
  IconPlayerPlay,
  IconTrash,
  IconUpload,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { discardImport } from "../api/discard-import";
import { importsKey, useImports } from "../api/list-imports";
import { ImportStatusBadge } from "../components/import-status-badge";
import { IMPORT_PATHS } from "../lib/import-paths";
import { importPercent, isImportActive } from "../lib/import-status";

/** Columns shown from the sm breakpoint up; below it the file cell carries them. */
const WIDE = "(min-width: 48em)";

const IMPORTS_LIST = defineList({});
const COUNT_TITLE = { added: "Added", updated: "Updated", skipped: "Skipped", failed: "Failed" };
const COUNT_COLOR: Record<string, string | undefined> = {
  added: "teal",
  updated: "blue",
  failed: "red",
};

/** The status; for a running import, its progress too. */
function StatusCell({ row }: { row: SubscriberImport }) {
  if (!isImportActive(row.status)) {
    return (
      <Tooltip label={row.error} disabled={!row.error}>
        <span>
          <ImportStatusBadge status={row.status} />
        </span>
      </Tooltip>
    );
  }
  return (
    <Stack gap={4} miw={120}>
      <ImportStatusBadge status={row.status} />
      <Progress
        value={row.status === "queued" ? 100 : importPercent(row)}
        striped
        animated
        size="sm"
        aria-label={`Progress of ${row.fileName}`}
      />
      <Text size="xs" c="dimmed">
        {row.processedRows.toLocaleString()} of ~{row.totalRows.toLocaleString()} rows
      </Text>
    </Stack>
  );
}

function Count({ n, color }: { n: number; color?: string }) {
  return (
    <Text size="sm" c={n > 0 ? color : "dimmed"} fw={n > 0 ? 600 : undefined}>
      {n.toLocaleString()}
    </Text>
  );
}

/** /subscribers/import/history: every import with its counts, live while one runs. */
export default function ImportHistoryPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const timeZone = useAccountTimeZone();
  const view = useListState(IMPORTS_LIST, "local:import-history");
  const list = useImports(view.paging.page, view.paging.pageSize);
  const total = list.data?.total ?? 0;

  const discard = (row: SubscriberImport) =>
    modals.openConfirmModal({
      title: "Discard this upload",
      children: (
        <Text size="sm">
          <b>{row.fileName}</b> was uploaded but never imported. Discard it? The file is deleted;
          nothing was added to your subscribers.
        </Text>
      ),
      labels: { confirm: "Discard", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        discardImport(row.id)
          .then(() => {
            notify.success(`'${row.fileName}' discarded`);
            return qc.invalidateQueries({ queryKey: importsKey });
          })
          .catch((err: Error) => notify.error(err.message)),
    });

  const importButton = (
    <Button component={Link} to={IMPORT_PATHS.import} leftSection={<IconUpload size={16} />}>
      Import subscribers
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Import History"
        description="Every file imported into this account, with what became of its rows."
        actions={importButton}
      />
      <ListTable<SubscriberImport>
        frame="bare"
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={total}
        icon={<IconFileImport size={28} />}
        failedTitle="The import history could not be loaded"
        empty={{
          title: "No imports yet",
          description:
            "Import a CSV or Excel file of subscribers, and each import shows here with its counts and a file of the rows that failed.",
          action: { label: "Import subscribers", onClick: () => navigate(IMPORT_PATHS.import) },
        }}
        testId="import-history"
        columns={[
          {
            accessor: "fileName",
            title: "File",
            render: (r) => (
              <Stack gap={4} maw={280}>
                <Text size="sm" fw={500} truncate title={r.fileName}>
                  {r.fileName}
                </Text>
                {/* Small screens: date, status and counts under the name, not in columns. */}
                <Stack gap={4} hiddenFrom="sm">
                  <Text size="xs" c="dimmed">
                    {formatDateTime(r.createdAt, timeZone)}
                  </Text>
                  <StatusCell row={r} />
                  {!isImportActive(r.status) && r.status !== "uploaded" && (
                    <Text size="xs">
                      {r.added.toLocaleString()} added · {r.updated.toLocaleString()} updated ·{" "}
                      {r.skipped.toLocaleString()} skipped · {r.failed.toLocaleString()} failed
                    </Text>
                  )}
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "createdAt",
            title: "Date",
            noWrap: true,
            visibleMediaQuery: WIDE,
            render: (r) => formatDateTime(r.createdAt, timeZone),
          },
          {
            accessor: "status",
            title: "Status",
            visibleMediaQuery: WIDE,
            render: (r) => <StatusCell row={r} />,
          },
          ...(["added", "updated", "skipped", "failed"] as const).map((key) => ({
            accessor: key,
            title: COUNT_TITLE[key],
            textAlign: "right" as const,
            visibleMediaQuery: WIDE,
            render: (r: SubscriberImport) => <Count n={r[key]} color={COUNT_COLOR[key]} />,
          })),
          {
            accessor: "actions",
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: "right",
            noWrap: true,
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {r.failedRowsUrl && (
                  <Tooltip label="Download the failed rows, each with its reason">
                    <Anchor
                      href={r.failedRowsUrl}
                      download
                      size="sm"
                      aria-label={`Download failed rows of ${r.fileName}`}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconDownload size={16} />
                        <Text span inherit visibleFrom="sm">
                          Failed rows
                        </Text>
                      </Group>
                    </Anchor>
                  </Tooltip>
                )}
                {isImportActive(r.status) && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    component={Link}
                    to={`${IMPORT_PATHS.import}?import=${r.id}`}
                  >
                    Watch
                  </Button>
                )}
                {r.status === "uploaded" && (
                  <>
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconPlayerPlay size={12} />}
                      component={Link}
                      to={`${IMPORT_PATHS.import}?resume=${r.id}`}
                    >
                      Continue
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Discard ${r.fileName}`}
                      onClick={() => discard(r)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </>
                )}
              </Group>
            ),
          },
        ]}
      />
    </>
  );
}
