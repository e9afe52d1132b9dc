import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import { hashNewPassword, hashPassword } from "../features/auth/password";
import { deleteUserSessions } from "../features/auth/sessions.queries";
import { setPasswordHash } from "../features/users/user-records.service";
import { users } from "../features/users/users.schema";
import { auditByOperator } from "./operator-audit";
import { OpsError } from "./ops-error";

/** 20 random characters (about 120 bits): strong enough that no strength check is needed. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * Sets a user's password from the command line (the operator's way back in when nobody can
 * sign in). A chosen password passes the same strength check as the web forms; without one a
 * random one is made and returned. Every session of the user ends.
 */
export async function resetUserPassword(
  db: Db,
  input: { username: string; password?: string },
): Promise<{ username: string; password: string; generated: boolean; sessionsEnded: number }> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.trim().toLowerCase()}`)
    .limit(1);
  if (!user) throw new OpsError(`no user is named "${input.username}"`);
  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  const passwordHash = generated
    ? await hashPassword(password)
    : await strongHash(password, [user.username, user.email, user.firstName, user.lastName]);
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*) as n from sessions where user_id = ${user.id}`,
  );
  await setPasswordHash(db, user.id, passwordHash);
  await deleteUserSessions(db, user.id);
  await auditByOperator(db, user.accountId, {
    action: "users.password_reset",
    target: { type: "user", id: user.id, label: user.username },
  });
  return { username: user.username, password, generated, sessionsEnded: Number(rows[0]?.n ?? 0) };
}

/** hashNewPassword, with its refusal (an AppError naming the field) as an operator's error. */
export async function strongHash(password: string, about: (string | null | undefined)[]) {
  try {
    return await hashNewPassword(password, { field: "password", about });
  } catch (err) {
    const fields = (err as { fields?: Record<string, string> }).fields;
    throw new OpsError(fields?.password ?? (err as Error).message);
  }
}
