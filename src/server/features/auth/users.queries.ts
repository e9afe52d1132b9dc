import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { users } from "../../db/schema";

/** Login accepts a username or an e-mail, both case-insensitive. */
export async function findUserByLogin(db: Db, login: string) {
  const needle = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, needle), eq(sql`lower(${users.email})`, needle)))
    .limit(1);
  return row;
}
