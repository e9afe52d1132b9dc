import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor, UserActor } from "../../http/context";
import { users } from "../users/users.public";
import { accounts } from "./account.schema";

export async function findAccountAndUser(db: Db, auth: UserActor) {
  const [row] = await db
    .select({ account: accounts, user: users })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, auth.userId), ownedBy(users, auth)))
    .limit(1);
  return row;
}

export async function findAccountContact(db: Db, accountId: number) {
  const [row] = await db
    .select({ businessName: accounts.businessName, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function accountTimezoneId(db: Db, auth: Actor): Promise<number> {
  const res = await db.execute<{ tz: number }>(
    sql`select timezone_id as tz from accounts where id = ${auth.accountId}`,
  );
  return Number(res.rows[0]?.tz ?? 1);
}

/** Settings → Business profile's fields. */
export async function profileRow(db: Db, accountId: number) {
  const [row] = await db
    .select({
      accountName: accounts.accountName,
      businessName: accounts.businessName,
      email: accounts.email,
      industry: accounts.industry,
      timezoneId: accounts.timezoneId,
      businessPhone: accounts.businessPhone,
      messageValidityMinutes: accounts.messageValidityMinutes,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function updateProfileRow(
  db: Db,
  accountId: number,
  values: Partial<typeof accounts.$inferInsert>,
): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}
