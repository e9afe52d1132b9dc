import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type ConversationDetail,
  INBOX_TEXT,
  type InboxContext,
} from "../../../../domain/inbox.schemas";
import { fillForContact, replaceTrailing, slashQuery } from "../../../../domain/inbox-tools";
import { findShortenerUrl, LINK_TEXTS, linkToken } from "../../../../domain/links";
import { numberLabel } from "../../../../domain/phone";
import { isQuietTime } from "../../../../domain/quiet-hours";
import {
  type EditorAttachment,
  MessageEditor,
} from "../../../components/message-editor/message-editor";
import { SignatureTool } from "../../../components/message-editor/signature-tool";
import { activeSignature, useSignature } from "../../../components/message-editor/use-signature";
import { useCreateLink, useTemplates } from "../../../components/message-tools/api";
import { i18n } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { uploadAttachment, useSendInConversation } from "../api/inbox-api";
import classes from "./inbox.module.css";
import { NOTE_BOX_ID, NoteBox } from "./note-box";
import { ReplyTools } from "./reply-tools";
import { type Suggestion, SuggestionList, useSuggestionKeys } from "./suggestion-list";

/** Asks the open conversation's box to take the focus, as a reply or as a note (shortcuts). */
export const COMPOSE_EVENT = "parley:inbox-compose";
export function focusComposer(mode: "reply" | "note") {
  window.dispatchEvent(new CustomEvent(COMPOSE_EVENT, { detail: mode }));
}

/** Canned replies: "/" at the start of a word offers the account's templates, filtered as typed. */
function useCannedReplies(
  text: string,
  setText: (t: string) => void,
  fill: (template: string) => string,
) {
  const query = slashQuery(text);
  const templates = useTemplates(
    "plain",
    { page: 0, pageSize: 8, query: query ?? "" },
    query !== null,
  );
  const rows = query !== null ? (templates.data?.rows ?? []) : [];
  const items: Suggestion[] = rows.map((t) => ({
    key: String(t.id),
    label: t.name,
    description: t.message,
  }));
  const pick = (s: Suggestion) => {
    const t = rows.find((r) => String(r.id) === s.key);
    if (t) setText(replaceTrailing(text, "/", fill(t.message)));
  };
  return { items, pick, keys: useSuggestionKeys(items, pick) };
}

function nowHhmm(timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date());
}

function optionLabel(n: InboxContext["numbers"][number]): string {
  const base = numberLabel(n.number, n.name);
  if (n.pending) return `${base} ${i18n.t(INBOX_TEXT.pendingNumber)}`;
  if (n.tollFree && !n.verified) return `${base} ${i18n.t(INBOX_TEXT.unverifiedTollFree)}`;
  return base;
}

const usable = (n: InboxContext["numbers"][number]) => n.allowed && !n.pending;

/**
 * Doc 2 §4 'Outbound number on open': the number of the last Message or Chatbot message if this
 * user may use it, else the first number they may use.
 */
export function defaultNumber(conversation: ConversationDetail, numbers: InboxContext["numbers"]) {
  const last = numbers.find((n) => n.id === conversation.lastOutboundNumberId);
  if (last && usable(last)) return last.id;
  const first = numbers.find(usable) ?? numbers.find((n) => n.allowed);
  return first?.id ?? null;
}

