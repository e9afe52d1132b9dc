import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { ownedBy } from "../../db/tenant";
import type { Actor, UserActor } from "../../http/context";
import { accountSettings, globalSettings, userSettings } from "./settings.schema";

export async function readAccountSetting(db: Db, auth: Actor, name: string) {
  const [row] = await db
    .select({ value: accountSettings.value })
    .from(accountSettings)
    .where(and(ownedBy(accountSettings, auth), eq(accountSettings.name, name)));
  return row?.value;
}

export async function writeAccountSetting(
  db: Executor,
  accountId: number,
  name: string,
  value: unknown,
) {
  await db
    .insert(accountSettings)
    .values({ accountId, name, value })
    .onConflictDoUpdate({
      target: [accountSettings.accountId, accountSettings.name],
      set: { value, updatedAt: sql`now()` },
    });
}

export async function readUserSetting(db: Db, auth: UserActor, name: string) {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, auth.userId), eq(userSettings.name, name)));
  return row?.value;
}

export async function writeUserSetting(db: Db, auth: UserActor, name: string, value: unknown) {
  await db
    .insert(userSettings)
    .values({ userId: auth.userId, name, value })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.name],
      set: { value, updatedAt: sql`now()` },
    });
}

export async function readGlobalSetting(db: Db, name: string) {
  const [row] = await db
    .select({ value: globalSettings.value })
    .from(globalSettings)
    .where(eq(globalSettings.name, name));
  return row?.value;
}

/** A user's setting, in the caller's transaction (another feature's write goes through here). */
export async function writeUserSettingOf(
  db: Executor,
  userId: number,
  name: string,
  value: unknown,
) {
  await db
    .insert(userSettings)
    .values({ userId, name, value })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.name],
      set: { value, updatedAt: sql`now()` },
    });
}

/** Several boolean account settings at once, on a raw client (another feature's transaction). */
export async function writeAccountFlags(
  db: { query(text: string, values?: unknown[]): Promise<unknown> },
  accountId: number,
  flags: Record<string, boolean>,
) {
  const names = Object.keys(flags);
  if (!names.length) return;
  await db.query(
    `insert into account_settings (account_id, name, value)
     select $1, n, to_jsonb(v) from unnest($2::text[], $3::bool[]) as f(n, v)
     on conflict (account_id, name) do update set value = excluded.value, updated_at = now()`,
    [accountId, names, names.map((n) => flags[n])],
  );
}

/** One account setting's stored value, read alone or inside the caller's transaction. */
export async function accountSettingValue(db: Queryable, accountId: number, name: string) {
  const res = await db.query<{ value: unknown }>(
    `select value from account_settings where account_id = $1 and name = $2`,
    [accountId, name],
  );
  return res.rows[0]?.value;
}
