import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { UserActor } from "../../http/context";
import { accounts } from "../account/account.public";
import { deeplinks } from "./auth.schema";

/** A deeplink by id, with its account's public name (the sign-up page fallback). */
export async function findDeeplink(db: Db, id: string) {
  const [row] = await db
    .select({
      uri: deeplinks.uri,
      accountId: deeplinks.accountId,
      accountName: accounts.accountName,
    })
    .from(deeplinks)
    .innerJoin(accounts, eq(accounts.id, deeplinks.accountId))
    .where(eq(deeplinks.id, id));
  return row;
}

export function listDeeplinks(db: Db, auth: UserActor) {
  return db
    .select()
    .from(deeplinks)
    .where(ownedBy(deeplinks, auth))
    .orderBy(desc(deeplinks.createdAt))
    .limit(500);
}

/** Inserts unless the id is taken (then undefined: the caller draws another id). */
export async function insertDeeplink(
  db: Db,
  row: { id: string; accountId: number; uri: string | null },
) {
  const [inserted] = await db.insert(deeplinks).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function deleteDeeplink(db: Db, auth: UserActor, id: string) {
  const rows = await db
    .delete(deeplinks)
    .where(and(ownedBy(deeplinks, auth), eq(deeplinks.id, id)))
    .returning({ id: deeplinks.id });
  return rows.length > 0;
}
