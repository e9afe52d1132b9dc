import { personName } from "../../../domain/user-rules";
import type { AppContext } from "../../http/context";
import * as q from "./users.queries";

/**
 * A person's name as the audit log shows it ("First Last", else the username); null once gone.
 * A file apart from users.service.ts, which records audit events itself, so the two do not
 * import each other.
 */
export async function userDisplayName(
  ctx: AppContext,
  accountId: number,
  userId: number,
): Promise<string | null> {
  const row = await q.findAccountUser(ctx.db, accountId, userId);
  if (!row) return null;
  return personName(row);
}
