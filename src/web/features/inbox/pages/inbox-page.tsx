import { Affix, Button, Center, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconMessageCircle, IconMessagePlus, IconPlugConnected } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import {
  INBOX_TABS,
  INBOX_TEXT,
  type InboxFilters,
  type InboxTab,
} from "../../../../domain/inbox.schemas";
import { EmptyState } from "../../../components/empty-state";
import { useCurrentAccount } from "../../../lib/current-account";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { isEmbedded } from "../../../lib/frame";
import { MOBILE_QUERY } from "../../../lib/media";
import { notify } from "../../../lib/notify";
import { useRealtimeEvent, useRealtimeReconnect } from "../../../lib/realtime";
import {
  applyStatus,
  markRead,
  refreshInbox,
  useConversationAction,
  useConversations,
  useCounts,
  useInboxContext,
} from "../api/inbox-api";
import { useInboxAlerts } from "../components/alerts";
import { ConversationList } from "../components/conversation-list";
import { ConversationPane } from "../components/conversation-pane";
import classes from "../components/inbox.module.css";
import {
  type FilterDraft,
  InboxToolbar,
  loadSavedFilters,
  saveFilters,
} from "../components/inbox-toolbar";
import { NewConversation } from "../components/new-conversation";
import { focusComposer } from "../components/reply-box";
import { ShortcutsSheet, useInboxShortcuts } from "../components/shortcuts";
import { emptySelection, type Selection, selectionCount, toggle } from "../lib/selection";

