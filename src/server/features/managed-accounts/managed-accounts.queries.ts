import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { accountAudit } from "./managed-accounts.schema";

/** The account's family position: its parent (if a child) and whether it is a parent. */
export async function familyOf(db: Executor, accountId: number) {
  const rows = await db.execute<{
    parentAccountId: number | null;
    subscriptionType: string;
    children: number;
  }>(sql`
    select a.parent_account_id as "parentAccountId", a.subscription_type as "subscriptionType",
           (select count(*)::int from accounts c where c.parent_account_id = a.id) as children
      from accounts a where a.id = ${accountId}`);
  return rows.rows[0];
}

/** The children of `parentId` with this month's usage (one row each; few per agency). */
export async function listChildren(db: Db, parentId: number, childId?: number) {
  const rows = await db.execute<{
    id: number;
    businessName: string;
    accountName: string;
    email: string;
    ownerName: string;
    createdAt: Date;
    creditsUsed: number;
    creditsBalance: number;
    subscribers: number;
    sendsThisMonth: number;
  }>(sql`
    select a.id, a.business_name as "businessName", a.account_name as "accountName", a.email,
           coalesce((select trim(u.first_name || ' ' || u.last_name) from users u
                      where u.account_id = a.id and u.permission_level = 3
                      order by u.id limit 1), '') as "ownerName",
           a.created_at as "createdAt",
           coalesce((select -sum(l.delta) from credit_ledger l
                      where l.account_id = a.id and l.reason not in ('grant', 'purchase')
                        and l.created_at >= date_trunc('month', now())), 0)::int as "creditsUsed",
           coalesce((select c.balance from account_credits c where c.account_id = a.id), 0)
             as "creditsBalance",
           (select count(*)::int from subscribers s where s.account_id = a.id) as subscribers,
           (select count(*)::int from messages m
             where m.account_id = a.id and m.direction = 'outbound'
               and m.created_at >= date_trunc('month', now())) as "sendsThisMonth"
      from accounts a
     where a.parent_account_id = ${parentId}
       ${childId === undefined ? sql`` : sql`and a.id = ${childId}`}
     order by a.business_name, a.id`);
  return rows.rows;
}

/** The owner of child `childId`, provided it is `parentId`'s child. */
export async function childOwner(db: Db, parentId: number, childId: number) {
  const rows = await db.execute<{ accountId: number; userId: number; businessName: string }>(sql`
    select a.id as "accountId", u.id as "userId", a.business_name as "businessName"
      from accounts a
      join users u on u.account_id = a.id and u.permission_level = 3
     where a.id = ${childId} and a.parent_account_id = ${parentId}
     order by u.id limit 1`);
  return rows.rows[0];
}

/** A child starts in its parent's time zone. */
export async function timezoneOf(db: Executor, accountId: number): Promise<number> {
  const rows = await db.execute<{ tz: number }>(
    sql`select timezone_id as tz from accounts where id = ${accountId}`,
  );
  return rows.rows[0]?.tz ?? 1;
}

export async function insertAudit(db: Executor, row: typeof accountAudit.$inferInsert) {
  await db.insert(accountAudit).values(row);
}

/** What people of the parent did in child `childId` (newest first). */
export async function listAudit(db: Db, childId: number, limit = 100) {
  const rows = await db.execute<{
    id: number;
    action: string;
    detail: string;
    actorName: string;
    createdAt: Date;
  }>(sql`
    select l.id::int as id, l.action, l.detail,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'A former user')
             as "actorName",
           l.created_at as "createdAt"
      from account_audit l
      left join users u on u.id = l.actor_user_id
     where l.account_id = ${childId}
     order by l.id desc limit ${limit}`);
  return rows.rows;
}
