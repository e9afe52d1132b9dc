import type { Pool, QueryResult, QueryResultRow } from "pg";

/**
 * Runs one batched UPDATE of messages after locking its rows in id order, in one statement: the
 * UPDATE's own SQL is given with `$locked` where it may only touch locked rows. Two batches that
 * touch the same rows (the dispatcher recording acceptances while status callbacks arrive for
 * them) then queue behind each other instead of deadlocking, which a plain UPDATE … FROM unnest()
 * can do because it locks rows in whatever order its join produces.
 */
export async function updateMessagesInIdOrder<R extends QueryResultRow>(
  pool: Pool,
  ids: number[],
  text: string,
  values: unknown[],
): Promise<QueryResult<R>> {
  const idsParam = `$${values.length + 1}`;
  const locked = `with locked as materialized (
      select id from messages where id = any(${idsParam}::bigint[]) order by id for update)
    `;
  return pool.query<R>(locked + text.replace("$locked", "m.id in (select id from locked)"), [
    ...values,
    ids,
  ]);
}