/** Writing in a conversation: the composer's editor and counter, the number, the send rules. */
export function ReplyBox(props: { conversation: ConversationDetail; context: InboxContext }) {
  const { t } = useTranslation();
  const { conversation, context } = props;
  const me = useCurrentAccount();
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const [text, setText] = useState("");
  // A template in a one-to-one reply is filled in for this contact, so the box shows what they get.
  const fill = (template: string) =>
    fillForContact(template, {
      firstName: conversation.firstName,
      lastName: conversation.lastName,
      phone: conversation.number,
    });
  const canned = useCannedReplies(text, setText, fill);
  // The shortcuts (r, n) pick the box and put the cursor in it.
  useEffect(() => {
    const onCompose = (e: Event) => {
      const next = (e as CustomEvent<"reply" | "note">).detail;
      setMode(next);
      requestAnimationFrame(() => {
        const el =
          next === "note"
            ? document.getElementById(NOTE_BOX_ID)
            : document.querySelector<HTMLElement>('[data-testid="message-editor"]');
        el?.focus();
      });
    };
    window.addEventListener(COMPOSE_EVENT, onCompose);
    return () => window.removeEventListener(COMPOSE_EVENT, onCompose);
  }, []);
  const [attachments, setAttachments] = useState<EditorAttachment[]>([]);
  const [numberId, setNumberId] = useState<number | null>(() =>
    defaultNumber(conversation, context.numbers),
  );
  const [signatureDirty, setSignatureDirty] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [warning, setWarning] = useState<null | "quiet" | { url: string }>(null);
  const [acceptedShortener, setAcceptedShortener] = useState<string | null>(null);
  const send = useSendInConversation(conversation.id);
  const createLink = useCreateLink();
  const signature = useSignature();

  const number = context.numbers.find((n) => n.id === numberId);
  const pending = number?.pending === true;
  const readOnly = Boolean(number?.tollFree && !number.verified);
  const notAllowed = number !== undefined && !number.allowed;
  const noNumbers = context.numbers.filter((n) => n.allowed).length === 0;
  const isMms = attachments.length > 0;
  const sig = activeSignature(signature.data);
  const disabledReason = noNumbers
    ? t(INBOX_TEXT.noNumbers)
    : conversation.unsubscribed
      ? t(INBOX_TEXT.unsubscribedSend)
      : conversation.blocked
        ? t("This contact is blocked.")
        : pending
          ? t(INBOX_TEXT.numberPending)
          : notAllowed
            ? t(INBOX_TEXT.numberNotAllowed)
            : null;
  const canSend =
    !disabledReason &&
    !signatureDirty &&
    !uploading &&
    !send.isPending &&
    numberId !== null &&
    (text.trim() !== "" || attachments.length > 0);

  const options = useMemo(
    () =>
      context.numbers
        .filter((n) => n.allowed || !context.restricted)
        .map((n) => ({ value: String(n.id), label: optionLabel(n), disabled: !n.allowed })),
    [context.numbers, context.restricted],
  );

  const doSend = (sendAnyway: boolean) => {
    if (!canSend || numberId === null) return;
    send.mutate(
      {
        message: text,
        phoneNumberId: numberId,
        mediaUrls: attachments.map((a) => a.url),
        sendAnyway,
      },
      {
        onSuccess: () => {
          setText("");
          setAttachments([]);
          setAcceptedShortener(null);
          setWarning(null);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === "QUIET_HOURS") setWarning("quiet");
          else notify.error(err.message);
        },
      },
    );
  };

  // Doc 2 §4 'Send flow in the inbox': quiet hours first, then a known shortener link.
  const submit = (opts: { skipQuiet?: boolean; skipShortener?: boolean } = {}) => {
    if (!canSend) return;
    if (!opts.skipQuiet && isQuietTime(context.quietHours, nowHhmm(context.timezone))) {
      setWarning("quiet");
      return;
    }
    const found = findShortenerUrl(text);
    if (!opts.skipShortener && found && found !== acceptedShortener) {
      setWarning({ url: found });
      return;
    }
    doSend(Boolean(opts.skipQuiet));
  };

  const replaceLink = (url: string) => {
    createLink.mutate(
      { longUrl: url, trackingEnabled: true, isMMS: isMms },
      {
        onSuccess: (link) => {
          if (!link) {
            notify.error(t(LINK_TEXTS.shortlinkError));
            return;
          }
          setText((s) => s.replace(url, link.trackingEnabled ? linkToken(link.id) : link.shortUrl));
          setWarning(null);
        },
        onError: () => notify.error(t(LINK_TEXTS.shortlinkError)),
      },
    );
  };

  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const up = await uploadAttachment(file);
      const image = /\.(jpe?g|png|gif|bmp)$/i.test(up.filename);
      setAttachments([{ url: up.fileUrl, name: up.filename, kind: image ? "image" : "file" }]);
    } catch {
      // The client showed the reason.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={classes.composer}>
      <SegmentedControl
        size="xs"
        mb={6}
        value={mode}
        onChange={(v) => setMode(v as "reply" | "note")}
        data={[
          { value: "reply", label: t("Reply") },
          { value: "note", label: t("Note") },
        ]}
        aria-label={t("Write a reply or an internal note")}
        data-testid="compose-mode"
      />
      {mode === "note" ? (
        <NoteBox conversationId={conversation.id} />
      ) : (
        <Stack gap={6}>
          {disabledReason && (
            <Text size="sm" c="red" data-testid="send-disabled-reason">
              {disabledReason}
            </Text>
          )}
          {/* Captured before the editor: while templates are offered, arrows and Enter pick one. */}
          <div
            className={classes.composerBox}
            onKeyDownCapture={(e) => {
              canned.keys.onKey(e);
            }}
          >
            {canned.keys.open && (
              <SuggestionList
                label={t("Canned replies")}
                items={canned.items}
                active={canned.keys.active}
                onHover={canned.keys.setActive}
                onPick={canned.pick}
                testId="canned-replies"
              />
            )}
            <MessageEditor
              value={text}
              onChange={setText}
              isMms={isMms}
              framing={{ before: "", after: sig ? `\n${sig}` : "" }}
              disabled={pending || Boolean(disabledReason && !readOnly) || send.isPending}
              readOnly={readOnly}
              onSubmit={() => submit()}
              attachments={attachments}
              onAttachmentsChange={setAttachments}
              label={t("Reply")}
              minHeight={64}
              toolbar={{
                emoji: true,
                variables: false,
                extra: (
                  <>
                    <FileButton
                      onChange={(f) => void attach(f)}
                      accept="image/jpeg,image/png,image/gif,image/bmp"
                    >
                      {(p) => (
                        <Tooltip label={t("Attach an image")}>
                          <ActionIcon
                            {...p}
                            variant="subtle"
                            color="gray"
                            aria-label={t("Attach an image")}
                            loading={uploading}
                            disabled={Boolean(disabledReason) || readOnly}
                          >
                            <IconPaperclip size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </FileButton>
                    <ReplyTools
                      text={text}
                      number={number}
                      attachments={attachments}
                      disabled={Boolean(disabledReason) || readOnly}
                      onText={setText}
                      fillTemplate={fill}
                      onAttachments={setAttachments}
                    />
                  </>
                ),
                right: (
                  <SignatureTool
                    onDirtyChange={setSignatureDirty}
                    disabled={Boolean(disabledReason)}
                  />
                ),
              }}
            />
          </div>
          <Group justify="space-between" gap="xs" wrap="wrap">
            {/* On a phone the number link moves under the picker instead of cutting both short. */}
            <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: "1 1 220px" }}>
              <Select
                aria-label={t("Send from")}
                size="xs"
                data={options}
                value={numberId === null ? null : String(numberId)}
                onChange={(v) => setNumberId(v ? Number(v) : null)}
                placeholder={t("Choose a number")}
                allowDeselect={false}
                style={{ flex: "1 1 200px", minWidth: 200, maxWidth: 280 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Anchor
                component={Link}
                to="/dedicated-numbers"
                size="xs"
                style={{ whiteSpace: "nowrap" }}
              >
                {me?.superUser ? t("Add or Manage Numbers") : t("View All Numbers")}
              </Anchor>
            </Group>
            <Button
              size="sm"
              rightSection={<IconSend size={16} />}
              disabled={!canSend}
              loading={send.isPending}
              onClick={() => submit()}
              data-testid="send-reply"
            >
              {t("Send")}
            </Button>
          </Group>
        </Stack>
      )}

      <Modal
        opened={warning === "quiet"}
        onClose={() => setWarning(null)}
        title={t("Quiet Hours")}
        centered
      >
        <Text size="sm">
          {t(
            "It is inside your account's quiet hours right now. Messages sent now may reach the contact at an unwelcome hour.",
          )}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setWarning(null)}>
            {t("Close")}
          </Button>
          <Button
            onClick={() => {
              setWarning(null);
              submit({ skipQuiet: true });
            }}
          >
            {t("Send Anyway")}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={typeof warning === "object" && warning !== null}
        onClose={() => setWarning(null)}
        title={t("Link Shortener Detected")}
        centered
      >
        <Text size="sm">
          {t(
            "Your message contains a link from a public URL shortener ({{url}}). Carriers often block these. Replace it with a tracked short link?",
            { url: typeof warning === "object" ? warning?.url : "" },
          )}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              if (typeof warning === "object" && warning) setAcceptedShortener(warning.url);
              setWarning(null);
              submit({ skipQuiet: true, skipShortener: true });
            }}
          >
            {t("Send Anyway")}
          </Button>
          <Button
            loading={createLink.isPending}
            onClick={() => typeof warning === "object" && warning && replaceLink(warning.url)}
          >
            {t("Replace Link")}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
