import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import {
  IconCheck,
  IconCopy,
  IconEdit,
  IconLink,
  IconPlus,
  IconShieldCheck,
} from "@tabler/icons-react";
import { useState } from "react";
import { LINK_TEXTS, type Link } from "../../../../domain/links";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { useLinks } from "../../../components/message-tools/api";
import { LinkModal } from "../../../components/message-tools/link-modal";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { LinkEngagement } from "../../growth-reports/components/link-engagement";

const LINKS_LIST = defineList({});

/** /reports/link-tracking: every short link with its clicks, unique subscribers, tags. */
export default function LinkTrackingPage() {
  const tz = useAccountTimeZone();
  const view = useListState(LINKS_LIST, "lt");
  const list = useLinks({ ...view.paging, query: view.query });
  const [modal, setModal] = useState<{ mode: "create" | "edit"; linkId?: number } | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

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
      <ListTable<Link>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconLink size={28} />}
        failedTitle="Links could not be loaded"
        noRecordsText={LINK_TEXTS.empty}
        empty={{
          title: LINK_TEXTS.empty,
          description:
            "Create a short link here or from the composer; its clicks show up on this page.",
          action: { label: "Create Link", onClick: () => setModal({ mode: "create" }) },
        }}
        toolbar={
          <ListSearch
            label="Search links"
            placeholder="Search links or tags"
            value={view.query}
            onSearch={view.setQuery}
          />
        }
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
              <Text size="sm">{l.trackingEnabled ? l.uniqueClicks.toLocaleString() : "—"}</Text>
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
