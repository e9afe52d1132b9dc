import { eq, or, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { users } from "./users.schema";

/** Login accepts a username or an e-mail, both case-insensitive. */
export async function findUserByLogin(db: Db, login: string) {
  const needle = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, needle), eq(sql`lower(${users.email})`, needle)))
    .limit(1);
  return row;
}

export async function findUserEmail(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A new account's first user, its Owner (sign-up, a managed account). */
export async function insertOwner(tx: Executor, row: typeof users.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}
