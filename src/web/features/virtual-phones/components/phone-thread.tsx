import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconArrowUp, IconPaperclip } from "@tabler/icons-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { virtualReplyRequest } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { formatTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCalls } from "../api/get-calls";
import { useThread } from "../api/get-thread";
import { useTextAccountNumber } from "../api/text-account-number";
import {
  businessNumberOf,
  dayLabel,
  isInlineImage,
  lastBusinessNumber,
  linkParts,
  sameDay,
  segmentsLabel,
  statusLabel,
  type VirtualMessage,
} from "../thread-format";
import { AccountNumberSelect } from "./account-number-select";
import { PhoneCalls } from "./phone-calls";
import classes from "./virtual-phones.module.css";

/** Words a subscriber texts to try the compliance and keyword paths. */
export const QUICK_WORDS = ["STOP", "START", "HELP", "JOIN"];

/**
 * One virtual phone, drawn as its messaging app: what arrived, and a box to text back.
 * Rendered with `key={phone}`, so another phone starts afresh (scroll, draft, chosen number).
 */
export function PhoneThread(props: {
  phone: string;
  numbers: DedicatedNumber[];
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const thread = useThread(props.phone);
  const calls = useCalls(props.phone);
  const timeZone = useAccountTimeZone();
  const rows = thread.data?.rows;
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const names = new Map(props.numbers.map((n) => [n.number, n.name]));

  // Newest at the bottom: follow new texts unless the person scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the count changes
  useEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [rows?.length]);

  return (
    <section
      className={classes.phone}
      aria-label={t("Phone {{number}}", { number: formatUsNumber(props.phone) })}
    >
      <header className={classes.phoneHeader}>
        <ActionIcon
          variant="subtle"
          onClick={props.onBack}
          aria-label={t("Back to phones")}
          hiddenFrom="sm"
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Avatar radius="xl" color="brand" size={34}>
          {props.phone.slice(-2)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" data-testid="thread-phone">
            {formatUsNumber(props.phone)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("Virtual phone")}
          </Text>
        </Stack>
        {thread.isFetching && <Loader size={14} ml="auto" aria-label={t("Refreshing")} />}
      </header>
      <div
        ref={scroller}
        className={classes.messages}
        data-testid="thread"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {!rows ? (
          <Stack align="center" py="xl">
            {thread.isError ? (
              <Text size="sm" c="red">
                {translateMessage(thread.error.message)}
              </Text>
            ) : (
              <Loader size="sm" aria-label={t("Loading messages")} />
            )}
          </Stack>
        ) : rows.length === 0 && !calls.data?.rows.length ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t("No texts with this phone yet. Send one below.")}
          </Text>
        ) : (
          rows.map((m, i) => {
            const prev = rows[i - 1];
            const newDay = !prev || !sameDay(prev.createdAt, m.createdAt, timeZone);
            const business = businessNumberOf(m);
            // Say which account number a text came from when it changes (an account may have many).
            const prevBusiness = prev?.direction === "received" ? businessNumberOf(prev) : null;
            const showSender = m.direction === "received" && prevBusiness !== business;
            return (
              <Fragment key={m.sid}>
                {newDay && <div className={classes.day}>{dayLabel(m.createdAt, timeZone)}</div>}
                <Message
                  message={m}
                  sender={
                    showSender
                      ? [formatUsNumber(business), names.get(business)].filter(Boolean).join(" · ")
                      : null
                  }
                />
              </Fragment>
            );
          })
        )}
        <PhoneCalls phone={props.phone} />
      </div>
      <ReplyBox
        phone={props.phone}
        numbers={props.numbers}
        defaultTo={rows ? lastBusinessNumber(rows) : null}
        onSent={() => {
          stickToBottom.current = true;
        }}
      />
    </section>
  );
}

function Message({ message: m, sender }: { message: VirtualMessage; sender: string | null }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const timeZone = useAccountTimeZone();
  return (
    <div
      className={classes.row}
      data-dir={m.direction}
      data-testid="thread-message"
      data-direction={m.direction}
    >
      {sender && <div className={classes.sender}>{sender}</div>}
      {m.mediaUrls.map((url) =>
        isInlineImage(url, origin) ? (
          <a key={url} href={url} target="_blank" rel="noreferrer">
            <img className={classes.media} src={url} alt={t("MMS attachment")} />
          </a>
        ) : (
          <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4}>
              <IconPaperclip size={14} />
              {url.split("/").pop() || t("Attachment")}
            </Group>
          </Anchor>
        ),
      )}
      {m.body && (
        <div className={classes.bubble}>
          {linkParts(m.body).map((part, i) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
              <a key={i} href={part.href} target="_blank" rel="noreferrer" className={classes.link}>
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
              <span key={i}>{part.text}</span>
            ),
          )}
        </div>
      )}
      <div className={classes.meta}>
        {formatTime(m.createdAt, timeZone)} · {segmentsLabel(m)} · {statusLabel(m)}
      </div>
    </div>
  );
}

function ReplyBox(props: {
  phone: string;
  numbers: DedicatedNumber[];
  defaultTo: string | null;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const send = useTextAccountNumber();
  const [body, setBody] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = props.numbers.map((n) => n.number);
  const fallback = props.defaultTo && live.includes(props.defaultTo) ? props.defaultTo : live[0];
  const to = chosen && live.includes(chosen) ? chosen : (fallback ?? null);

  const submit = () => {
    const parsed = virtualReplyRequest.safeParse({ to: to ?? "", body });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? "Type a message"));
      return;
    }
    send.mutate(
      { ...parsed.data, from: props.phone, existing: true },
      {
        onSuccess: () => {
          setBody("");
          props.onSent();
        },
      },
    );
  };

  if (props.numbers.length === 0) {
    return (
      <div className={classes.composer}>
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="Your account has no number to text. Buy one on <0>Dedicated Numbers</0>."
            components={[
              <Anchor key="numbers" component={Link} to="/dedicated-numbers" size="sm" />,
            ]}
          />
        </Text>
      </div>
    );
  }
  return (
    <div className={classes.composer}>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {t("To")}
        </Text>
        <AccountNumberSelect
          numbers={props.numbers}
          value={to}
          onChange={setChosen}
          size="xs"
          aria-label={t("Text to")}
          style={{ flex: 1 }}
        />
      </Group>
      <Group gap={4} aria-label={t("Quick words")}>
        {QUICK_WORDS.map((w) => (
          <Button
            key={w}
            size="compact-xs"
            radius="xl"
            variant="default"
            onClick={() => {
              setBody(w);
              setError(null);
            }}
          >
            {w}
          </Button>
        ))}
      </Group>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={t("Text message")}
          placeholder={t("Text message")}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line (as phone apps on a keyboard do).
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          error={error}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          maxLength={1600}
          style={{ flex: 1 }}
        />
        <Tooltip label={t("Send")} withArrow>
          <ActionIcon
            size={36}
            radius="xl"
            onClick={submit}
            loading={send.isPending}
            aria-label={t("Send")}
            mb={error ? 22 : 0}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
