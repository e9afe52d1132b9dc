import {
  ActionIcon,
  Anchor,
  Badge,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconAddressBook,
  IconFile,
  IconMessageOff,
  IconNote,
  IconTrash,
} from "@tabler/icons-react";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  statusGroup,
} from "../../../../domain/delivery-status";
import { type ConversationMessage, INBOX_TEXT } from "../../../../domain/inbox.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { translatePhrase } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useDeleteMessage, useThread } from "../api/inbox-api";
import classes from "./inbox.module.css";
import { messageTime } from "./time";

/** Status colours (doc 2 §4): failed and blocked red, sending dark grey, unconfirmed light grey. */
const STATUS_COLOR = {
  sending: "dark",
  sent: "gray",
  delivered: "teal",
  unconfirmed: "gray.5",
  failed: "red",
  blocked: "red",
} as const;

function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (DELIVERY_STATUSES as readonly string[]).includes(status);
  const group = known ? statusGroup(status as DeliveryStatus) : "sent";
  return (
    <Text
      span
      size="xs"
      c={STATUS_COLOR[group]}
      fw={group === "failed" || group === "blocked" ? 600 : 400}
      data-testid="message-status"
    >
      {t(status)}
    </Text>
  );
}

function previewSrc(url: string) {
  try {
    const u = new URL(url, window.location.origin);
    return u.pathname.startsWith("/media/") ? u.pathname : url;
  } catch {
    return url;
  }
}

function Attachments({ m }: { m: ConversationMessage }) {
  if (m.attachments.length === 0) return null;
  return (
    <Group gap={6} mt={m.message ? 6 : 0}>
      {m.attachments.map((a) =>
        /^(jpe?g|png|gif|bmp|webp)$/.test(a.extension) ? (
          <Anchor key={a.url} href={previewSrc(a.url)} target="_blank" rel="noreferrer">
            <Image src={previewSrc(a.url)} alt={a.name} w={160} h={120} fit="cover" radius="md" />
          </Anchor>
        ) : (
          <Anchor
            key={a.url}
            href={previewSrc(a.url)}
            target="_blank"
            rel="noreferrer"
            c="inherit"
            underline="always"
          >
            <Group gap={4} wrap="nowrap">
              {a.extension === "vcf" ? <IconAddressBook size={16} /> : <IconFile size={16} />}
              <Text span size="sm">
                {a.extension === "vcf" ? "VCF" : a.name}
              </Text>
            </Group>
          </Anchor>
        ),
      )}
    </Group>
  );
}

/** A note's text with its @mentions set apart. */
function NoteText({ text }: { text: string }) {
  const parts = text.split(/((?:^|(?<=[\s(]))@[A-Za-z0-9_.+@-]+)/g);
  return (
    <span>
      {parts.map((p, i) =>
        p.startsWith("@") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <span key={i} className={classes.mention}>
            {p}
          </span>
        ) : (
          p
        ),
      )}
    </span>
  );
}

