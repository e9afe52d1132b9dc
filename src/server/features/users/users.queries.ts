import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import { accounts } from "../account/account.public";
import { authTokens } from "../auth/auth.public";
import { groups } from "../groups/groups.public";
import { phoneNumbers } from "../numbers/numbers.public";
import { userSettings } from "../settings/settings.public";
import { userGroups, userPhoneNumbers, users } from "./users.schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;

/** A user with what the user form shows: groups, numbers and the disable-send-all setting. */
export interface UserWithAccess {
  id: number;
  accountId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  permissionLevel: number;
  restricted: boolean;
  twoFactorMethod: string | null;
  createdAt: Date;
  groupIds: number[];
  numberIds: number[];
  disableSendAll: boolean;
}

function selectWithAccess(db: Conn) {
  return db
    .select({
      id: users.id,
      accountId: users.accountId,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      permissionLevel: users.permissionLevel,
      restricted: users.restricted,
      twoFactorMethod: users.twoFactorMethod,
      createdAt: users.createdAt,
      groupIds: sql<
        number[]
      >`coalesce((select array_agg(${userGroups.groupId} order by ${userGroups.groupId}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}')`,
      numberIds: sql<
        number[]
      >`coalesce((select array_agg(${userPhoneNumbers.phoneNumberId} order by ${userPhoneNumbers.phoneNumberId}) from ${userPhoneNumbers} where ${userPhoneNumbers.userId} = ${users.id}), '{}')`,
      disableSendAll: sql<boolean>`coalesce((select (${userSettings.value})::text = 'true' from ${userSettings} where ${userSettings.userId} = ${users.id} and ${userSettings.name} = 'disable_send_all'), false)`,
    })
    .from(users);
}

export async function listAccountUsers(db: Db, accountId: number): Promise<UserWithAccess[]> {
  return selectWithAccess(db)
    .where(eq(users.accountId, accountId))
    .orderBy(desc(users.permissionLevel), sql`lower(${users.username})`);
}

export async function findAccountUser(
  db: Conn,
  accountId: number,
  id: number,
): Promise<UserWithAccess | undefined> {
  const [row] = await selectWithAccess(db)
    .where(and(eq(users.accountId, accountId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Only what a key's maker's rights need, on every key's first request in a while. */
export async function findRights(db: Conn, accountId: number, id: number) {
  const [row] = await db
    .select({ permissionLevel: users.permissionLevel, restricted: users.restricted })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, id)));
  return row;
}

/** Of `ids`, those that are groups of the account. */
export async function ownGroupIds(db: Conn, accountId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.accountId, accountId), inArray(groups.id, ids)));
  return rows.map((r) => r.id);
}

/** Of `ids`, those that are live numbers of the account. */
export async function ownNumberIds(db: Conn, accountId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.accountId, accountId),
        inArray(phoneNumbers.id, ids),
        ne(phoneNumbers.state, "released"),
      ),
    );
  return rows.map((r) => r.id);
}

/** Replaces a user's groups and numbers (inside the caller's transaction; user-access.ts adds the setting). */
export async function replaceAccess(
  tx: Conn,
  userId: number,
  access: { groupIds: number[]; numberIds: number[]; disableSendAll: boolean },
) {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  if (access.groupIds.length > 0)
    await tx.insert(userGroups).values(access.groupIds.map((groupId) => ({ userId, groupId })));
  await tx.delete(userPhoneNumbers).where(eq(userPhoneNumbers.userId, userId));
  if (access.numberIds.length > 0)
    await tx
      .insert(userPhoneNumbers)
      .values(access.numberIds.map((phoneNumberId) => ({ userId, phoneNumberId })));
}

export async function updateUserRow(
  tx: Conn,
  userId: number,
  patch: Partial<
    Pick<
      typeof users.$inferInsert,
      | "email"
      | "emailVerifiedAt"
      | "username"
      | "firstName"
      | "lastName"
      | "phone"
      | "permissionLevel"
      | "restricted"
    >
  >,
) {
  await tx.update(users).set(patch).where(eq(users.id, userId));
}

export async function insertUser(tx: Conn, row: typeof users.$inferInsert) {
  const [inserted] = await tx.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

export async function deleteAccountUser(db: Db, accountId: number, id: number) {
  await db.delete(users).where(and(eq(users.accountId, accountId), eq(users.id, id)));
}

/**
 * Whether a user other than `exceptId` already uses the username or the e-mail. Both are unique
 * across every account, so the look-up is too: asSystem (it answers only which field clashes).
 * Give it the database, not a transaction opened behind an account's wall.
 */
export async function findClash(
  db: Conn,
  fields: { username?: string; email?: string },
  exceptId?: number,
): Promise<"username" | "email" | null> {
  const except = exceptId ? ne(users.id, exceptId) : undefined;
  return asSystem(async () => {
    if (fields.username) {
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.username})`, fields.username.toLowerCase()), except))
        .limit(1);
      if (u) return "username";
    }
    if (fields.email) {
      const [e] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, fields.email.toLowerCase()), except))
        .limit(1);
      if (e) return "email";
    }
    return null;
  });
}

// --- Invitations (auth_tokens of kind 'invite') ------------------------------------------------

export async function listPendingInvites(db: Db, accountId: number) {
  return db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.kind, "invite"),
        isNull(authTokens.usedAt),
      ),
    )
    .orderBy(desc(authTokens.createdAt));
}

export async function findPendingInvite(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.kind, "invite"),
        eq(authTokens.id, id),
        isNull(authTokens.usedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A live invitation of the account to that address (one at a time per address). */
export async function findLiveInviteTo(db: Db, accountId: number, email: string) {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.kind, "invite"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
        eq(sql`lower(${authTokens.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row;
}

export async function findAccount(db: Conn, accountId: number) {
  const [row] = await db
    .select({ accountName: accounts.accountName, businessName: accounts.businessName })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
