import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/connection";
import { accounts } from "../features/account/account.schema";
import { hashPassword } from "../features/auth/password";
import { users } from "../features/users/users.schema";
import { nextIp, send, sessionCookieOf } from "./harness";

type AccountInsert = typeof accounts.$inferInsert;
type UserInsert = typeof users.$inferInsert;
export type TestAccount = typeof accounts.$inferSelect;
export type TestUser = typeof users.$inferSelect & { password: string };

export const DEFAULT_PASSWORD = "correct horse battery";

function unique(): string {
  return randomBytes(4).toString("hex");
}

// argon2 is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

/** An account with unique names; any column can be overridden. */
export async function buildAccount(
  db: Db,
  overrides: Partial<AccountInsert> = {},
): Promise<TestAccount> {
  const n = unique();
  const [row] = await db
    .insert(accounts)
    .values({
      accountName: `acct-${n}`,
      businessName: `Business ${n}`,
      email: `account-${n}@example.test`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A user of `accountId` whose password is `password` (returned alongside the row). */
export async function buildUser(
  db: Db,
  opts: { accountId: number; password?: string } & Partial<
    Omit<UserInsert, "accountId" | "passwordHash">
  >,
): Promise<TestUser> {
  const { password = DEFAULT_PASSWORD, ...overrides } = opts;
  const n = unique();
  const [row] = await db
    .insert(users)
    .values({
      username: `user_${n}`,
      email: `user-${n}@example.test`,
      firstName: "Test",
      lastName: `User ${n}`,
      ...overrides,
      passwordHash: await hashOnce(password),
    })
    .returning();
  return { ...row!, password };
}

/** An account with one user (an Owner unless told otherwise). */
export async function buildAccountWithUser(
  db: Db,
  opts: {
    account?: Partial<AccountInsert>;
    user?: Partial<Omit<UserInsert, "accountId" | "passwordHash">> & { password?: string };
  } = {},
) {
  const account = await buildAccount(db, opts.account);
  const user = await buildUser(db, { permissionLevel: 3, ...opts.user, accountId: account.id });
  return { account, user };
}

/**
 * Logs in through the API and returns the Cookie header of the new session. Each call comes from
 * an address of its own, so the per-client login limit only bites in the tests about it.
 */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { cookie?: string; remoteAddress?: string } = {},
): Promise<string> {
  const res = await send(app, {
    method: "POST",
    url: "/api/auth/login",
    body: { username, password },
    cookie: opts.cookie,
    remoteAddress: opts.remoteAddress ?? nextIp(),
  });
  if (res.statusCode !== 200)
    throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}
