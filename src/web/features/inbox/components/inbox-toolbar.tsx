import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Indicator,
  Menu,
  Popover,
  Select,
  Stack,
  Switch,
  Tabs,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconArchive,
  IconArchiveOff,
  IconChecks,
  IconDownload,
  IconKeyboard,
  IconListCheck,
  IconMail,
  IconMailOpened,
  IconMessagePlus,
  IconSearch,
  IconUserCheck,
  IconUserMinus,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import {
  type BulkAction,
  badgeCount,
  type ConversationCounts,
  INBOX_TAB_LABEL,
  INBOX_TABS,
  type InboxContext,
  type InboxFilters,
  type InboxTab,
} from "../../../../domain/inbox.schemas";
import { notify } from "../../../lib/notify";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import { useAssignableUsers, useBulk, useMarkAllRead, useStaticGroups } from "../api/inbox-api";
import { useLabels } from "../api/inbox-tools-api";
import { isEmpty, type Selection } from "../lib/selection";
import { AlertSettings } from "./alerts";
import classes from "./inbox.module.css";
import { LabelDot } from "./labels";

export interface FilterDraft {
  status: InboxTab;
  query: string;
  groupId: number | undefined;
  number: number | undefined;
  sortByUnread: boolean;
  isHideUnassignedNumbers: boolean;
  isOnlyChatbot: boolean;
  labelId: number | undefined;
  snoozed: boolean;
}

const SAVED_KEY = "parley.inbox.filters";

/** Sort by unread and hide unassigned numbers are remembered (hiding defaults on for restricted users). */
export function loadSavedFilters(restricted: boolean) {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "{}") as Partial<FilterDraft>;
    return {
      sortByUnread: saved.sortByUnread === true,
      isHideUnassignedNumbers:
        typeof saved.isHideUnassignedNumbers === "boolean"
          ? saved.isHideUnassignedNumbers
          : restricted,
    };
  } catch {
    return { sortByUnread: false, isHideUnassignedNumbers: restricted };
  }
}

export function saveFilters(f: FilterDraft) {
  localStorage.setItem(
    SAVED_KEY,
    JSON.stringify({
      sortByUnread: f.sortByUnread,
      isHideUnassignedNumbers: f.isHideUnassignedNumbers,
    }),
  );
}

function TabLabel({ tab, counts }: { tab: InboxTab; counts: ConversationCounts | undefined }) {
  const { t } = useTranslation();
  const n = counts?.[tab] ?? 0;
  return (
    <Group gap={6} wrap="nowrap">
      {t(INBOX_TAB_LABEL[tab], { context: "tab" })}
      {n > 0 && (
        <Badge size="xs" variant="filled" data-testid={`count-${tab}`}>
          {badgeCount(n)}
        </Badge>
      )}
    </Group>
  );
}

