import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { UserActor } from "../../http/context";
import { accounts } from "../account/account.public";
import { userSettings } from "../settings/settings.public";

/** The signature is a per-user setting row (user_settings, name 'signature'). */
export const SIGNATURE_SETTING = "signature";

export async function readSignature(db: Db, auth: UserActor) {
  const [row] = await db
    .select({ value: userSettings.value, extrasDisabled: accounts.disableMessageExtras })
    .from(accounts)
    .leftJoin(
      userSettings,
      and(eq(userSettings.userId, auth.userId), eq(userSettings.name, SIGNATURE_SETTING)),
    )
    .where(eq(accounts.id, auth.accountId));
  return row;
}
