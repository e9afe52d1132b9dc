import type { z } from "zod";
import type { SettingResponse } from "../../../domain/account.schemas";
import { diffFields } from "../../../domain/audit";
import { AppError } from "../../../domain/errors";
import { assertCan, PERMISSION_LEVEL } from "../../../domain/permissions";
import {
  ACCOUNT_SETTING_DEFAULTS,
  ACCOUNT_SETTINGS,
  FLAG_OWNER_TEXT,
  GLOBAL_SETTING_DEFAULTS,
  GLOBAL_SETTINGS,
  isAccountSetting,
  isAccountTypeFlag,
  isEnabledValue,
  isGlobalSetting,
  isPlanFlag,
  isUserSetting,
  type PlanFlag,
  USER_SETTING_DEFAULTS,
  USER_SETTINGS,
} from "../../../domain/settings";
import { TEXT } from "../../../domain/texts";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { recordAuditOfChanges } from "../audit/audit.service";
import { releasePausedTexts } from "../outbound/pause-release";
import * as q from "./settings.queries";

// A user's setting written by another feature (a user's access, the signature), in its transaction.
export { accountSettingValue, writeUserSettingOf } from "./settings.queries";

/**
 * The plan flags as the plan (billing, in its transaction) or the operator (the admin command)
 * sets them: never through the account's own settings route.
 */
export async function writePlanFlags(
  db: Parameters<typeof q.writeAccountFlags>[0],
  accountId: number,
  flags: Partial<Record<PlanFlag, boolean>>,
) {
  await q.writeAccountFlags(db, accountId, flags as Record<string, boolean>);
}

const DISPLAY_PREFERENCES: ReadonlySet<string> = new Set([
  "display_quantities",
  "onboarding_step",
  "message_allotment_popup_disable",
]);

function unknownSetting(name: string): never {
  throw new AppError("NOT_FOUND", `There is no setting named "${name}".`);
}

/** A stored value that no longer fits its schema reads as the default instead of breaking a page. */
function present(
  name: string,
  schema: z.ZodType,
  stored: unknown,
  fallback: unknown,
): SettingResponse {
  const parsed = stored === undefined ? undefined : schema.safeParse(stored);
  const value = parsed?.success ? parsed.data : fallback;
  return { name, value, enabled: isEnabledValue(value) };
}

function validate(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid value");
  }
  return parsed.data;
}

export async function getAccountSetting(ctx: AppContext, auth: Actor, name: string) {
  if (!isAccountSetting(name)) unknownSetting(name);
  const stored = await q.readAccountSetting(ctx.db, auth, name);
  return present(name, ACCOUNT_SETTINGS[name], stored, ACCOUNT_SETTING_DEFAULTS[name]);
}

export async function setAccountSetting(
  ctx: AppContext,
  auth: Actor,
  name: string,
  value: unknown,
) {
  // Flags have owners: the plan's and the operator's are not the account's to change.
  if (isAccountTypeFlag(name)) throw new AppError("FORBIDDEN", FLAG_OWNER_TEXT.accountType(name));
  if (!isAccountSetting(name)) unknownSetting(name);
  if (isPlanFlag(name)) throw new AppError("FORBIDDEN", FLAG_OWNER_TEXT.plan(name));
  // Display preferences (page sizes, the tour, a dismissed popup) are anyone's; the rest of the
  // account's settings are an Administrator's and up (src/domain/permissions.ts).
  if (!DISPLAY_PREFERENCES.has(name)) assertCan(auth, "settings:write");
  const valid = validate(ACCOUNT_SETTINGS[name], value);
  if (DISPLAY_PREFERENCES.has(name)) {
    await q.writeAccountSetting(ctx.db, auth.accountId, name, valid);
  } else {
    // A real setting is audited in the change's transaction (no row without the change).
    await inTransaction(ctx.db, async (tx) => {
      const before = await q.readAccountSetting(tx, auth, name);
      await q.writeAccountSetting(tx, auth.accountId, name, valid);
      const changes = diffFields({ [name]: before ?? null }, { [name]: valid });
      await recordAuditOfChanges({ ...ctx, db: tx }, auth, {
        action: "settings.update",
        target: { type: "setting", id: name, label: name },
        changes,
      });
    });
    // 'Pause all sending' off: what the dispatcher held for it goes now.
    if (name === "disable_sam" && valid !== true) await releasePausedTexts(ctx, auth.accountId);
  }
  return present(name, ACCOUNT_SETTINGS[name], valid, ACCOUNT_SETTING_DEFAULTS[name]);
}

export async function getUserSetting(ctx: AppContext, auth: UserActor, name: string) {
  if (!isUserSetting(name)) unknownSetting(name);
  const stored = await q.readUserSetting(ctx.db, auth, name);
  return present(name, USER_SETTINGS[name], stored, USER_SETTING_DEFAULTS[name]);
}

export async function setUserSetting(
  ctx: AppContext,
  auth: UserActor,
  name: string,
  value: unknown,
) {
  if (!isUserSetting(name)) unknownSetting(name);
  const valid = validate(USER_SETTINGS[name], value);
  // 'Hide send to all' is a limit set on a user (spec doc 2 §6): anyone may put it on themselves,
  // but only a Manager or the Owner may lift it (an Agent or Administrator would free themselves).
  if (
    name === "disable_send_all" &&
    !isEnabledValue(valid) &&
    auth.level < PERMISSION_LEVEL.MANAGER
  )
    throw new AppError("FORBIDDEN", TEXT.notAllowed);
  await inTransaction(ctx.db, async (tx) => {
    const before = await q.readUserSetting(tx, auth, name);
    await q.writeUserSetting(tx, auth, name, valid);
    const changes = diffFields({ [name]: before ?? null }, { [name]: valid });
    await recordAuditOfChanges({ ...ctx, db: tx }, auth, {
      action: "settings.personal",
      target: { type: "user", id: auth.userId, label: name },
      changes,
    });
  });
  return present(name, USER_SETTINGS[name], valid, USER_SETTING_DEFAULTS[name]);
}

export async function getGlobalSetting(ctx: AppContext, name: string) {
  if (!isGlobalSetting(name)) unknownSetting(name);
  const stored = await q.readGlobalSetting(ctx.db, name);
  return present(name, GLOBAL_SETTINGS[name], stored, GLOBAL_SETTING_DEFAULTS[name]);
}