/** Tabs with unread counts, search, filters, bulk actions and mark all read. */
export function InboxToolbar(props: {
  draft: FilterDraft;
  onChange: (patch: Partial<FilterDraft>) => void;
  onClear: () => void;
  counts: ConversationCounts | undefined;
  context: InboxContext | undefined;
  filters: InboxFilters;
  selection: Selection;
  selecting: boolean;
  onSelectingChange: (on: boolean) => void;
  onSelectAll: (all: boolean) => void;
  selectedCount: number | null;
  onBulkDone: () => void;
  onCompose: () => void;
  onShortcuts: () => void;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const { draft, context } = props;
  const replies = useCsvExport();
  const tabs = INBOX_TABS.filter(
    (tab) => context?.canAssign || (tab !== "assigned" && tab !== "unassigned"),
  );
  const groups = useStaticGroups();
  const labels = useLabels();
  const bulk = useBulk();
  const markAll = useMarkAllRead();
  const users = useAssignableUsers([], props.selecting && Boolean(context?.canAssign));
  const activeFilters =
    (draft.groupId ? 1 : 0) +
    (draft.number ? 1 : 0) +
    (draft.sortByUnread ? 1 : 0) +
    (draft.isOnlyChatbot ? 1 : 0) +
    (draft.labelId ? 1 : 0) +
    (draft.snoozed ? 1 : 0) +
    (draft.isHideUnassignedNumbers ? 1 : 0);

  const runBulk = (action: BulkAction, userId?: number, labelId?: number) => {
    const s = props.selection;
    bulk.mutate(
      {
        action,
        userId,
        labelId,
        selection:
          s.mode === "ids"
            ? { mode: "ids", numberIds: [...s.ids] }
            : { mode: "all", filters: props.filters, excludedIds: [...s.ids] },
      },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          props.onBulkDone();
        },
      },
    );
  };

  const numbers = context?.numbers.filter((n) => n.allowed) ?? [];
  const noneSelected = isEmpty(props.selection);

  return (
    <div className={classes.listHeader}>
      <Stack gap={8}>
        {props.mobile ? (
          <Select
            aria-label={t("Type")}
            size="sm"
            data={tabs.map((tab) => ({
              value: tab,
              label: `${t(INBOX_TAB_LABEL[tab], { context: "tab" })}${props.counts?.[tab] ? ` (${badgeCount(props.counts[tab])})` : ""}`,
            }))}
            value={draft.status}
            onChange={(v) => v && props.onChange({ status: v as InboxTab })}
            allowDeselect={false}
          />
        ) : (
          <Tabs
            value={draft.status}
            onChange={(v) => v && props.onChange({ status: v as InboxTab })}
          >
            <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab} value={tab} px={8} fz="sm" style={{ flexShrink: 0 }}>
                  <TabLabel tab={tab} counts={props.counts} />
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label={t("Search conversations")}
            placeholder={t("Search")}
            leftSection={<IconSearch size={16} />}
            size="sm"
            value={draft.query}
            onChange={(e) => props.onChange({ query: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Popover position="bottom-end" shadow="md" width={280} withinPortal trapFocus>
            {/* The target is the button itself: its popup state belongs on a button, not the badge. */}
            <Indicator label={activeFilters} size={16} disabled={activeFilters === 0} offset={4}>
              <Popover.Target>
                <Tooltip label={t("Filters")}>
                  <ActionIcon variant="default" size="lg" aria-label={t("Filters")}>
                    <IconAdjustmentsHorizontal size={18} />
                  </ActionIcon>
                </Tooltip>
              </Popover.Target>
            </Indicator>
            <Popover.Dropdown>
              <Stack gap="sm">
                <Select
                  label={t("Label")}
                  placeholder={t("Any label")}
                  clearable
                  data={(labels.data?.rows ?? []).map((l) => ({
                    value: String(l.id),
                    label: l.name,
                  }))}
                  value={draft.labelId ? String(draft.labelId) : null}
                  onChange={(v) => props.onChange({ labelId: v ? Number(v) : undefined })}
                  nothingFoundMessage={t("No labels yet: add one from a conversation")}
                  comboboxProps={{ withinPortal: false }}
                />
                <Select
                  label={t("Group")}
                  placeholder={t("Any group")}
                  clearable
                  searchable
                  data={(groups.data?.rows ?? []).map((g) => ({
                    value: String(g.id),
                    label: g.name,
                  }))}
                  value={draft.groupId ? String(draft.groupId) : null}
                  onChange={(v) => props.onChange({ groupId: v ? Number(v) : undefined })}
                  nothingFoundMessage={t("No options")}
                  comboboxProps={{ withinPortal: false }}
                />
                <Select
                  label={t("Outbound number")}
                  placeholder={t("Any number")}
                  clearable
                  data={numbers.map((n) => ({
                    value: String(n.id),
                    label: n.name
                      ? `${n.name} · ${displayPhone(n.number)}`
                      : displayPhone(n.number),
                  }))}
                  value={draft.number ? String(draft.number) : null}
                  onChange={(v) => props.onChange({ number: v ? Number(v) : undefined })}
                  nothingFoundMessage={t("No options")}
                  comboboxProps={{ withinPortal: false }}
                />
                <Switch
                  label={t("Sort by unread")}
                  checked={draft.sortByUnread}
                  onChange={(e) => props.onChange({ sortByUnread: e.currentTarget.checked })}
                />
                <Switch
                  label={t("Hide unassigned numbers")}
                  description={t("Only conversations of numbers assigned to you")}
                  checked={draft.isHideUnassignedNumbers}
                  onChange={(e) =>
                    props.onChange({ isHideUnassignedNumbers: e.currentTarget.checked })
                  }
                />
                <Switch
                  label={t("Snoozed conversations")}
                  description={t("Those waiting for their time or the next reply")}
                  checked={draft.snoozed}
                  onChange={(e) => props.onChange({ snoozed: e.currentTarget.checked })}
                />
                {context?.chatbotsEnabled && (
                  <Switch
                    label={t("Chatbot messages only")}
                    checked={draft.isOnlyChatbot}
                    onChange={(e) => props.onChange({ isOnlyChatbot: e.currentTarget.checked })}
                  />
                )}
                <Button variant="default" size="xs" onClick={props.onClear}>
                  {t("Clear")}
                </Button>
              </Stack>
            </Popover.Dropdown>
          </Popover>
          <Tooltip label={props.selecting ? t("Stop selecting") : t("Select conversations")}>
            <ActionIcon
              variant={props.selecting ? "filled" : "default"}
              size="lg"
              aria-label={t("Select conversations")}
              aria-pressed={props.selecting}
              onClick={() => props.onSelectingChange(!props.selecting)}
            >
              <IconListCheck size={18} />
            </ActionIcon>
          </Tooltip>
          {/* exportMessageReplies: every reply this inbox shows, as a CSV export. */}
          <Tooltip label={t("Export all replies (CSV)")}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("Export all replies")}
              loading={replies.busy}
              onClick={() => replies.start("/api/inbox/replies/export")}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          {!props.mobile && (
            <Tooltip label={t("New conversation")}>
              <ActionIcon size="lg" aria-label={t("New conversation")} onClick={props.onCompose}>
                <IconMessagePlus size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {props.selecting && (
          <Group gap={6} justify="space-between" wrap="nowrap" data-testid="bulk-bar">
            <Checkbox
              size="xs"
              label={
                props.selection.mode === "all"
                  ? props.selection.ids.size
                    ? t("All matching, {{n}} excluded", { n: props.selection.ids.size })
                    : t("All matching")
                  : t("{{n}} selected", { n: props.selectedCount ?? 0 })
              }
              checked={props.selection.mode === "all"}
              indeterminate={props.selection.mode === "ids" && props.selection.ids.size > 0}
              onChange={(e) => props.onSelectAll(e.currentTarget.checked)}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="light" disabled={noneSelected} loading={bulk.isPending}>
                  {t("Actions")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {context?.canAssign && (
                  <>
                    <Menu.Label>{t("Assign to")}</Menu.Label>
                    {(users.data?.users ?? []).map((u) => (
                      <Menu.Item
                        key={u.id}
                        leftSection={<IconUserCheck size={16} />}
                        onClick={() => runBulk("assign", u.id)}
                      >
                        {u.name}
                      </Menu.Item>
                    ))}
                    <Menu.Item
                      leftSection={<IconUserMinus size={16} />}
                      onClick={() => runBulk("unassign")}
                    >
                      {t("Unassign")}
                    </Menu.Item>
                    <Menu.Divider />
                  </>
                )}
                <Menu.Item
                  leftSection={<IconMailOpened size={16} />}
                  onClick={() => runBulk("read")}
                >
                  {t("Mark read")}
                </Menu.Item>
                <Menu.Item leftSection={<IconMail size={16} />} onClick={() => runBulk("unread")}>
                  {t("Mark unread")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArchive size={16} />}
                  onClick={() => runBulk("archive")}
                >
                  {t("Archive")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArchiveOff size={16} />}
                  onClick={() => runBulk("unarchive")}
                >
                  {t("Unarchive")}
                </Menu.Item>
                {(labels.data?.rows.length ?? 0) > 0 && (
                  <>
                    <Menu.Divider />
                    <Menu.Label>{t("Add label")}</Menu.Label>
                    {labels.data!.rows.map((l) => (
                      <Menu.Item
                        key={l.id}
                        leftSection={<LabelDot color={l.color} />}
                        onClick={() => runBulk("label", undefined, l.id)}
                      >
                        {l.name}
                      </Menu.Item>
                    ))}
                    <Menu.Label>{t("Remove label")}</Menu.Label>
                    {labels.data!.rows.map((l) => (
                      <Menu.Item
                        key={`x${l.id}`}
                        leftSection={<LabelDot color={l.color} />}
                        onClick={() => runBulk("unlabel", undefined, l.id)}
                      >
                        {t("Remove {{name}}", { name: l.name })}
                      </Menu.Item>
                    ))}
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap={2}>
            <AlertSettings />
            {!props.mobile && (
              <Tooltip label={t("Keyboard shortcuts (?)")}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t("Keyboard shortcuts")}
                  onClick={props.onShortcuts}
                >
                  <IconKeyboard size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, { onSuccess: (r) => notify.success(r.message) })
            }
          >
            {t("Mark all read")}
          </Button>
        </Group>
      </Stack>
    </div>
  );
}
