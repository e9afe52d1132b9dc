import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";

/** An account by its public name (case-insensitive), as /subscribe/:accountName finds it. */
export async function accountByName(db: Executor, accountName: string) {
  const { rows } = await db.execute<{ id: number; accountName: string; businessName: string }>(
    sql`select id, account_name as "accountName", business_name as "businessName"
          from accounts where lower(account_name) = lower(${accountName}) limit 1`,
  );
  return rows[0] ?? null;
}

/** The number the account texts from when nothing else says which: its included, oldest live one. */
export async function defaultNumber(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ id: number; number: string }>(
    sql`select id, number from phone_numbers where account_id = ${accountId} and state = 'active'
         order by included desc, id limit 1`,
  );
  return rows[0] ?? null;
}

/** The account's static groups among `ids` (anything else, another account's included, is dropped). */
export async function ownStaticGroups(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, name from groups where account_id = ${accountId} and type = 'static'
         and id = any(${`{${[...new Set(ids)].join(",")}}`}::int[]) order by name, id`,
  );
  return rows;
}

export async function customFieldsOf(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ id: number; name: string; type: string; options: string[] }>(
    sql`select id, name, type, options from custom_fields where account_id = ${accountId} order by id`,
  );
  return rows;
}
