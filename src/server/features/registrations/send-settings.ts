import type { SendSettings } from "../../../domain/send-settings";
import { ACCOUNT_SETTINGS } from "../../../domain/settings";
import type { Queryable } from "../../db/queryable";
import { accountSettingValue } from "../settings/settings.service";

/** The account's send settings (Settings page), or null when it never set them. */
export async function sendSettingsOf(
  db: Queryable,
  accountId: number,
): Promise<SendSettings | null> {
  const value = await accountSettingValue(db, accountId, "send_settings");
  const parsed = ACCOUNT_SETTINGS.send_settings.safeParse(value);
  return parsed.success ? parsed.data : null;
}
