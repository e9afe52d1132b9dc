import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconAlertTriangle, IconBellOff, IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  isExternalLink,
  NOTIFICATION_PAGE,
  type NotificationRow,
} from "../../../../domain/notifications.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useMarkAllRead, useMarkRead, useNotifications } from "../api/notifications";

/** /notifications: the user's notifications, unread and read views (doc 3 §2-4, §9). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<"unread" | "read">("unread");
  const [limit, setLimit] = useState(NOTIFICATION_PAGE);
  const list = useNotifications(view, limit);
  const markAll = useMarkAllRead();
  const rows = list.data?.rows ?? [];
  // Load More shows while a full page came back (the count is a multiple of 10).
  const more = rows.length > 0 && rows.length % NOTIFICATION_PAGE === 0 && rows.length === limit;

  return (
    <Stack gap="md" maw={860}>
      <PageHeader
        title={t("Notifications")}
        actions={
          <Button
            variant="light"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={!list.data?.unreadCount}
          >
            {t("Mark all as read")}
          </Button>
        }
      />
      <SegmentedControl
        w={{ base: "100%", xs: 260 }}
        value={view}
        onChange={(v) => {
          setView(v as "unread" | "read");
          setLimit(NOTIFICATION_PAGE);
        }}
        data={[
          {
            value: "unread",
            label: `${t("Unread")}${list.data?.unreadCount ? ` (${list.data.unreadCount})` : ""}`,
          },
          { value: "read", label: t("Read") },
        ]}
      />
      {list.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Notifications could not be loaded")}
          query={{
            error: list.error,
            refetch: () =>
              list.refetch().then((r) => {
                if (r.isError) notify.error(r.error.message);
              }),
          }}
        />
      ) : !list.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconBellOff size={28} />}
          title={view === "unread" ? t("You are all caught up") : t("No read notifications yet")}
          description={
            view === "unread"
              ? t("Imports, exports, finished campaigns and billing news show up here.")
              : t("Notifications you open or mark as read move here.")
          }
        />
      ) : (
        <Stack gap="xs" data-testid="notification-list">
          {rows.map((n) => (
            <NotificationItem key={n.id} n={n} />
          ))}
          {more && (
            <Group justify="center" mt="sm">
              <Button
                variant="default"
                loading={list.isFetching}
                onClick={() => setLimit((l) => l + NOTIFICATION_PAGE)}
              >
                {t("Load More")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function NotificationItem({ n }: { n: NotificationRow }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const zone = useAccountTimeZone();
  const open = () => {
    if (n.unread) markRead.mutate(n.id);
    if (!n.redirectLink) return;
    // An absolute link opens in a new tab; an internal one navigates in place (doc 3 §3).
    if (isExternalLink(n.redirectLink)) window.open(n.redirectLink, "_blank", "noopener");
    else navigate(n.redirectLink);
  };
  return (
    <UnstyledButton onClick={open} aria-label={n.title} data-unread={n.unread}>
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{
          borderLeft: n.unread ? "4px solid var(--mantine-color-brand-6)" : undefined,
        }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={n.unread ? 700 : 500}>{n.title}</Text>
            {n.message && (
              <Text size="sm" c="dimmed">
                {n.message}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {n.redirectLink && isExternalLink(n.redirectLink) && <IconExternalLink size={14} />}
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {formatDateTime(n.created, zone)}
            </Text>
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