/**
 * /inbox (spec doc 2 §2, issue #8): conversations on the left, the open one on the right; below
 * 1024 px the conversation is a full-height slide-over that the browser's back button closes
 * (URL hash `conversation`, or `composition` while starting a new one).
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const timeZone = useAccountTimeZone();
  const embedded = isEmbedded();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const context = useInboxContext();

  const openId = Number(params.get("conversation")) || null;
  const noBack = params.get("noBack") === "1";
  const composing = location.hash === "#composition";
  const typeParam = params.get("conversationType");
  const initialTab: InboxTab = INBOX_TABS.includes(typeParam as InboxTab)
    ? (typeParam as InboxTab)
    : "all";

  const [draft, setDraft] = useState<FilterDraft>(() => ({
    status: initialTab,
    query: "",
    groupId: undefined,
    number: undefined,
    isOnlyChatbot: false,
    labelId: Number(params.get("label")) || undefined,
    snoozed: false,
    ...loadSavedFilters(me?.restrictedUser ?? false),
  }));
  // Filters apply 300 ms after the last change (doc 2 §9); a tab applies at once.
  const [applied] = useDebouncedValue(draft, 300);
  const filters: InboxFilters = useMemo(
    () => ({
      status: draft.status,
      query: applied.query.trim() || undefined,
      groupId: applied.groupId,
      number: applied.number,
      sortByUnread: applied.sortByUnread,
      isHideUnassignedNumbers: applied.isHideUnassignedNumbers,
      isOnlyChatbot: applied.isOnlyChatbot,
      labelId: draft.labelId,
      snoozed: draft.snoozed,
    }),
    [applied, draft.status, draft.labelId, draft.snoozed],
  );
  useEffect(() => {
    saveFilters(applied);
  }, [applied]);
  // The label filter lives in the address, so a filtered list can be shared or bookmarked.
  const labelParam = params.get("label");
  useEffect(() => {
    const want = draft.labelId ? String(draft.labelId) : null;
    if (want === labelParam) return;
    const next = new URLSearchParams(window.location.search);
    if (want) next.set("label", want);
    else next.delete("label");
    navigate({ search: `?${next}`, hash: window.location.hash }, { replace: true });
  }, [draft.labelId, labelParam, navigate]);

  const list = useConversations(filters);
  const counts = useCounts(filters.isHideUnassignedNumbers);
  const rows = useMemo(() => {
    // Pages may overlap when conversations move while scrolling: each shows once.
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((p) => p.rows)
      .filter((r) => !seen.has(r.id) && seen.add(r.id));
  }, [list.data]);

  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [selecting, setSelecting] = useState(false);
  // The selection clears when the tab changes (doc 2 §4 'Bulk actions').
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is the effect of a tab change
  useEffect(() => {
    setSelection(emptySelection);
  }, [draft.status]);

  // --- Opening and closing (hash-driven on small screens so Back closes the slide-over).
  const open = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set("conversation", String(id));
      const replace = !mobile && openId !== null;
      navigate(
        { search: `?${next}`, hash: mobile ? "conversation" : "" },
        { replace: replace || composing },
      );
    },
    [params, mobile, openId, navigate, composing],
  );
  const close = useCallback(() => {
    if (mobile && (location.hash === "#conversation" || composing) && location.key !== "default") {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete("conversation");
    setParams(next, { replace: true });
  }, [mobile, location.hash, location.key, composing, navigate, params, setParams]);
  const compose = () => {
    const next = new URLSearchParams(params);
    next.delete("conversation");
    navigate({ search: `?${next}`, hash: "composition" });
  };

  // --- Keyboard: j/k move through the list, r/n write, e archives, ? shows the sheet.
  const [sheet, setSheet] = useState(false);
  const action = useConversationAction();
  const step = (by: 1 | -1) => {
    if (rows.length === 0) return;
    const at = rows.findIndex((r) => r.id === openId);
    const next = at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + by));
    const row = rows[next];
    if (row && row.id !== openId) open(row.id);
  };
  useInboxShortcuts({
    next: () => step(1),
    previous: () => step(-1),
    reply: () => openId !== null && focusComposer("reply"),
    note: () => openId !== null && focusComposer("note"),
    archive: () => {
      if (openId === null) return;
      action.mutate(
        { id: openId, action: "archive" },
        {
          onSuccess: (r) => {
            notify.success(r.message);
            close();
          },
        },
      );
    },
    help: () => setSheet(true),
  });
  useInboxAlerts(openId, open);

  // --- Realtime: replies and statuses reach every open screen.
  useRealtimeEvent("reply", (p) => {
    refreshInbox(qc, [p.numberId]);
    if (p.numberId === openId) {
      // The open conversation stays read and comes back from the archive under All.
      void markRead(p.numberId).then(
        () => refreshInbox(qc, [p.numberId]),
        () => {},
      );
      setDraft((d) => (d.status === "all" ? d : { ...d, status: "all" }));
    }
  });
  useRealtimeEvent("conversation-changed", (p) => refreshInbox(qc, p.numberIds));
  useRealtimeEvent("message-status", (p) => applyStatus(qc, p.messageId, p.status));
  useRealtimeReconnect(() => refreshInbox(qc, openId ? [openId] : []));

  const ctx = context.data;
  const showDetail = openId !== null || composing;
  const slideOver = mobile && ((openId !== null && location.hash === "#conversation") || composing);
  const detail = !ctx ? null : composing ? (
    <NewConversation
      restricted={ctx.restricted}
      showBack={!noBack}
      onBack={close}
      onOpen={(id) => {
        const next = new URLSearchParams(params);
        next.set("conversation", String(id));
        navigate({ search: `?${next}`, hash: mobile ? "conversation" : "" }, { replace: true });
      }}
    />
  ) : openId !== null ? (
    <ConversationPane
      key={openId}
      id={openId}
      context={ctx}
      timeZone={timeZone}
      onlyChatbot={filters.isOnlyChatbot}
      showBack={!noBack}
      embedded={embedded}
      onBack={close}
      onClosed={close}
    />
  ) : null;

  if (context.isError) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconPlugConnected size={28} />}
          title={t("The inbox could not be loaded")}
          description={context.error.message}
          action={{ label: t("Try again"), onClick: () => void context.refetch() }}
        />
      </Paper>
    );
  }

  return (
    <>
      <div className={classes.layout}>
        <div className={classes.pane} data-testid="inbox-list-pane">
          <InboxToolbar
            draft={draft}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onClear={() =>
              setDraft((d) => ({
                ...d,
                query: "",
                groupId: undefined,
                number: undefined,
                isOnlyChatbot: false,
                labelId: undefined,
                snoozed: false,
                sortByUnread: false,
                isHideUnassignedNumbers: ctx?.restricted ?? false,
              }))
            }
            counts={counts.data}
            context={ctx}
            filters={filters}
            selection={selection}
            selecting={selecting}
            onSelectingChange={(on) => {
              setSelecting(on);
              if (!on) setSelection(emptySelection);
            }}
            onSelectAll={(all) =>
              setSelection(all ? { mode: "all", ids: new Set() } : emptySelection)
            }
            selectedCount={selectionCount(selection, rows.length)}
            onBulkDone={() => setSelection(emptySelection)}
            onCompose={compose}
            onShortcuts={() => setSheet(true)}
            mobile={mobile}
          />
          <ConversationList
            rows={rows}
            loading={list.isPending}
            hasNextPage={Boolean(list.hasNextPage)}
            fetchingNextPage={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            selectedId={openId}
            onOpen={open}
            selecting={selecting}
            isChecked={(id) =>
              selection.mode === "all" ? !selection.ids.has(id) : selection.ids.has(id)
            }
            onCheck={(id, checked) => setSelection((s) => toggle(s, id, checked))}
            timeZone={timeZone}
            searching={Boolean(
              filters.query ||
                filters.groupId ||
                filters.number ||
                filters.isOnlyChatbot ||
                filters.labelId ||
                filters.snoozed,
            )}
            archivedTab={filters.status === "archived"}
          />
          {list.isError && (
            <Text size="sm" c="red" p="sm">
              {list.error.message}
            </Text>
          )}
        </div>
        <div className={`${classes.pane} ${classes.detailPane}`} data-testid="inbox-detail-pane">
          {!mobile && showDetail ? (
            detail
          ) : (
            <Center h="100%" p="xl">
              <Stack align="center" gap="xs" ta="center" maw={360}>
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconMessageCircle size={28} />
                </ThemeIcon>
                <Text fw={600} size="lg">
                  {t(INBOX_TEXT.placeholderTitle)}
                </Text>
                <Text c="dimmed" size="sm">
                  {t(INBOX_TEXT.placeholderBody)}
                </Text>
              </Stack>
            </Center>
          )}
        </div>
      </div>
      <ShortcutsSheet opened={sheet} onClose={() => setSheet(false)} />
      {slideOver && (
        <div className={classes.slideOver} data-testid="conversation-slide-over">
          {detail}
        </div>
      )}
      {mobile && !slideOver && (
        <Affix position={{ bottom: 20, right: 20 }}>
          <Button
            radius="xl"
            size="md"
            leftSection={<IconMessagePlus size={18} />}
            onClick={compose}
            aria-label={t("New conversation")}
          >
            {t("New")}
          </Button>
        </Affix>
      )}
    </>
  );
}
