import {
  ActionIcon,
  Badge,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconBan,
  IconDotsVertical,
  IconDownload,
  IconInfoCircle,
  IconMessageOff,
  IconUserMinus,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { INBOX_TEXT, type InboxContext } from "../../../../domain/inbox.schemas";
import { INBOX_TOOLS_TEXT } from "../../../../domain/inbox-tools";
import { CONVERSATION_ONLY_LABEL } from "../../../../domain/signup-methods";
import { LoadFailed } from "../../../components/load-failed";
import { i18n, translateMessage } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { formatDateTime } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import {
  markRead,
  refreshInbox,
  useAssign,
  useAssignableUsers,
  useConversation,
  useConversationAction,
} from "../api/inbox-api";
import { contactName } from "./conversation-list";
import classes from "./inbox.module.css";
import { LabelBadges, LabelPicker } from "./labels";
import { ReplyBox } from "./reply-box";
import { SnoozeMenu } from "./snooze-menu";
import { Thread } from "./thread";

function attributeText(data: unknown): string {
  if (data === null || data === undefined) return "";
  if (Array.isArray(data)) return data.join(", ");
  if (typeof data === "boolean") return data ? i18n.t("Yes") : i18n.t("No");
  if (typeof data === "object")
    return Object.values(data as Record<string, unknown>)
      .filter(Boolean)
      .join(", ");
  return String(data);
}

/** One conversation: header with assignment and actions, the thread, and the reply box. */
export function ConversationPane(props: {
  id: number;
  context: InboxContext;
  timeZone: string;
  onlyChatbot: boolean;
  showBack: boolean;
  embedded: boolean;
  onBack: () => void;
  /** Archive, unarchive, block, unsubscribe: the conversation leaves the list and closes. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const qc = useQueryClient();
  const conversation = useConversation(props.id);
  const action = useConversationAction();
  const assign = useAssign();
  const [infoOpen, setInfoOpen] = useState(false);
  const csv = useCsvExport();
  const c = conversation.data;
  const users = useAssignableUsers([props.id], Boolean(c?.exists) && props.context.canAssign);

  // Opening a conversation marks it read.
  // An ended snooze's marker also goes once someone opens it.
  const unread = c ? !c.read || c.unreadMessages > 0 || c.snoozeEnded : false;
  useEffect(() => {
    if (!unread) return;
    void markRead(props.id).then(
      () => refreshInbox(qc, [props.id]),
      () => {},
    );
  }, [props.id, unread, qc]);

  if (conversation.isError) {
    return (
      <Center h="100%">
        <LoadFailed
          icon={<IconMessageOff size={26} />}
          title={t("This conversation could not be loaded")}
          query={conversation}
        />
      </Center>
    );
  }
  if (!c) {
    return (
      <Center h="100%">
        <Loader size="sm" />
      </Center>
    );
  }

  const run = (kind: "archive" | "unarchive" | "unsubscribe" | "block") =>
    action.mutate(
      { id: c.id, action: kind },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          props.onClosed();
        },
      },
    );
  const confirm = (kind: "unsubscribe" | "block") =>
    modals.openConfirmModal({
      title: kind === "block" ? t("Block Contact") : t("Unsubscribe Contact"),
      children: (
        <Text size="sm">
          {kind === "block"
            ? t(
                "Block {{name}}? They will not receive any more messages and the conversation leaves the inbox.",
                { name: contactName(c) },
              )
            : t(
                "Unsubscribe {{name}}? They will not receive any more messages unless they text START.",
                { name: contactName(c) },
              )}
        </Text>
      ),
      labels: {
        confirm: kind === "block" ? t("Block") : t("Unsubscribe"),
        cancel: t("Cancel"),
      },
      confirmProps: { color: "red" },
      onConfirm: () => run(kind),
    });

  const assignable = users.data?.users ?? [];
  const others = assignable.filter((u) => u.id !== me?.userId);
  const owner = assignable.find((u) => u.isOwner && u.id !== me?.userId);
  const assignOptions = [
    { value: "none", label: t("None") },
    ...(assignable.some((u) => u.id === me?.userId)
      ? [{ value: String(me!.userId), label: t("Me") }]
      : []),
    ...(owner ? [{ value: String(owner.id), label: t("Account Owner") }] : []),
    ...others
      .filter((u) => u.id !== owner?.id)
      .map((u) => ({ value: String(u.id), label: u.name })),
  ];
  const noAssignees = users.isSuccess && assignable.length === 0;

  return (
    <>
      <div className={classes.detailHeader}>
        {props.showBack && (
          <ActionIcon variant="subtle" color="gray" aria-label={t("Back")} onClick={props.onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <Stack gap={0} style={{ flex: "1 1 160px", minWidth: 0 }}>
          <Text fw={600} truncate data-testid="conversation-title">
            {contactName(c)}
          </Text>
          <Text size="xs" c="dimmed">
            {displayPhone(c.number)}
          </Text>
        </Stack>
        <Group gap={4}>
          {c.unsubscribed && (
            <Badge color="red" variant="light">
              {t("Unsubscribed")}
            </Badge>
          )}
          {c.archived && (
            <Badge color="gray" variant="light">
              {t("Archived")}
            </Badge>
          )}
          {(c.snoozedUntil || c.snoozedUntilReply) && (
            <Badge color="violet" variant="light" data-testid="snoozed-badge">
              {c.snoozedUntilReply
                ? t("Snoozed until they reply")
                : t("Snoozed until {{time}}", {
                    time: formatDateTime(c.snoozedUntil!, props.timeZone),
                  })}
            </Badge>
          )}
          <LabelBadges labels={c.labels} />
        </Group>
        {!props.context.canAssign && c.exists && (
          <Tooltip
            label={t(INBOX_TOOLS_TEXT.inviteToAssign)}
            multiline
            w={240}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* A wrapper: a disabled field gets no pointer events, so the tooltip hangs on this. */}
            <div data-testid="assign-disabled-reason">
              <Select
                aria-label={t("Assigned to")}
                aria-description={t(INBOX_TOOLS_TEXT.inviteToAssign)}
                size="xs"
                w={150}
                data={[]}
                placeholder={t("Assign")}
                disabled
                data-testid="assign-disabled"
              />
            </div>
          </Tooltip>
        )}
        {props.context.canAssign && c.exists && (
          <Tooltip
            label={t(INBOX_TEXT.noAssignableUsers)}
            disabled={!noAssignees}
            multiline
            w={260}
          >
            <Select
              aria-label={t("Assigned to")}
              size="xs"
              w={170}
              data={assignOptions}
              value={c.assignedUserId === null ? "none" : String(c.assignedUserId)}
              placeholder={c.assignedUserName ?? t("None")}
              allowDeselect={false}
              disabled={noAssignees || assign.isPending}
              nothingFoundMessage={t(INBOX_TEXT.noAssignableUsers)}
              onChange={(v) =>
                assign.mutate(
                  { id: c.id, userId: v && v !== "none" ? Number(v) : null },
                  { onSuccess: (r) => notify.success(r.message) },
                )
              }
              comboboxProps={{ withinPortal: true }}
            />
          </Tooltip>
        )}
        {c.exists && <LabelPicker conversationId={c.id} current={c.labels} />}
        {c.exists && (
          <SnoozeMenu
            conversationId={c.id}
            snoozed={Boolean(c.snoozedUntil || c.snoozedUntilReply)}
            onSnoozed={props.onClosed}
          />
        )}
        <Tooltip label={t("Contact details")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("Contact details")}
            onClick={() => setInfoOpen(true)}
          >
            <IconInfoCircle size={18} />
          </ActionIcon>
        </Tooltip>
        {c.exists && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t("Conversation actions")}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {c.archived ? (
                <Menu.Item
                  leftSection={<IconArchiveOff size={16} />}
                  onClick={() => run("unarchive")}
                >
                  {t("Unarchive")}
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => run("archive")}>
                  {t("Archive")}
                </Menu.Item>
              )}
              {!props.embedded && (
                <Menu.Item
                  leftSection={<IconDownload size={16} />}
                  disabled={csv.busy}
                  onClick={() => csv.start(`/api/inbox/conversations/${c.id}/export`)}
                >
                  {t("Export")}
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconUserMinus size={16} />}
                disabled={c.unsubscribed}
                onClick={() => confirm("unsubscribe")}
              >
                {t("Unsubscribe")}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => confirm("block")}
              >
                {t("Block")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
      <Thread conversationId={c.id} onlyChatbot={props.onlyChatbot} timeZone={props.timeZone} />
      <ReplyBox conversation={c} context={props.context} />

      <Drawer
        opened={infoOpen}
        onClose={() => setInfoOpen(false)}
        position="right"
        title={t("Contact details")}
        size={340}
        zIndex={400}
      >
        <Stack gap="sm" data-testid="subscriber-panel">
          <div>
            <Text fw={600}>{contactName(c)}</Text>
            <Text size="sm" c="dimmed">
              {displayPhone(c.number)}
            </Text>
            {c.email && <Text size="sm">{c.email}</Text>}
          </div>
          <Text size="xs" c="dimmed">
            {c.signupMethodLabel === CONVERSATION_ONLY_LABEL
              ? t("Texted in first {{time}} · conversation only, no marketing consent", {
                  time: formatDateTime(c.createdAt, props.timeZone),
                })
              : t("Signed up {{time}} · {{method}}", {
                  time: formatDateTime(c.createdAt, props.timeZone),
                  method: translateMessage(c.signupMethodLabel),
                })}
          </Text>
          {c.archivedAt && (
            <Text size="xs" c="dimmed">
              {c.archivedBy
                ? t("Archived {{time}} by {{name}}", {
                    time: formatDateTime(c.archivedAt, props.timeZone),
                    name: c.archivedBy,
                  })
                : t("Archived {{time}}", { time: formatDateTime(c.archivedAt, props.timeZone) })}
            </Text>
          )}
          <Divider label={t("Groups")} labelPosition="left" />
          {c.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("Not in any group")}
            </Text>
          ) : (
            <Group gap={4}>
              {c.groups.map((g) => (
                <Badge key={g.id} variant="light">
                  {g.name}
                </Badge>
              ))}
            </Group>
          )}
          <Divider label={t("Attributes")} labelPosition="left" />
          {c.attributes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("No attributes")}
            </Text>
          ) : (
            c.attributes.map((a) => (
              <Group key={a.subscriberFieldId} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {a.name}
                </Text>
                <Text size="sm" ta="right">
                  {attributeText(a.data)}
                </Text>
              </Group>
            ))
          )}
        </Stack>
      </Drawer>
    </>
  );
}
