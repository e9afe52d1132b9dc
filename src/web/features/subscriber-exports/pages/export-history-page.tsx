import { ActionIcon, Button, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconFileExport, IconUsers } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import type { SubscriberExport } from "../../../../domain/exports.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useExports } from "../api/list-exports";
import { ExportStatus } from "../components/export-status";

const MANAGE = "/subscribers/manage";
/** Columns shown from the sm breakpoint up; below it the date cell carries them. */
const WIDE = "(min-width: 48em)";

const EXPORTS_LIST = defineList({});

/** /reports/export-history: subscriber exports (started from Manage Subscribers) and their files. */
export default function ExportHistoryPage() {
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const view = useListState(EXPORTS_LIST, "local:export-history");
  const list = useExports(view.paging.page, view.paging.pageSize);
  const total = list.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Export History"
        description="Subscriber lists exported as CSV files. Files are kept here to download again."
        actions={
          <Button
            component={Link}
            to={MANAGE}
            variant="default"
            leftSection={<IconUsers size={16} />}
          >
            Manage subscribers
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
        failedTitle="The export history could not be loaded"
        empty={{
          title: "No exports yet",
          description:
            "Exports are started from Manage Subscribers: filter or select the subscribers you want, then choose Export. Each export is listed here with its CSV file.",
          action: { label: "Go to Manage Subscribers", onClick: () => navigate(MANAGE) },
        }}
        testId="export-history"
        columns={[
          {
            accessor: "createdAt",
            title: "Date",
            noWrap: true,
            render: (r) => (
              <Stack gap={2}>
                <Text size="sm">{formatDateTime(r.createdAt, timeZone)}</Text>
                {r.fileName && (
                  <Text size="xs" c="dimmed" truncate maw={260}>
                    {r.fileName}
                  </Text>
                )}
                {/* Small screens: rows, status and who under the date, not in columns. */}
                <Stack gap={4} hiddenFrom="sm" mt={2}>
                  <Text size="xs">
                    {r.rowCount.toLocaleString()} subscribers
                    {r.createdBy ? ` · by ${r.createdBy}` : ""}
                  </Text>
                  <ExportStatus row={r} />
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "rowCount",
            title: "Subscribers",
            textAlign: "right",
            visibleMediaQuery: WIDE,
            render: (r) => r.rowCount.toLocaleString(),
          },
          {
            accessor: "status",
            title: "Status",
            visibleMediaQuery: WIDE,
            render: (r) => <ExportStatus row={r} />,
          },
          {
            accessor: "createdBy",
            title: "Exported by",
            visibleMediaQuery: WIDE,
            render: (r) => r.createdBy ?? <Text c="dimmed">A former user</Text>,
          },
          {
            accessor: "download",
            title: <VisuallyHidden>Download</VisuallyHidden>,
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
                    aria-label={`Download ${r.fileName ?? "export"}`}
                    visibleFrom="sm"
                  >
                    Download
                  </Button>
                  <ActionIcon
                    component="a"
                    href={r.downloadUrl}
                    download
                    variant="light"
                    aria-label={`Download ${r.fileName ?? "export"}`}
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
