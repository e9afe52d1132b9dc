import { and, eq, ne, or, sql } from "drizzle-orm";
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

/** Whether the install has any user: a fresh one has none until its first owner is made. */
export async function anyUserExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** A new account's first user, its Owner (sign-up, a managed account). */
export async function insertOwner(tx: Executor, row: typeof users.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

export async function markEmailVerified(db: Db, userId: number) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function setVerifiedPhone(db: Db, userId: number, phone: string) {
  await db.update(users).set({ phone, phoneVerifiedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Another user who already verified this phone (a verified number belongs to one person). */
export async function phoneVerifiedByOther(db: Db, userId: number, phone: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.phone, phone), ne(users.id, userId), sql`${users.phoneVerifiedAt} is not null`),
    )
    .limit(1);
  return row !== undefined;
}

/** Seals a key stored in plaintext, unless another request changed it meanwhile (two-factor). */
export async function sealTotpSecret(db: Db, userId: number, plain: string, sealed: string) {
  await db
    .update(users)
    .set({ totpSecret: sealed })
    .where(and(eq(users.id, userId), eq(users.totpSecret, plain)));
}

/** Two-factor turned on: its method, the app's sealed key, or the phone it verified. */
export async function setTwoFactor(
  db: Db,
  userId: number,
  set: Pick<
    typeof users.$inferInsert,
    "twoFactorMethod" | "totpSecret" | "phone" | "phoneVerifiedAt"
  >,
) {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** Two-factor turned off. */
export async function clearTwoFactor(db: Db, userId: number) {
  await db
    .update(users)
    .set({ twoFactorMethod: null, totpSecret: null })
    .where(eq(users.id, userId));
}

/** The language the app speaks to the user (Settings → Language). */
export async function setUserLocale(db: Db, userId: number, accountId: number, locale: string) {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}
