import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconCheck,
  IconCopy,
  IconEdit,
  IconLink,
  IconPlus,
  IconSearch,
  IconShieldCheck,
} from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { LINK_TEXTS, type Link } from "../../../../domain/links";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { useLinks } from "../../../components/message-tools/api";
import { LinkModal } from "../../../components/message-tools/link-modal";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { tablePagination } from "../../../lib/table-pagination";
import { usePageSize } from "../../../lib/use-page-size";
import { LinkEngagement } from "../../growth-reports/components/link-engagement";

/** /reports/link-tracking: every short link with its clicks, unique subscribers, tags. */
export default function LinkTrackingPage() {
  const tz = useAccountTimeZone();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize("lt");
  const list = useLinks({ page: page - 1, pageSize, query });
  const [modal, setModal] = useState<{ mode: "create" | "edit"; linkId?: number } | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const nothingYet = list.isSuccess && total === 0 && !query;

  return (
    <>
      <PageHeader
        title="Link Tracking"
        description="Short links served by Parley: each click is counted, with the subscriber when the link was texted to them."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ mode: "create" })}>
            Create Link
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconLink size={28} />}
            title="Links could not be loaded"
            query={list}
          />
        ) : nothingYet ? (
          <EmptyState
            icon={<IconLink size={28} />}
            title={LINK_TEXTS.empty}
            description="Create a short link here or from the composer; its clicks show up on this page."
            action={{ label: "Create Link", onClick: () => setModal({ mode: "create" }) }}
          />
        ) : (
          <Stack gap="sm">
            <TextInput
              placeholder="Search links or tags"
              aria-label="Search links"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              maw={{ sm: 320 }}
            />
            <DataTable<Link>
              records={rows}
              idAccessor="id"
              fetching={list.isFetching && list.isPlaceholderData}
              minHeight={rows.length ? undefined : 180}
              noRecordsText={LINK_TEXTS.empty}
              {...tablePagination({ total, page, setPage, pageSize, setPageSize })}
              verticalSpacing="sm"
              highlightOnHover
              columns={[
                {
                  accessor: "longUrl",
                  title: "Link",
                  render: (l) => (
                    <Stack gap={2} maw={{ base: 190, sm: 420 }}>
                      <Anchor
                        href={l.destinationUrl}
                        target="_blank"
                        rel="noreferrer"
                        size="sm"
                        fw={600}
                        truncate
                      >
                        {l.longUrl}
                      </Anchor>
                      <Group gap={4} wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate data-testid="short-url">
                          {l.shortUrl}
                        </Text>
                        <CopyButton value={l.shortUrl} timeout={1000}>
                          {({ copied, copy }) => (
                            <Tooltip label={copied ? "Copied" : "Copy short link"} withArrow>
                              <ActionIcon
                                size="xs"
                                variant="subtle"
                                color={copied ? "teal" : "gray"}
                                onClick={copy}
                                aria-label="Copy short link"
                              >
                                {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </CopyButton>
                        {l.ageCheck && (
                          <Tooltip label="Visitors confirm their age first" withArrow>
                            <IconShieldCheck size={14} color="var(--mantine-color-teal-6)" />
                          </Tooltip>
                        )}
                      </Group>
                    </Stack>
                  ),
                },
                {
                  accessor: "clicks",
                  title: "Clicks",
                  textAlign: "right",
                  render: (l) => (
                    <Text size="sm" fw={600} data-testid="link-clicks">
                      {l.trackingEnabled ? l.clicks.toLocaleString() : "Not tracked"}
                    </Text>
                  ),
                },
                {
                  accessor: "uniqueClicks",
                  title: "Unique subscribers",
                  textAlign: "right",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (l) => (
                    <Text size="sm">
                      {l.trackingEnabled ? l.uniqueClicks.toLocaleString() : "—"}
                    </Text>
                  ),
                },
                {
                  accessor: "tags",
                  title: "Tags",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                  render: (l) =>
                    l.tags.length ? (
                      <Group gap={4}>
                        {l.tags.map((t) => (
                          <Badge key={t.id} variant="light" tt="none">
                            {t.tag}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ),
                },
                {
                  accessor: "created",
                  title: "Created",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (l) => (
                    <Stack gap={0}>
                      <Text size="sm">{formatDateTime(l.created, tz)}</Text>
                      {l.createdBy && (
                        <Text size="xs" c="dimmed">
                          by {l.createdBy}
                        </Text>
                      )}
                    </Stack>
                  ),
                },
                {
                  accessor: "actions",
                  title: "",
                  textAlign: "right",
                  width: 56,
                  render: (l) => (
                    <Tooltip label="Edit tags" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Edit ${l.shortUrl}`}
                        onClick={() => setModal({ mode: "edit", linkId: l.id })}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ),
                },
              ]}
            />
          </Stack>
        )}
      </Paper>
      <LinkEngagement />
      <LinkModal
        opened={modal !== null}
        onClose={() => setModal(null)}
        mode={modal?.mode ?? "create"}
        linkId={modal?.linkId}
        isMms={false}
        onInsert={() => {}}
      />
    </>
  );
}
