import type { SendSettings } from "../../../domain/send-settings";
import { ACCOUNT_SETTINGS } from "../../../domain/settings";
import type { Queryable } from "../credits/credits.service";

/** The account's send settings (Settings page), or null when it never set them. */
export async function sendSettingsOf(
  db: Queryable,
  accountId: number,
): Promise<SendSettings | null> {
  const res = await db.query<{ value: unknown }>(
    `select value from account_settings where account_id = $1 and name = 'send_settings'`,
    [accountId],
  );
  const parsed = ACCOUNT_SETTINGS.send_settings.safeParse(res.rows[0]?.value);
  return parsed.success ? parsed.data : null;
}
