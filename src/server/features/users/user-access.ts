import { writeUserSettingOf } from "../settings/settings.service";
import * as q from "./users.queries";

type Tx = Parameters<typeof q.replaceAccess>[0];

/** Replaces a user's groups, numbers and disable-send-all setting (inside the caller's transaction). */
export async function replaceAccess(
  tx: Tx,
  userId: number,
  access: { groupIds: number[]; numberIds: number[]; disableSendAll: boolean },
) {
  await q.replaceAccess(tx, userId, access);
  await writeUserSettingOf(tx, userId, "disable_send_all", access.disableSendAll);
}
