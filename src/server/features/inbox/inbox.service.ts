import { TZDate } from "@date-fns/tz";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import {
  type AssignableUsersResponse,
  type BulkRequest,
  type ConversationCounts,
  type ConversationDetail,
  type ConversationMessage,
  INBOX_TEXT,
  type InboxContext,
  type InboxFilters,
  type InboxSendRequest,
  type ListConversationsResponse,
  previewOf,
  type ThreadResponse,
} from "../../../domain/inbox.schemas";
import { INBOX_TOOLS_TEXT } from "../../../domain/inbox-tools";
import { isAgent, isRestricted, PERMISSION_LEVEL } from "../../../domain/permissions";
import { isQuietTime, type QuietWindow } from "../../../domain/quiet-hours";
import { subscriberSignupLabel } from "../../../domain/signup-methods";
import { acceptSubscriberPhone } from "../../../domain/subscribers.schemas";
import { timezoneById } from "../../../domain/timezones";
import { personName } from "../../../domain/user-rules";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { publish } from "../../realtime/realtime";
import { applyManualConsent, assertSendable } from "../compliance/compliance.service";
import { resolveSendingNumber } from "../composer/composer.service";
import { assertContentAllowed } from "../composer/content-check";
import { assertOwnReferences } from "../composer/own-references";
import { expandLinkTokens, withRecipientKeys } from "../links/links.service";
import { notify } from "../notifications/notifications.service";
import { queueCharged } from "../outbound/outbound.service";
import { waitReasons } from "../outbound/wait-reasons";
import { getAccountSetting, getGlobalSetting } from "../settings/settings.service";
import { activeSignature } from "../signature/signature.service";
import type { CsvOut } from "../subscriber-exports/csv-writer";
import { attachmentOf, toMarker, toNote, toPreview, toThreadMessage } from "./inbox.presenter";
import * as q from "./inbox.queries";
import * as tq from "./inbox-tools.queries";

const NOT_FOUND = "Conversation not found";

async function scopeOf(ctx: AppContext, auth: Actor, opts: { mine?: boolean } = {}) {
  // The user's own numbers: their whole world when restricted, else only for "hide unassigned".
  // An API key (no person) sees the whole account, as its scopes allow.
  const restricted = isRestricted(auth);
  const mine =
    (restricted || opts.mine) && auth.userId !== null
      ? await q.numberIdsOfUser(ctx.db, auth.userId)
      : [];
  const scope: q.Scope = {
    accountId: auth.accountId,
    userId: auth.userId ?? 0,
    numberIds: restricted ? mine : null,
    groupIds: await agentGroups(ctx, auth),
    now: ctx.clock.now(),
  };
  return { scope, mine };
}

/** An agent sees the subscribers of their groups; everyone above sees all (doc 2 §6). */
async function agentGroups(ctx: AppContext, auth: Actor): Promise<number[] | null> {
  return isAgent(auth) ? q.groupIdsOfUser(ctx.db, auth.userId) : null;
}

/** The subscriber behind a conversation id, if this user may see it; 404 otherwise. */
export async function visible(ctx: AppContext, auth: Actor, id: number) {
  const { scope } = await scopeOf(ctx, auth);
  const sub = await q.findSubscriber(ctx.db, auth.accountId, id);
  if (!sub) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (scope.groupIds && !(await q.inAnyGroup(ctx.db, id, scope.groupIds)))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  const preview = await q.findPreview(ctx.db, scope, id);
  if (!preview) {
    // A conversation of a number this restricted user may not use, or none yet (a new one).
    const any = await q.findPreview(ctx.db, { ...scope, numberIds: null }, id);
    if (any) throw new AppError("NOT_FOUND", NOT_FOUND);
  }
  return { sub, preview, scope };
}

