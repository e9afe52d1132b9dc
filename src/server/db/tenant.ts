import { eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AuthContext } from "../http/context";

/**
 * The one way tenant data is filtered: every query of an account's rows goes through this, so a
 * forgotten account filter is visible in review as a missing `ownedBy(...)`.
 */
export function ownedBy(table: { accountId: PgColumn }, auth: Pick<AuthContext, "accountId">): SQL {
  return eq(table.accountId, auth.accountId);
}
