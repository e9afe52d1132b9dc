import type { Pool, QueryResult, QueryResultRow } from "pg";

/**
 * Runs one batched UPDATE of messages after locking its rows in id order, in one transaction.
 * Two batches that touch the same rows (the dispatcher recording acceptances while status
 * callbacks arrive for them) then queue behind each other instead of deadlocking, which a plain
 * UPDATE … FROM unnest() can do because it locks rows in whatever order its join produces.
 */
export async function updateMessagesInIdOrder<R extends QueryResultRow>(
  pool: Pool,
  ids: number[],
  text: string,
  values: unknown[],
): Promise<QueryResult<R>> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(
      "select 1 from messages where id = any($1::bigint[]) order by id for update",
      [ids],
    );
    const result = await client.query<R>(text, values);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
