import { Anchor, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReportKind } from "../../../../domain/growth-reports.schemas";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { type ReportFilter, useCreateReportExport, useReportExports } from "../api/reports";

/**
 * Export to CSV as a background job: the button queues it, the line under it shows its progress
 * and then the download link (the last three exports of this report stay listed here; every
 * export is in Export History).
 */
export function ExportPanel({ report, filter }: { report: ReportKind; filter: ReportFilter }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const create = useCreateReportExport(report);
  const list = useReportExports(report);
  const recent = (list.data?.rows ?? []).slice(0, 3);
  return (
    <Stack gap={6} data-testid="report-exports">
      <Group justify="flex-end" gap="sm">
        {recent.length > 0 && (
          <Anchor component={Link} to="/reports/export-history" size="sm">
            {t("Export History")}
          </Anchor>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={create.isPending}
          onClick={() => create.mutate(filter)}
        >
          {t("Export CSV")}
        </Button>
      </Group>
      {recent.map((e) => (
        <Group key={e.id} gap="xs" justify="flex-end" wrap="nowrap">
          {e.status === "finished" && e.downloadUrl ? (
            <Anchor href={e.downloadUrl} size="sm" download>
              {t("Download {{file}} ({{n}} rows)", {
                file: e.fileName,
                count: e.rowCount,
                n: formatNumber(e.rowCount),
              })}
            </Anchor>
          ) : e.status === "failed" ? (
            <Text size="sm" c="red">
              {e.error === null ? t("The export failed.") : translateMessage(e.error)}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t("Exporting… {{progress}}%", { progress: e.progress })}
              </Text>
              <Progress value={e.progress} w={120} aria-label={t("Export progress")} />
            </>
          )}
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {formatDateTime(e.createdAt, timeZone)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
