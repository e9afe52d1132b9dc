import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { userPhoneNumbers } from "../users/users.public";

/** Ids of the numbers a restricted user may send from. */
export async function allowedNumberIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: userPhoneNumbers.phoneNumberId })
    .from(userPhoneNumbers)
    .where(eq(userPhoneNumbers.userId, userId));
  return new Set(rows.map((r) => r.id));
}
