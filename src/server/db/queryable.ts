import type { QueryResult, QueryResultRow } from "pg";

/**
 * The pool (`ctx.db.$client`) or a client holding a transaction: a queries function written
 * against it runs alone or inside the caller's transaction, whichever it is handed.
 */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<QueryResult<R>>;
}