/** One query: the subscriber is the account's and, for a restricted user, on one of their numbers. */
async function mayRead(ctx: AppContext, auth: Actor, id: number) {
  const [seen, mine, groups] = await Promise.all([
    q.conversationNumber(ctx.db, auth.accountId, id),
    isRestricted(auth) ? q.numberIdsOfUser(ctx.db, auth.userId) : Promise.resolve(null),
    agentGroups(ctx, auth),
  ]);
  if (!seen) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (groups && !(await q.inAnyGroup(ctx.db, id, groups)))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  if (mine && seen.phoneNumberId !== null && !mine.includes(seen.phoneNumberId)) {
    throw new AppError("NOT_FOUND", NOT_FOUND);
  }
}

export function changed(ctx: AppContext, accountId: number, numberIds: number[]) {
  if (numberIds.length) publish(ctx, accountId, "conversation-changed", { numberIds });
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function inboxContext(ctx: AppContext, auth: UserActor): Promise<InboxContext> {
  const [numbers, mine, users, quiet, chatbot, tzId] = await Promise.all([
    q.liveNumbers(ctx.db, auth.accountId),
    q.numberIdsOfUser(ctx.db, auth.userId),
    q.accountUsers(ctx.db, auth.accountId),
    getAccountSetting(ctx, auth, "quiet_hours"),
    getGlobalSetting(ctx, "chatbot_disabled"),
    q.accountTimezoneId(ctx.db, auth.accountId),
  ]);
  const own = new Set(mine);
  return {
    numbers: numbers.map((n) => ({
      id: n.id,
      number: n.number,
      name: n.name,
      tollFree: n.tollFree,
      pending: n.state !== "active",
      verified: !n.tollFree || n.tfVerification === "verified",
      allowed: !auth.restricted || own.has(n.id),
    })),
    canAssign: users.length > 1,
    restricted: auth.restricted,
    chatbotsEnabled: chatbot.value !== true,
    quietHours: (quiet.value as QuietWindow[]).map(([s, e]) => [s, e] as [string, string]),
    timezone: timezoneById(tzId).iana,
  };
}

export async function counts(
  ctx: AppContext,
  auth: UserActor,
  opts: { isHideUnassignedNumbers: boolean },
): Promise<ConversationCounts> {
  const { scope, mine } = await scopeOf(ctx, auth, { mine: opts.isHideUnassignedNumbers });
  return q.countUnread(ctx.db, scope, mine, opts.isHideUnassignedNumbers);
}

export async function listConversations(
  ctx: AppContext,
  auth: Actor,
  query: InboxFilters & { page: number; pageSize: number },
): Promise<ListConversationsResponse> {
  const { scope, mine } = await scopeOf(ctx, auth, { mine: query.isHideUnassignedNumbers });
  const rows = await q.listPreviews(ctx.db, scope, query, query, mine);
  return {
    rows: rows.slice(0, query.pageSize).map((r) => toPreview(r, scope.now!)),
    page: query.page,
    hasMore: rows.length > query.pageSize,
  };
}

export async function findConversation(
  ctx: AppContext,
  auth: UserActor,
  by: { number?: string; numberId?: number },
) {
  let id = by.numberId;
  if (id === undefined) {
    const phone = acceptSubscriberPhone(by.number ?? "")?.phone;
    const found = phone ? await q.findSubscriberByPhone(ctx.db, auth.accountId, phone) : undefined;
    if (!found) throw new AppError("NOT_FOUND", NOT_FOUND);
    id = Number(found.id);
  }
  return getConversation(ctx, auth, id);
}

export async function getConversation(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<ConversationDetail> {
  const { sub, preview, scope } = await visible(ctx, auth, id);
  const [groups, fields, archive] = await Promise.all([
    q.subscriberGroups(ctx.db, auth.accountId, id),
    q.accountFields(ctx.db, auth.accountId),
    q.conversationArchive(ctx.db, auth.accountId, id),
  ]);
  const attributes = fields
    .filter((f) => sub.attributes[String(f.id)] !== undefined)
    .map((f) => ({
      subscriberFieldId: f.id,
      name: f.name,
      type: f.type,
      data: sub.attributes[String(f.id)],
    }));
  const base = preview
    ? toPreview(preview, scope.now!)
    : {
        // A raw query's bigint arrives as a string.
        id: Number(sub.id),
        numberId: Number(sub.id),
        number: sub.phone,
        firstName: sub.firstName,
        lastName: sub.lastName,
        email: sub.email,
        previewMessage: "",
        lastTimestamp: sub.createdAt.toISOString(),
        lastMessageType: "message",
        read: true,
        unreadMessages: 0,
        archived: false,
        blocked: false,
        unsubscribed: false,
        assignedUserId: null,
        assignedUserName: null,
        phoneNumberId: null,
        sentFromNumber: null,
        lastOutboundNumberId: null,
        labels: [],
        snoozedUntil: null,
        snoozedUntilReply: false,
        snoozeEnded: false,
      };
  if (!preview) {
    try {
      await assertSendable(ctx, auth.accountId, sub.phone);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      base.unsubscribed = err.reason === "suppressed_opted_out";
      base.blocked = err.reason === "suppressed_blocked";
    }
  }
  return {
    ...base,
    exists: preview !== undefined,
    countryId: sub.countryId,
    signupMethod: sub.signupMethod,
    signupMethodLabel: subscriberSignupLabel(sub.signupMethod, sub.marketingConsent),
    createdAt: sub.createdAt.toISOString(),
    groups,
    attributes,
    archivedAt: archive?.archivedAt?.toISOString() ?? null,
    archivedBy: await q.archivedByName(ctx.db, archive?.archivedBy ?? null),
  };
}

/** A text not sent yet says why it waits and when it goes (the dispatcher's own rule). */
async function withWaiting(
  ctx: AppContext,
  accountId: number,
  rows: ConversationMessage[],
): Promise<ConversationMessage[]> {
  const waiting = await waitReasons(
    ctx,
    accountId,
    rows.flatMap((r) => (r.messageId !== null ? [r.messageId] : [])),
  );
  if (!waiting.size) return rows;
  return rows.map((r) => {
    const w = r.messageId !== null ? waiting.get(r.messageId) : undefined;
    return w ? { ...r, waiting: { ...w, until: w.until?.toISOString() ?? null } } : r;
  });
}

/**
 * One message of a conversation the actor may see, with its status and, while it waits, why and
 * when it goes (GET /api/v1/messages/:id).
 */
export async function getMessage(
  ctx: AppContext,
  auth: Actor,
  messageId: number,
): Promise<ConversationMessage & { subscriberId: number }> {
  const msg = await q.findMessage(ctx.db, auth.accountId, messageId);
  if (!msg || msg.subscriberId === null) throw new AppError("NOT_FOUND", "Message not found");
  const subscriberId = msg.subscriberId;
  await visible(ctx, auth, subscriberId).catch(() => {
    throw new AppError("NOT_FOUND", "Message not found");
  });
  const [row] = await q.threadMessages(ctx.db, auth.accountId, subscriberId, {
    before: messageId + 1,
    limit: 0,
    onlyChatbot: false,
  });
  const [message] = await withWaiting(ctx, auth.accountId, [toThreadMessage(row!)]);
  return { ...message!, subscriberId };
}

/**
 * A page of the thread, newest page first, each page oldest-first (the newest message at the
 * bottom). Markers (Archived, Unsubscribed) fall between the messages by time.
 */
export async function thread(
  ctx: AppContext,
  auth: Actor,
  id: number,
  query: { before?: number; pageSize: number; isOnlyChatbotMessages: boolean },
): Promise<ThreadResponse> {
  // Who may see it is asked alongside the reads; nothing is returned unless they may.
  const [, fetched, total] = await Promise.all([
    mayRead(ctx, auth, id),
    q.threadMessages(ctx.db, auth.accountId, id, {
      before: query.before,
      limit: query.pageSize,
      onlyChatbot: query.isOnlyChatbotMessages,
    }),
    q.countThread(ctx.db, auth.accountId, id, query.isOnlyChatbotMessages),
  ]);
  const hasMore = fetched.length > query.pageSize;
  const page = fetched.slice(0, query.pageSize);
  let rows = await withWaiting(ctx, auth.accountId, page.map(toThreadMessage));
  if (!query.isOnlyChatbotMessages) {
    // The markers of this page's time span: after the next older message (or all older ones when
    // this is the oldest page) up to the newer page's first message (or now).
    const newestBound = query.before
      ? ((
          await q.threadMessages(ctx.db, auth.accountId, id, {
            before: query.before + 1,
            limit: 0,
            onlyChatbot: false,
          })
        )[0]?.createdAt ?? null)
      : null;
    const oldest = page[page.length - 1];
    const from = hasMore && oldest ? oldest.createdAt : null;
    const [events, notes] = await Promise.all([
      q.threadEvents(ctx.db, id, { from, to: newestBound }),
      tq.threadNotes(ctx.db, auth.accountId, id, { from, to: newestBound }),
    ]);
    rows = rows.concat(events.map(toMarker), notes.map(toNote));
  }
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { rows, total, hasMore };
}

// ---------------------------------------------------------------------------------------------
// Changing one conversation

export async function markRead(ctx: AppContext, auth: Actor, id: number) {
  const { scope } = await visible(ctx, auth, id);
  const ids = await q.updateConversations(ctx.db, scope, [id], "read");
  if (ids.length) await tq.clearEndedSnooze(ctx.db, auth.accountId, id, ctx.clock.now());
  changed(ctx, auth.accountId, ids);
}

export async function deleteMessage(ctx: AppContext, auth: Actor, messageId: number) {
  const msg = await q.findMessage(ctx.db, auth.accountId, messageId);
  if (!msg || msg.subscriberId === null) throw new AppError("NOT_FOUND", "Message not found");
  await visible(ctx, auth, msg.subscriberId).catch(() => {
    throw new AppError("NOT_FOUND", "Message not found");
  });
  // The contact's own texts are the record of what they said (a STOP among them): they stay.
  if (msg.direction !== "outbound") throw new AppError("VALIDATION", INBOX_TEXT.onlyOwnDeleted);
  await q.markMessageDeleted(ctx.db, auth.accountId, messageId);
  await q.refreshPreview(ctx.db, auth.accountId, msg.subscriberId);
  changed(ctx, auth.accountId, [msg.subscriberId]);
  return { message: INBOX_TEXT.messageDeleted };
}

/** Users who may be given conversations of these numbers: unrestricted ones, and restricted ones with the number. */
function mayHandle(u: q.AccountUserRow, phoneNumberIds: (number | null)[]) {
  if (!u.restricted) return true;
  return phoneNumberIds.every((n) => n === null || u.numberIds.includes(n));
}

export async function assignableUsers(
  ctx: AppContext,
  auth: Actor,
  numberIds: number[],
): Promise<AssignableUsersResponse> {
  const { scope } = await scopeOf(ctx, auth);
  const users = await q.accountUsers(ctx.db, auth.accountId);
  const phoneNumberIds: (number | null)[] = [];
  for (const id of numberIds.slice(0, 100)) {
    const p = await q.findPreview(ctx.db, scope, id);
    if (p) phoneNumberIds.push(p.phoneNumberId);
  }
  return {
    canAssign: users.length > 1,
    users: users
      .filter((u) => mayHandle(u, phoneNumberIds))
      .map((u) => ({
        id: u.id,
        name: personName(u),
        username: u.username,
        isOwner: u.permissionLevel === PERMISSION_LEVEL.OWNER,
      })),
  };
}

async function assigneeFor(ctx: AppContext, auth: Actor, userId: number) {
  const users = await q.accountUsers(ctx.db, auth.accountId);
  const user = users.find((u) => u.id === userId);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

export async function assign(ctx: AppContext, auth: Actor, id: number, userId: number | null) {
  const { scope, preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (userId !== null) {
    const user = await assigneeFor(ctx, auth, userId);
    if (!mayHandle(user, [preview.phoneNumberId])) {
      throw new AppError("VALIDATION", INBOX_TEXT.noAssignableUsers);
    }
  }
  const ids = await q.updateConversations(ctx.db, scope, [id], "assign", [userId]);
  changed(ctx, auth.accountId, ids);
  if (userId !== null && userId !== auth.userId && ids.length)
    await notify(
      ctx.db.$client,
      {
        accountId: auth.accountId,
        userId,
        kind: "conversation_assigned",
        title: "A conversation was assigned to you",
        body: [
          [preview.firstName, preview.lastName].filter(Boolean).join(" ") || preview.number,
          preview.previewMessage.slice(0, 80),
        ]
          .filter(Boolean)
          .join(": "),
        link: `/inbox?conversation=${id}`,
      },
      ctx,
    );
  return { message: userId === null ? INBOX_TEXT.bulkUnassigned : INBOX_TEXT.reassigned };
}

export async function archive(ctx: AppContext, auth: Actor, id: number) {
  const { scope, preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", NOT_FOUND);
  const ids = await q.updateConversations(ctx.db, scope, [id], "archive", [auth.userId]);
  if (ids.length && !preview.archivedAt) {
    await q.insertEvent(ctx.db, {
      accountId: auth.accountId,
      subscriberId: id,
      kind: "Archived",
      userId: auth.userId,
    });
  }
  changed(ctx, auth.accountId, ids);
  return { message: INBOX_TEXT.archived };
}

export async function unarchive(ctx: AppContext, auth: Actor, id: number) {
  const { scope, preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", NOT_FOUND);
  const ids = await q.updateConversations(ctx.db, scope, [id], "unarchive");
  changed(ctx, auth.accountId, ids);
  return { message: INBOX_TEXT.unarchived };
}

/** Opts the number out (consent log: by this user, from the inbox) and files the conversation. */
export async function unsubscribe(ctx: AppContext, auth: UserActor, id: number) {
  const { sub, scope, preview } = await visible(ctx, auth, id);
  await applyManualConsent(ctx, {
    accountId: auth.accountId,
    phone: sub.phone,
    userId: auth.userId,
    action: "opt_out",
    source: "inbox",
    detail: "Unsubscribed from the inbox",
  });
  if (preview) {
    await q.insertEvent(ctx.db, {
      accountId: auth.accountId,
      subscriberId: id,
      kind: "Unsubscribed",
      userId: auth.userId,
    });
    await q.updateConversations(ctx.db, scope, [id], "unsubscribed", [auth.userId]);
  }
  changed(ctx, auth.accountId, [id]);
  return { message: INBOX_TEXT.unsubscribed };
}

/** Blocks the number (never sent to again) and takes the conversation out of every tab. */
export async function block(ctx: AppContext, auth: UserActor, id: number) {
  const { sub, scope } = await visible(ctx, auth, id);
  await applyManualConsent(ctx, {
    accountId: auth.accountId,
    phone: sub.phone,
    userId: auth.userId,
    action: "block",
    source: "inbox",
    detail: "Blocked from the inbox",
  });
  await q.updateConversations(ctx.db, scope, [id], "block");
  changed(ctx, auth.accountId, [id]);
  return { message: INBOX_TEXT.blocked };
}

export async function markAllRead(ctx: AppContext, auth: Actor) {
  const { scope } = await scopeOf(ctx, auth);
  const ids = await q.updateConversations(ctx.db, scope, q.unreadSelection(auth.accountId), "read");
  changed(ctx, auth.accountId, ids.slice(0, 1000));
  return { count: ids.length, message: INBOX_TEXT.allRead };
}

const BULK: Record<
  BulkRequest["action"],
  { change: q.ConversationChange; message: string; withUser?: boolean }
> = {
  assign: { change: "assign", message: INBOX_TEXT.bulkReassigned, withUser: true },
  unassign: { change: "unassign", message: INBOX_TEXT.bulkUnassigned },
  read: { change: "read", message: INBOX_TEXT.bulkRead },
  unread: { change: "unread", message: INBOX_TEXT.bulkUnread },
  archive: { change: "archiveIfOpen", message: INBOX_TEXT.bulkArchived, withUser: true },
  unarchive: { change: "unarchive", message: INBOX_TEXT.bulkUnarchived },
  // Labels change no column of the conversation: the no-op change only picks the visible ones.
  label: { change: "none", message: INBOX_TOOLS_TEXT.bulkLabelled },
  unlabel: { change: "none", message: INBOX_TOOLS_TEXT.bulkUnlabelled },
};

/** A bulk action on the chosen ids, or on everything the filter matches minus exclusions. */
export async function bulk(ctx: AppContext, auth: Actor, req: BulkRequest) {
  const hide = req.selection.mode === "all" && req.selection.filters.isHideUnassignedNumbers;
  const { scope, mine } = await scopeOf(ctx, auth, { mine: hide });
  const action = BULK[req.action];
  // The person who archives (null for an API key without a maker, as archive() records it).
  let value: number | null | undefined;
  if (req.action === "assign") {
    const user = await assigneeFor(ctx, auth, req.userId!);
    // Every conversation must be one the user may handle: refuse rather than half-assign.
    if (user.restricted) {
      const sel =
        req.selection.mode === "ids"
          ? q.idsSelection(req.selection.numberIds)
          : q.filteredIdsSql(scope, req.selection.filters, req.selection.excludedIds, mine);
      if ((await q.countOutsideNumbers(ctx.db, auth.accountId, user.numberIds, sel)) > 0)
        throw new AppError("VALIDATION", INBOX_TEXT.noAssignableUsers);
    }
    value = user.id;
  } else if (action.withUser) {
    value = auth.userId;
  }
  const ids =
    req.selection.mode === "ids"
      ? req.selection.numberIds
      : q.filteredIdsSql(scope, req.selection.filters, req.selection.excludedIds, mine);
  if (req.action === "label" || req.action === "unlabel") {
    const labelId = req.labelId!;
    if ((await tq.countOwnLabels(ctx.db, auth.accountId, [labelId])) !== 1)
      throw new AppError("NOT_FOUND", INBOX_TOOLS_TEXT.labelNotFound);
  }
  if (req.action === "archive") await q.insertArchivedMarkers(ctx.db, scope, ids, auth.userId);
  const changedIds = await q.updateConversations(
    ctx.db,
    scope,
    ids,
    action.change,
    value === undefined ? [] : [value],
  );
  if (req.action === "label" || req.action === "unlabel")
    await tq.labelMany(ctx.db, auth.accountId, req.labelId!, changedIds, req.action === "unlabel");
  changed(ctx, auth.accountId, changedIds.slice(0, 1000));
  return { count: changedIds.length, message: action.message };
}

/** What the replies' export keeps to: the starter's numbers and groups, as the inbox shows them. */
export async function repliesExportScope(ctx: AppContext, auth: Actor) {
  const { scope } = await scopeOf(ctx, auth);
  return { numberIds: scope.numberIds, groupIds: scope.groupIds ?? null };
}

/** Every reply the starter's inbox shows, as CSV (exportMessageReplies). */
export async function writeRepliesCsv(
  ctx: AppContext,
  accountId: number,
  scope: { numberIds: number[] | null; groupIds: number[] | null },
  out: CsvOut,
): Promise<number> {
  await out.row([out.at("Date"), "From", "Name", "To", "Message", "Attachments"]);
  let n = 0;
  for await (const r of q.replyExportRows(ctx.db, accountId, scope.numberIds, scope.groupIds)) {
    await out.row([
      out.time(r.createdAt),
      r.fromNumber,
      [r.firstName, r.lastName].filter(Boolean).join(" "),
      r.toNumber,
      r.body,
      r.mediaUrls.map((u) => attachmentOf(u).url).join(" "),
    ]);
    n++;
  }
  return n;
}

/** Checks the actor may see the conversation before its export starts; names the file. */
export async function conversationExportName(ctx: AppContext, auth: Actor, id: number) {
  const { sub } = await visible(ctx, auth, id);
  const name = `${sub.firstName} ${sub.lastName}`.trim() || sub.phone;
  return `conversation-${name.replace(/[^\w+-]+/g, "-")}.csv`;
}

/** The conversation as CSV (Date, Direction, From, To, Message, Status, Attachments, Sent by). */
export async function writeConversationCsv(
  ctx: AppContext,
  accountId: number,
  id: number,
  out: CsvOut,
): Promise<number> {
  await out.row([
    out.at("Date"),
    "Direction",
    "From",
    "To",
    "Message",
    "Status",
    "Attachments",
    "Sent By",
  ]);
  let n = 0;
  for await (const r of q.exportRows(ctx.db, accountId, id)) {
    await out.row([
      out.time(r.createdAt),
      r.direction === "inbound" ? "Reply" : "Message",
      r.fromNumber,
      r.toNumber,
      r.body,
      r.status,
      r.mediaUrls.map((u) => attachmentOf(u).url).join(" "),
      r.username ?? "",
    ]);
    n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Sending in a conversation

export async function send(
  ctx: AppContext,
  auth: Actor,
  id: number,
  // No number: the account's default sending number (an API call may leave it out).
  input: Omit<InboxSendRequest, "phoneNumberId"> & { phoneNumberId: number | null },
): Promise<ConversationMessage> {
  const { sub } = await visible(ctx, auth, id);
  const text = input.message.trim();
  if (!text && input.mediaUrls.length === 0) throw new AppError("VALIDATION", "Enter message");
  try {
    await assertSendable(ctx, auth.accountId, sub.phone);
  } catch (err) {
    if (err instanceof AppError && err.reason === "suppressed_opted_out")
      throw new AppError("CONFLICT", INBOX_TEXT.unsubscribedSend, { reason: err.reason });
    throw err;
  }
  const from = await resolveSendingNumber(ctx, auth, input.phoneNumberId);
  await assertOwnReferences(ctx, auth, { mediaUrls: input.mediaUrls });
  await assertContentAllowed(ctx, auth, { number: from, text, templateId: null });
  if (!input.sendAnyway) {
    const [quiet, tzId] = await Promise.all([
      getAccountSetting(ctx, auth, "quiet_hours"),
      q.accountTimezoneId(ctx.db, auth.accountId),
    ]);
    const local = new TZDate(ctx.clock.now().getTime(), timezoneById(tzId).iana);
    const hhmm = `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
    if (isQuietTime(quiet.value as QuietWindow[], hhmm)) {
      throw new AppError(
        "QUIET_HOURS",
        "It is quiet hours for your account right now. Send anyway?",
        { reason: "quiet_hours" },
      );
    }
  }
  const signature = await activeSignature(ctx, auth);
  const composed = signature ? `${text}\n${signature}` : text;
  const expanded = await expandLinkTokens(ctx, auth.accountId, composed);
  const body = withRecipientKeys(ctx, expanded.text, sub.id);
  const isMms = input.mediaUrls.length > 0;
  const credits = creditsOfText({ source: "inbox", body, isMms });
  // Charged and queued together; the dispatcher refunds it once if it finally fails.
  const outcome = await queueCharged(
    ctx,
    {
      accountId: auth.accountId,
      from: { id: from.id, number: from.number },
      to: sub.phone,
      body,
      mediaUrls: isMms ? input.mediaUrls : undefined,
      source: "inbox",
      subscriberId: sub.id,
      userId: auth.userId ?? undefined,
      credits,
    },
    { reason: "charge", description: `Inbox message to ${sub.phone}` },
  );
  await q.upsertOnSend(ctx.db, {
    accountId: auth.accountId,
    subscriberId: sub.id,
    phoneNumberId: from.id,
    messageId: outcome.id,
    preview: previewOf(body || "MMS"),
  });
  changed(ctx, auth.accountId, [sub.id]);
  const [row] = await q.threadMessages(ctx.db, auth.accountId, sub.id, {
    before: outcome.id + 1,
    limit: 0,
    onlyChatbot: false,
  });
  // Behind other texts on its number, it says so at once.
  const [message] = await withWaiting(ctx, auth.accountId, [toThreadMessage(row!)]);
  return message!;
}

// ---------------------------------------------------------------------------------------------
// Inbound (called by the carrier ingress after compliance)

export interface InboundForInbox {
  accountId: number;
  phoneNumberId: number;
  messageId: number;
  from: string;
  body: string;
  mediaUrls: string[];
  /**
   * What compliance did with it. A STOP/START is linked to its subscriber (a STOP from an unknown
   * number creates nobody); a HELP is a question like any other and opens the conversation.
   */
  compliance: "stop" | "start" | "help" | null;
}

/**
 * An inbound text: linked to its subscriber (created when the number is new: a conversation
 * contact, with no marketing consent), then the conversation moves to the top, unread, live on
 * open screens. Returns the subscriber (null: none, a STOP from a number we do not know), which
 * the automatic answer is filed under.
 */
export async function receiveReply(ctx: AppContext, m: InboundForInbox): Promise<number | null> {
  if (m.compliance === "stop" || m.compliance === "start") {
    const known = await q.findSubscriberByPhone(ctx.db, m.accountId, m.from);
    // START from a new number joins it (the caller records keyword consent on the contact).
    const subscriberId = known
      ? Number(known.id)
      : m.compliance === "start"
        ? Number(await q.subscriberForInbound(ctx.db, m.accountId, m.from))
        : null;
    if (subscriberId === null) return null;
    await q.linkMessageToSubscriber(ctx.db, m.messageId, subscriberId);
    if (m.compliance === "stop") {
      const exists = await q.findPreview(
        ctx.db,
        { accountId: m.accountId, userId: 0, numberIds: null },
        subscriberId,
      );
      if (exists) {
        await q.insertEvent(ctx.db, {
          accountId: m.accountId,
          subscriberId,
          kind: "Unsubscribed",
          userId: null,
        });
      }
    }
    changed(ctx, m.accountId, [subscriberId]);
    return subscriberId;
  }
  const subscriberId = Number(await q.subscriberForInbound(ctx.db, m.accountId, m.from));
  await q.linkMessageToSubscriber(ctx.db, m.messageId, subscriberId);
  const at = ctx.clock.now();
  await q.upsertOnReply(ctx.db, {
    accountId: m.accountId,
    subscriberId,
    phoneNumberId: m.phoneNumberId,
    messageId: m.messageId,
    preview: previewOf(m.body || (m.mediaUrls.length ? "MMS" : "")),
    at,
  });
  publish(
    ctx,
    m.accountId,
    "reply",
    {
      numberId: subscriberId,
      replyId: m.messageId,
      body: m.body,
      attachment: m.mediaUrls[0] ?? null,
      number: m.from,
      phoneNumberId: m.phoneNumberId,
      createdAt: at.toISOString(),
    },
    // An Agent hears of a reply only from a subscriber of their groups.
    { phoneNumberId: m.phoneNumberId, subscriberId },
  );
  return subscriberId;
}

/** An automatic answer (STOP/START/HELP) was filed in a conversation: open screens show it now. */
export function automaticAnswerFiled(ctx: AppContext, accountId: number, subscriberId: number) {
  changed(ctx, accountId, [subscriberId]);
}
