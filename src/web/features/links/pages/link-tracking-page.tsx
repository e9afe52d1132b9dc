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
import { useTranslation } from "react-i18next";
import { LINK_TEXTS, type Link } from "../../../../domain/links";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { useLinks } from "../../../components/message-tools/api";
import { LinkModal } from "../../../components/message-tools/link-modal";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { LinkEngagement } from "../../growth-reports/components/link-engagement";

const LINKS_LIST = defineList({});

/** /reports/link-tracking: every short link with its clicks, unique subscribers, tags. */
export default function LinkTrackingPage() {
  const { t } = useTranslation();
  const tz = useAccountTimeZone();
  const view = useListState(LINKS_LIST, "lt");
  const list = useLinks({ ...view.paging, query: view.query });
  const [modal, setModal] = useState<{ mode: "create" | "edit"; linkId?: number } | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t("Link Tracking")}
        description={t(
          "Short links served by Parley: each click is counted, with the subscriber when the link was texted to them.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ mode: "create" })}>
            {t("Create Link")}
          </Button>
        }
      />
      <ListTable<Link>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconLink size={28} />}
        failedTitle={t("Links could not be loaded")}
        noRecordsText={translateMessage(LINK_TEXTS.empty)}
        empty={{
          title: translateMessage(LINK_TEXTS.empty),
          description: t(
            "Create a short link here or from the composer; its clicks show up on this page.",
          ),
          action: { label: t("Create Link"), onClick: () => setModal({ mode: "create" }) },
        }}
        toolbar={
          <ListSearch
            label={t("Search links")}
            placeholder={t("Search links or tags")}
            value={view.query}
            onSearch={view.setQuery}
          />
        }
        columns={[
          {
            accessor: "longUrl",
            title: t("Link"),
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
                      <Tooltip label={copied ? t("Copied") : t("Copy short link")} withArrow>
                        <ActionIcon
                          size="xs"
                          variant="subtle"
                          color={copied ? "teal" : "gray"}
                          onClick={copy}
                          aria-label={t("Copy short link")}
                        >
                          {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                  {l.ageCheck && (
                    <Tooltip label={t("Visitors confirm their age first")} withArrow>
                      <IconShieldCheck size={14} color="var(--mantine-color-teal-6)" />
                    </Tooltip>
                  )}
                </Group>
              </Stack>
            ),
          },
          {
            accessor: "clicks",
            title: t("Clicks"),
            textAlign: "right",
            render: (l) => (
              <Text size="sm" fw={600} data-testid="link-clicks">
                {l.trackingEnabled ? formatNumber(l.clicks) : t("Not tracked")}
              </Text>
            ),
          },
          {
            accessor: "uniqueClicks",
            title: t("Unique subscribers"),
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (l) => (
              <Text size="sm">{l.trackingEnabled ? formatNumber(l.uniqueClicks) : "—"}</Text>
            ),
          },
          {
            accessor: "tags",
            title: t("Tags"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (l) =>
              l.tags.length ? (
                <Group gap={4}>
                  {l.tags.map((tag) => (
                    <Badge key={tag.id} variant="light" tt="none">
                      {tag.tag}
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
            title: t("Created"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (l) => (
              <Stack gap={0}>
                <Text size="sm">{formatDateTime(l.created, tz)}</Text>
                {l.createdBy && (
                  <Text size="xs" c="dimmed">
                    {t("by {{user}}", { user: l.createdBy })}
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
              <Tooltip label={t("Edit tags")} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("Edit {{link}}", { link: l.shortUrl })}
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