/** The messages of a conversation: newest at the bottom, older ones 10 at a time on scroll up. */
export function Thread(props: { conversationId: number; onlyChatbot: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const thread = useThread(props.conversationId, props.onlyChatbot);
  const remove = useDeleteMessage(props.conversationId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number; pages: number; newest: string | null }>({
    height: 0,
    top: 0,
    pages: 0,
    newest: null,
  });

  const pages = thread.data?.pages ?? [];
  // Newest page first from the server: shown oldest page first.
  const rows = pages
    .slice()
    .reverse()
    .flatMap((p) => p.rows);
  const newest = rows[rows.length - 1]?.id ?? null;

  // Older page prepended: keep the reader where they were. New message at the bottom: follow it.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const a = anchor.current;
    if (pages.length > a.pages && a.pages > 0) {
      el.scrollTop = el.scrollHeight - a.height + a.top;
    } else if (newest !== a.newest) {
      el.scrollTop = el.scrollHeight;
    }
    anchor.current = { height: el.scrollHeight, top: el.scrollTop, pages: pages.length, newest };
  });

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    anchor.current.height = el.scrollHeight;
    anchor.current.top = el.scrollTop;
    if (el.scrollTop < 80 && thread.hasNextPage && !thread.isFetchingNextPage) {
      void thread.fetchNextPage();
    }
  };

  const confirmDelete = (messageId: number) =>
    modals.openConfirmModal({
      title: t(INBOX_TEXT.deleteTitle),
      children: <Text size="sm">{t(INBOX_TEXT.deleteConfirm)}</Text>,
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(messageId, { onSuccess: (r) => notify.success(r.message) }),
    });

  if (thread.isError) {
    return (
      <div className={classes.thread}>
        <LoadFailed
          icon={<IconMessageOff size={26} />}
          title={t("Messages could not be loaded")}
          query={thread}
        />
      </div>
    );
  }

  return (
    <div ref={scrollRef} className={classes.thread} onScroll={onScroll} data-testid="thread">
      {thread.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconMessageOff size={26} />}
          title={t(INBOX_TEXT.noMessages)}
          description={t("Write the first message below.")}
        />
      ) : (
        <>
          <Center>
            {thread.isFetchingNextPage ? (
              <Loader size="xs" />
            ) : thread.hasNextPage ? (
              <Anchor component="button" size="xs" onClick={() => void thread.fetchNextPage()}>
                {t("Load older messages")}
              </Anchor>
            ) : pages.length > 1 ? (
              // Only after older messages were paged in: a short thread is plainly whole.
              <Text size="xs" c="dimmed">
                {t(INBOX_TEXT.end)}
              </Text>
            ) : null}
          </Center>
          {rows.map((m) => {
            if (m.type === "Note") {
              return (
                <Stack key={m.id} gap={2} data-testid="thread-note">
                  <div className={classes.note}>
                    <Group gap={4} mb={2} wrap="nowrap">
                      <IconNote size={14} />
                      <Text span size="xs" fw={600}>
                        {t("Internal note · not sent")}
                      </Text>
                    </Group>
                    <NoteText text={m.message} />
                  </div>
                  <Text size="xs" c="dimmed">
                    {m.sentFromName ?? m.sentFromUsername ?? t("A teammate")} ·{" "}
                    {messageTime(m.createdAt, props.timeZone)}
                  </Text>
                </Stack>
              );
            }
            if (m.type === "Archived" || m.type === "Unsubscribed") {
              return (
                <div key={m.id} className={classes.marker} data-testid="thread-marker">
                  {m.sentFromName
                    ? t("{{event}} by {{name}}", { event: t(m.type), name: m.sentFromName })
                    : t(m.type)}{" "}
                  · {messageTime(m.createdAt, props.timeZone)}
                </div>
              );
            }
            const out = m.type !== "reply";
            return (
              <Stack
                key={m.id}
                gap={0}
                data-testid="thread-message"
                data-type={m.type}
                data-automatic={m.automatic || undefined}
              >
                <div
                  className={classes.bubble}
                  data-dir={out ? "out" : "in"}
                  data-failed={m.failed}
                >
                  {m.message}
                  <Attachments m={m} />
                </div>
                <Group
                  gap={6}
                  className={`${classes.meta} ${out ? classes.metaOut : classes.metaIn}`}
                  justify={out ? "flex-end" : "flex-start"}
                >
                  {m.type === "Chatbot" && (
                    <Badge size="xs" variant="light">
                      {t("Chatbot")}
                    </Badge>
                  )}
                  {m.automatic && (
                    <Tooltip label={t("Sent by Parley itself in answer to a STOP, START or HELP")}>
                      <Badge size="xs" variant="light" color="gray" data-testid="automatic-marker">
                        {t("Automatic")}
                      </Badge>
                    </Tooltip>
                  )}
                  <Text span size="xs" c="dimmed">
                    {out && (m.sentFromName || m.sentFromUsername)
                      ? `${m.sentFromName ?? m.sentFromUsername} · `
                      : ""}
                    {messageTime(m.createdAt, props.timeZone)}
                  </Text>
                  {out && m.status && <StatusText status={m.status} />}
                  {/* Only our own texts may go; the contact's stay (the server refuses them too). */}
                  {out && m.messageId !== null && (
                    <Tooltip label={t("Delete message")}>
                      <ActionIcon
                        size="xs"
                        variant="subtle"
                        color="gray"
                        aria-label={t("Delete message")}
                        onClick={() => confirmDelete(m.messageId!)}
                      >
                        <IconTrash size={12} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                {out && m.waiting && (
                  <Text
                    size="xs"
                    c="dimmed"
                    ta="right"
                    className={classes.metaOut}
                    data-testid="waiting-reason"
                  >
                    {t("Not sent yet: {{reason}}", { reason: translatePhrase(m.waiting) })}
                  </Text>
                )}
              </Stack>
            );
          })}
        </>
      )}
    </div>
  );
}
