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
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { discardImport } from "../api/discard-import";
import { importsKey, useImports } from "../api/list-imports";
import { countTitle } from "../components/import-counts";
import { ImportStatusBadge } from "../components/import-status-badge";
import { IMPORT_PATHS } from "../lib/import-paths";
import { importPercent, isImportActive } from "../lib/import-status";

/** Columns shown from the sm breakpoint up; below it the file cell carries them. */
const WIDE = "(min-width: 48em)";

const IMPORTS_LIST = defineList({});
const COUNT_COLOR: Record<string, string | undefined> = {
  added: "teal",
  updated: "blue",
  failed: "red",
};

/** The status; for a running import, its progress too. */
function StatusCell({ row }: { row: SubscriberImport }) {
  const { t } = useTranslation();
  if (!isImportActive(row.status)) {
    return (
      <Tooltip label={row.error && translateMessage(row.error)} disabled={!row.error}>
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
        aria-label={t("Progress of {{name}}", { name: row.fileName })}
      />
      <Text size="xs" c="dimmed">
        {t("{{processed}} of ~{{total}} rows", {
          processed: formatNumber(row.processedRows),
          total: formatNumber(row.totalRows),
        })}
      </Text>
    </Stack>
  );
}

function Count({ n, color }: { n: number; color?: string }) {
  return (
    <Text size="sm" c={n > 0 ? color : "dimmed"} fw={n > 0 ? 600 : undefined}>
      {formatNumber(n)}
    </Text>
  );
}

/** /subscribers/import/history: every import with its counts, live while one runs. */
export default function ImportHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const timeZone = useAccountTimeZone();
  const view = useListState(IMPORTS_LIST, "local:import-history");
  const list = useImports(view.paging.page, view.paging.pageSize);
  const total = list.data?.total ?? 0;

  const discard = (row: SubscriberImport) =>
    modals.openConfirmModal({
      title: t("Discard this upload"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="<0>{{name}}</0> was uploaded but never imported. Discard it? The file is deleted; nothing was added to your subscribers."
            values={{ name: row.fileName }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Discard"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        discardImport(row.id)
          .then(() => {
            notify.success(t("'{{name}}' discarded", { name: row.fileName }));
            return qc.invalidateQueries({ queryKey: importsKey });
          })
          .catch((err: Error) => notify.error(err.message)),
    });

  const importButton = (
    <Button component={Link} to={IMPORT_PATHS.import} leftSection={<IconUpload size={16} />}>
      {t("Import subscribers")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("Import History")}
        description={t("Every file imported into this account, with what became of its rows.")}
        actions={importButton}
      />
      <ListTable<SubscriberImport>
        frame="bare"
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={total}
        icon={<IconFileImport size={28} />}
        failedTitle={t("The import history could not be loaded")}
        empty={{
          title: t("No imports yet"),
          description: t(
            "Import a CSV or Excel file of subscribers, and each import shows here with its counts and a file of the rows that failed.",
          ),
          action: { label: t("Import subscribers"), onClick: () => navigate(IMPORT_PATHS.import) },
        }}
        testId="import-history"
        columns={[
          {
            accessor: "fileName",
            title: t("File"),
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
                      {t(
                        "{{added}} added · {{updated}} updated · {{skipped}} skipped · {{failed}} failed",
                        {
                          added: formatNumber(r.added),
                          updated: formatNumber(r.updated),
                          skipped: formatNumber(r.skipped),
                          failed: formatNumber(r.failed),
                        },
                      )}
                    </Text>
                  )}
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "createdAt",
            title: t("Date"),
            noWrap: true,
            visibleMediaQuery: WIDE,
            render: (r) => formatDateTime(r.createdAt, timeZone),
          },
          {
            accessor: "status",
            title: t("Status"),
            visibleMediaQuery: WIDE,
            render: (r) => <StatusCell row={r} />,
          },
          ...(["added", "updated", "skipped", "failed"] as const).map((key) => ({
            accessor: key,
            // The column counts many rows: its name's plural form.
            title: countTitle(key, 2, t),
            textAlign: "right" as const,
            visibleMediaQuery: WIDE,
            render: (r: SubscriberImport) => <Count n={r[key]} color={COUNT_COLOR[key]} />,
          })),
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            noWrap: true,
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {r.failedRowsUrl && (
                  <Tooltip label={t("Download the failed rows, each with its reason")}>
                    <Anchor
                      href={r.failedRowsUrl}
                      download
                      size="sm"
                      aria-label={t("Download failed rows of {{name}}", { name: r.fileName })}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconDownload size={16} />
                        <Text span inherit visibleFrom="sm">
                          {t("Failed rows")}
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
                    {t("Watch")}
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
                      {t("Continue")}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("Discard {{name}}", { name: r.fileName })}
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
