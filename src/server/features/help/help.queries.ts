import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";

/** The user and account a support message is from. */
export async function supportSender(db: Executor, accountId: number, userId: number) {
  return (
    await db.execute<{
      account_id: number;
      account_name: string;
      business_name: string;
      username: string;
      email: string;
      first_name: string;
      last_name: string;
    }>(sql`
      select a.id as account_id, a.account_name, a.business_name, u.username, u.email,
        u.first_name, u.last_name
      from users u join accounts a on a.id = u.account_id
      where u.id = ${userId} and u.account_id = ${accountId}`)
  ).rows[0];
}
