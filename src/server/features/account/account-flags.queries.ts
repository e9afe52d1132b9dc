import type { Queryable } from "../../db/queryable";

/** The account's name, type columns and the named plan settings; undefined without it. */
export async function accountFlagRow(
  db: Queryable,
  accountId: number,
  planFlags: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  const res = await db.query<Record<string, unknown>>(
    `select a.account_name, a.is_developer, a.is_test_account, a.is_tsi, a.is_webinar_customer,
            coalesce((select jsonb_object_agg(s.name, s.value) from account_settings s
                       where s.account_id = a.id and s.name = any($2::text[])), '{}') as plan
       from accounts a where a.id = $1`,
    [accountId, planFlags],
  );
  return res.rows[0];
}

/** Locks the account row for the caller's transaction; false when there is none. */
export async function lockAccount(db: Queryable, accountId: number): Promise<boolean> {
  const found = await db.query(`select 1 from accounts where id = $1 for update`, [accountId]);
  return !!found.rowCount;
}

/** Sets one of the account's boolean type columns (a name from a fixed list, never input). */
export async function setAccountColumn(
  db: Queryable,
  accountId: number,
  column: string,
  value: boolean,
): Promise<void> {
  await db.query(`update accounts set ${column} = $2 where id = $1`, [accountId, value]);
}
