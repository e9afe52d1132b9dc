import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { SignInPolicy } from "../../../domain/sign-in.schemas";
import type { Db } from "../../db/connection";
import { phoneNumbers } from "../numbers/numbers.public";
import { accountSignInPolicies, userDevices, userIdentities } from "./auth.schema";

export function deviceHashOf(deviceId: string): string {
  return createHash("sha256").update(`parley-device:${deviceId}`).digest("hex");
}

export async function readPolicy(db: Db, accountId: number): Promise<SignInPolicy> {
  const [row] = await db
    .select({
      verifyNewDevices: accountSignInPolicies.verifyNewDevices,
      requirePhoneVerification: accountSignInPolicies.requirePhoneVerification,
    })
    .from(accountSignInPolicies)
    .where(eq(accountSignInPolicies.accountId, accountId));
  return row ?? { verifyNewDevices: false, requirePhoneVerification: false };
}

export async function writePolicy(db: Db, accountId: number, policy: SignInPolicy) {
  await db
    .insert(accountSignInPolicies)
    .values({ accountId, ...policy })
    .onConflictDoUpdate({
      target: accountSignInPolicies.accountId,
      set: { ...policy, updatedAt: sql`now()` },
    });
}

export async function isKnownDevice(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const rows = await db
    .update(userDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHashOf(deviceId))))
    .returning({ id: userDevices.id });
  return rows.length > 0;
}

export async function rememberDevice(
  db: Db,
  userId: number,
  deviceId: string,
  userAgent: string | null,
) {
  await db
    .insert(userDevices)
    .values({ userId, deviceHash: deviceHashOf(deviceId), userAgent: userAgent?.slice(0, 500) })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    });
}

export async function findIdentity(db: Db, provider: string, subject: string) {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

export async function linkIdentity(
  db: Db,
  row: { userId: number; provider: string; subject: string; email: string },
) {
  await db.insert(userIdentities).values(row).onConflictDoNothing();
}

/** Whether the account has a number to text verification codes from. */
export async function hasActiveNumber(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.state, "active")))
    .limit(1);
  return row !== undefined;
}
