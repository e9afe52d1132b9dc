import { AppError } from "../../../domain/errors";
import type { NotificationRow } from "../../../domain/notifications.schemas";
import type { AppContext, UserActor } from "../../http/context";
import { publish } from "../../realtime/realtime";
import type { Queryable } from "../credits/credits.service";
import * as q from "./notifications.queries";

export type { NotificationInput } from "./notifications.queries";

/**
 * Tells one user (or every user of the account) about something: import done, card declined…
 * Pass a transaction client to commit it with what it reports; pass `ctx` to push it to open
 * browsers at once (the bell refetches). Other features call this, never the table. Answers the
 * users told (a caller in a transaction publishes to them once it commits).
 */
export async function notify(
  db: Queryable,
  n: q.NotificationInput,
  ctx?: AppContext,
): Promise<number[]> {
  const userIds = await q.insertNotifications(db, n);
  if (ctx && userIds.length) publish(ctx, n.accountId, "notification", { userIds });
  return userIds;
}

function who(auth: UserActor) {
  return { accountId: auth.accountId, userId: auth.userId };
}

function toRow(r: Awaited<ReturnType<typeof q.listNotifications>>[number]): NotificationRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    message: r.body,
    created: r.createdAt.toISOString(),
    unread: r.readAt ? 0 : 1,
    redirectLink: r.link,
  };
}

export async function listForUser(
  ctx: AppContext,
  auth: UserActor,
  view: "unread" | "read",
  limit: number,
) {
  const db = ctx.db.$client;
  const [rows, unreadCount] = await Promise.all([
    q.listNotifications(db, who(auth), view, limit),
    q.countUnread(db, who(auth)),
  ]);
  return { rows: rows.map(toRow), unreadCount };
}

export async function readOne(ctx: AppContext, auth: UserActor, id: number) {
  if (!(await q.markRead(ctx.db.$client, who(auth), id)))
    throw new AppError("NOT_FOUND", "This notification does not exist.");
  return { ok: true as const, unreadCount: await q.countUnread(ctx.db.$client, who(auth)) };
}

export async function readAll(ctx: AppContext, auth: UserActor) {
  await q.markAllRead(ctx.db.$client, who(auth));
  return { ok: true as const, unreadCount: 0 };
}
