import { AppError } from "../../../domain/errors";
import type { ConversationMessage } from "../../../domain/inbox.schemas";
import {
  INBOX_TOOLS_TEXT,
  type InboxAlerts,
  type InboxLabel,
  mentionedUsernames,
  type SnoozeRequest,
} from "../../../domain/inbox-tools";
import { personName } from "../../../domain/user-rules";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { notify } from "../notifications/notifications.service";
import { toNote } from "./inbox.presenter";
import * as inboxQ from "./inbox.queries";
import { changed, visible } from "./inbox.service";
import * as q from "./inbox-tools.queries";

/**
 * The inbox's team tools. A note is stored beside the thread and shown only to the team: it is
 * never a `messages` row, so nothing of it can reach the outbound path or the contact.
 */
export async function addNote(
  ctx: AppContext,
  auth: Actor,
  id: number,
  body: string,
): Promise<ConversationMessage> {
  const { preview, sub } = await visible(ctx, auth, id);
  const users = await inboxQ.accountUsers(ctx.db, auth.accountId);
  const names = new Set(mentionedUsernames(body));
  // Only teammates of this account can be mentioned; an unknown @word is plain text.
  const mentioned = users.filter((u) => names.has(u.username.toLowerCase()));
  const note = await q.insertNote(ctx.db, {
    accountId: auth.accountId,
    subscriberId: id,
    userId: auth.userId,
    body,
    mentioned: mentioned.map((u) => u.id),
  });
  const author = users.find((u) => u.id === auth.userId);
  const authorName = author ? personName(author) : "A teammate";
  const contact =
    [preview?.firstName ?? sub.firstName, preview?.lastName ?? sub.lastName]
      .filter(Boolean)
      .join(" ") || sub.phone;
  for (const u of mentioned) {
    if (u.id === auth.userId) continue;
    await notify(
      ctx.db.$client,
      {
        accountId: auth.accountId,
        userId: u.id,
        kind: "inbox_mention",
        title: `${authorName} mentioned you in a note`,
        body: `${contact}: ${body.slice(0, 120)}`,
        link: `/inbox?conversation=${id}`,
      },
      ctx,
    );
  }
  changed(ctx, auth.accountId, [id]);
  return toNote(note);
}

export async function listLabels(ctx: AppContext, auth: Actor): Promise<{ rows: InboxLabel[] }> {
  return { rows: await q.listLabels(ctx.db, auth.accountId) };
}

export async function createLabel(
  ctx: AppContext,
  auth: Actor,
  input: { name: string; color: string },
): Promise<InboxLabel> {
  const row = await q.insertLabel(ctx.db, { accountId: auth.accountId, ...input });
  if (!row) throw new AppError("VALIDATION", INBOX_TOOLS_TEXT.labelExists);
  return row;
}

export async function deleteLabel(ctx: AppContext, auth: Actor, id: number) {
  if (!(await q.deleteLabel(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", INBOX_TOOLS_TEXT.labelNotFound);
  publishAll(ctx, auth.accountId);
  return { message: INBOX_TOOLS_TEXT.labelDeleted };
}

function publishAll(ctx: AppContext, accountId: number) {
  // Every list may show the label: open screens refetch (0 names no conversation in particular).
  changed(ctx, accountId, [0]);
}

async function assertOwnLabels(ctx: AppContext, auth: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  if ((await q.countOwnLabels(ctx.db, auth.accountId, unique)) !== unique.length)
    throw new AppError("NOT_FOUND", INBOX_TOOLS_TEXT.labelNotFound);
  return unique;
}

export async function setLabels(ctx: AppContext, auth: Actor, id: number, labelIds: number[]) {
  const { preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", "Conversation not found");
  const ids = await assertOwnLabels(ctx, auth, labelIds);
  await q.setConversationLabels(ctx.db, auth.accountId, id, ids);
  changed(ctx, auth.accountId, [id]);
  return { message: INBOX_TOOLS_TEXT.labelsSaved };
}

export async function snooze(ctx: AppContext, auth: Actor, id: number, req: SnoozeRequest) {
  const { preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", "Conversation not found");
  let until: Date | null = null;
  if (req.mode === "until") {
    until = new Date(req.until);
    if (until.getTime() <= ctx.clock.now().getTime())
      throw new AppError("VALIDATION", INBOX_TOOLS_TEXT.snoozePast);
  }
  await q.setSnooze(ctx.db, auth.accountId, id, { until, untilReply: req.mode === "reply" });
  changed(ctx, auth.accountId, [id]);
  return { message: INBOX_TOOLS_TEXT.snoozed };
}

export async function unsnooze(ctx: AppContext, auth: Actor, id: number) {
  const { preview } = await visible(ctx, auth, id);
  if (!preview) throw new AppError("NOT_FOUND", "Conversation not found");
  await q.setSnooze(ctx.db, auth.accountId, id, { until: null, untilReply: false });
  changed(ctx, auth.accountId, [id]);
  return { message: INBOX_TOOLS_TEXT.unsnoozed };
}

export function getAlerts(ctx: AppContext, auth: UserActor): Promise<InboxAlerts> {
  return q.getAlerts(ctx.db, auth.userId);
}

export async function saveAlerts(ctx: AppContext, auth: UserActor, a: InboxAlerts) {
  await q.saveAlerts(ctx.db, { accountId: auth.accountId, userId: auth.userId, ...a });
  return { ...a, message: INBOX_TOOLS_TEXT.alertsSaved };
}
