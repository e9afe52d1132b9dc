import { ActionIcon, Button, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconFileExport, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EXPORT_KIND_LABELS, type SubscriberExport } from "../../../../domain/exports.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useExports } from "../api/list-exports";
import { ExportStatus } from "../components/export-status";

const MANAGE = "/subscribers/manage";
/** Columns shown from the sm breakpoint up; below it the date cell carries them. */
const WIDE = "(min-width: 48em)";

const EXPORTS_LIST = defineList({});

/**
 * /reports/export-history: every CSV export (subscribers, reports, sent messages, conversations,
 * the audit log), with its progress while written and its file to download again.
 */
export default function ExportHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rowsText = (r: SubscriberExport) => {
    const n = formatNumber(r.rowCount);
    return r.kind === "subscribers"
      ? t("{{n}} subscribers", { count: r.rowCount, n })
      : t("{{n}} rows", { count: r.rowCount, n });
  };
  const timeZone = useAccountTimeZone();
  const view = useListState(EXPORTS_LIST, "local:export-history");
  const list = useExports(view.paging.page, view.paging.pageSize);
  const total = list.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t("Export History")}
        description={t(
          "Every CSV export, kept here to download again. Times in the files are in the account's time zone, named in each time column.",
        )}
        actions={
          <Button
            component={Link}
            to={MANAGE}
            variant="default"
            leftSection={<IconUsers size={16} />}
          >
            {t("Manage subscribers")}
          </Button>
        }
      />
      <ListTable<SubscriberExport>
        frame="bare"
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={total}
        icon={<IconFileExport size={28} />}
        failedTitle={t("The export history could not be loaded")}
        empty={{
          title: t("No exports yet"),
          description: t(
            "Export subscribers from Manage Subscribers (filter or select them, then choose Export), or choose Export CSV on a report, Sent Messages or the Audit Log, or Export in a conversation. Each export is listed here with its CSV file.",
          ),
          action: { label: t("Go to Manage Subscribers"), onClick: () => navigate(MANAGE) },
        }}
        testId="export-history"
        columns={[
          {
            accessor: "createdAt",
            title: t("Export"),
            noWrap: true,
            render: (r) => (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {translateMessage(EXPORT_KIND_LABELS[r.kind])}
                </Text>
                <Text size="xs">{formatDateTime(r.createdAt, timeZone)}</Text>
                {r.fileName && (
                  <Text size="xs" c="dimmed" truncate maw={260}>
                    {r.fileName}
                  </Text>
                )}
                {/* Small screens: rows, status and who under the date, not in columns. */}
                <Stack gap={4} hiddenFrom="sm" mt={2}>
                  <Text size="xs">
                    {rowsText(r)}
                    {r.createdBy ? ` · ${t("by {{name}}", { name: r.createdBy })}` : ""}
                  </Text>
                  <ExportStatus row={r} />
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "rowCount",
            title: t("Rows"),
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => formatNumber(r.rowCount),
          },
          {
            accessor: "status",
            title: t("Status"),
            visibleMediaQuery: WIDE,
            render: (r) => <ExportStatus row={r} />,
          },
          {
            accessor: "createdBy",
            title: t("Exported by"),
            visibleMediaQuery: WIDE,
            render: (r) => r.createdBy ?? <Text c="dimmed">{t("A former user")}</Text>,
          },
          {
            accessor: "download",
            title: <VisuallyHidden>{t("Download")}</VisuallyHidden>,
            textAlign: "right",
            render: (r) =>
              r.downloadUrl ? (
                <>
                  <Button
                    component="a"
                    href={r.downloadUrl}
                    download
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    aria-label={t("Download {{file}}", { file: r.fileName ?? t("export") })}
                    visibleFrom="sm"
                  >
                    {t("Download")}
                  </Button>
                  <ActionIcon
                    component="a"
                    href={r.downloadUrl}
                    download
                    variant="light"
                    aria-label={t("Download {{file}}", { file: r.fileName ?? t("export") })}
                    hiddenFrom="sm"
                  >
                    <IconDownload size={16} />
                  </ActionIcon>
                </>
              ) : null,
          },
        ]}
      />
    </>
  );
}
