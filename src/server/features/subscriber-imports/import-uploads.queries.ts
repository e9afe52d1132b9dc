import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { subscriberImports } from "./subscriber-imports.schema";

/**
 * Deletes an upload that was never started (the person chose another file or gave up); an
 * import that started stays in the history. Returns the deleted row's file, if any.
 */
export async function deleteUnstartedImport(db: Db, auth: Actor, id: number) {
  const [row] = await db
    .delete(subscriberImports)
    .where(
      and(
        ownedBy(subscriberImports, auth),
        eq(subscriberImports.id, id),
        eq(subscriberImports.status, "uploaded"),
      ),
    )
    .returning({ filePath: subscriberImports.filePath });
  return row;
}
