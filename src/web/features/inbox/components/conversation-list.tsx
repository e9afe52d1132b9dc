import {
  Badge,
  Checkbox,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconArchive, IconInbox, IconSearch } from "@tabler/icons-react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { badgeCount, type ConversationPreview, INBOX_TEXT } from "../../../../domain/inbox.schemas";
import { INBOX_TOOLS_TEXT } from "../../../../domain/inbox-tools";
import { EmptyState } from "../../../components/empty-state";
import classes from "./inbox.module.css";
import { LabelBadges } from "./labels";
import { shortTime } from "./time";

export function contactName(c: Pick<ConversationPreview, "firstName" | "lastName" | "number">) {
  const name = `${c.firstName} ${c.lastName}`.trim();
  return name || displayPhone(c.number);
}

/** Conversation row height (doc 2 §9: about 93 px); rows are measured, this is the first guess. */
const ROW_ESTIMATE = 93;

export function ConversationList(props: {
  rows: ConversationPreview[];
  loading: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onLoadMore: () => void;
  selectedId: number | null;
  onOpen: (id: number) => void;
  isChecked: (id: number) => boolean;
  onCheck: (id: number, checked: boolean) => void;
  selecting: boolean;
  timeZone: string;
  searching: boolean;
  archivedTab: boolean;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = props.rows.length + (props.hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 5,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, fetchingNextPage, onLoadMore } = props;

  // Infinite scroll: the loader row coming into view asks for the next page.
  useEffect(() => {
    if (last && last.index >= props.rows.length - 1 && hasNextPage && !fetchingNextPage)
      onLoadMore();
  }, [last, props.rows.length, hasNextPage, fetchingNextPage, onLoadMore]);

  if (props.loading) {
    return (
      <Stack gap={0} p="sm" data-testid="conversation-list-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Group key={i} py="sm" wrap="nowrap" align="flex-start">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="50%" />
              <Skeleton h={10} w="90%" />
              <Skeleton h={10} w="70%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (props.rows.length === 0) {
    return (
      <EmptyState
        icon={
          props.searching ? (
            <IconSearch size={26} />
          ) : props.archivedTab ? (
            <IconArchive size={26} />
          ) : (
            <IconInbox size={26} />
          )
        }
        title={props.searching ? t(INBOX_TEXT.noResults) : t(INBOX_TEXT.empty)}
        description={
          props.searching
            ? t("Try other words, or clear the filters.")
            : props.archivedTab
              ? t("Archived conversations land here.")
              : t("Replies from your subscribers appear here as they arrive.")
        }
      />
    );
  }

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="conversation-list">
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((item) => {
          const c = props.rows[item.index];
          if (!c) {
            return (
              <div
                key="loader"
                ref={virtualizer.measureElement}
                data-index={item.index}
                style={{ position: "absolute", top: item.start, width: "100%" }}
              >
                <Group justify="center" py="md">
                  {props.fetchingNextPage ? (
                    <Loader size="sm" />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t(INBOX_TEXT.end)}
                    </Text>
                  )}
                </Group>
              </div>
            );
          }
          const unread = !c.read || c.unreadMessages > 0;
          return (
            <div
              key={c.id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={classes.row}
              style={{ top: item.start }}
              data-active={props.selectedId === c.id}
              data-testid="conversation-row"
              data-unread={unread}
            >
              {props.selecting && (
                <Checkbox
                  aria-label={t("Select {{name}}", { name: contactName(c) })}
                  checked={props.isChecked(c.id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={(e) => props.onCheck(c.id, e.currentTarget.checked)}
                  mt={2}
                />
              )}
              <UnstyledButton
                className={classes.rowBody}
                onClick={() => props.onOpen(c.id)}
                aria-current={props.selectedId === c.id ? "true" : undefined}
              >
                <Group justify="space-between" wrap="nowrap" gap={6}>
                  <Text size="sm" truncate className={unread ? classes.unreadName : undefined}>
                    {contactName(c)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {shortTime(c.lastTimestamp, props.timeZone)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap={6} align="flex-start" mt={2}>
                  <Text size="sm" c="dimmed" className={classes.preview}>
                    {c.previewMessage || "\u00a0"}
                  </Text>
                  {c.unreadMessages > 0 && (
                    <Badge size="sm" circle={c.unreadMessages < 10} data-testid="unread-badge">
                      {badgeCount(c.unreadMessages)}
                    </Badge>
                  )}
                </Group>
                <Group gap={4} mt={4}>
                  {c.assignedUserName && (
                    <Badge size="xs" variant="light" color="gray">
                      {c.assignedUserName}
                    </Badge>
                  )}
                  {c.unsubscribed && (
                    <Badge size="xs" variant="light" color="red">
                      {t("Unsubscribed")}
                    </Badge>
                  )}
                  {c.archived && (
                    <Badge size="xs" variant="light" color="gray">
                      {t("Archived")}
                    </Badge>
                  )}
                  {c.snoozeEnded && (
                    <Badge size="xs" variant="light" color="violet" data-testid="snooze-ended">
                      {t(INBOX_TOOLS_TEXT.snoozeEnded)}
                    </Badge>
                  )}
                  {(c.snoozedUntil || c.snoozedUntilReply) && (
                    <Badge size="xs" variant="outline" color="violet">
                      {t("Snoozed")}
                    </Badge>
                  )}
                  <LabelBadges labels={c.labels} />
                </Group>
              </UnstyledButton>
            </div>
          );
        })}
      </div>
    </div>
  );
}
