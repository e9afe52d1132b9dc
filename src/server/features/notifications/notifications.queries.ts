import type { Queryable } from "../credits/credits.service";

export interface NotificationInput {
  accountId: number;
  /** One user, or (when absent) every user of the account. */
  userId?: number;
  kind: string;
  title: string;
  body?: string;
  link?: string | null;
}

/** Inserts the notification for its user(s) and answers who got it. */
export async function insertNotifications(db: Queryable, n: NotificationInput): Promise<number[]> {
  const res = await db.query<{ userId: number }>(
    `insert into notifications (account_id, user_id, kind, title, body, link)
     select $1, u.id, $3, $4, $5, $6 from users u
      where u.account_id = $1 and ($2::int is null or u.id = $2)
     returning user_id as "userId"`,
    [n.accountId, n.userId ?? null, n.kind, n.title, n.body ?? "", n.link ?? null],
  );
  return res.rows.map((r) => r.userId);
}

export async function listNotifications(
  db: Queryable,
  user: { accountId: number; userId: number },
  view: "unread" | "read",
  limit: number,
) {
  const res = await db.query<{
    id: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    readAt: Date | null;
    createdAt: Date;
  }>(
    `select id, kind, title, body, link, read_at as "readAt", created_at as "createdAt"
       from notifications
      where account_id = $1 and user_id = $2
        and (case when $3 = 'unread' then read_at is null else read_at is not null end)
      order by created_at desc, id desc
      limit $4`,
    [user.accountId, user.userId, view, limit],
  );
  return res.rows;
}

export async function countUnread(db: Queryable, user: { accountId: number; userId: number }) {
  const res = await db.query<{ n: number }>(
    `select count(*)::int as n from notifications
      where account_id = $1 and user_id = $2 and read_at is null`,
    [user.accountId, user.userId],
  );
  return res.rows[0]?.n ?? 0;
}

export async function markRead(
  db: Queryable,
  user: { accountId: number; userId: number },
  id: number,
): Promise<boolean> {
  const res = await db.query(
    `update notifications set read_at = coalesce(read_at, now())
      where id = $3 and account_id = $1 and user_id = $2`,
    [user.accountId, user.userId, id],
  );
  return (res.rowCount ?? 0) > 0;
}

export async function markAllRead(db: Queryable, user: { accountId: number; userId: number }) {
  await db.query(
    `update notifications set read_at = now()
      where account_id = $1 and user_id = $2 and read_at is null`,
    [user.accountId, user.userId],
  );
}
