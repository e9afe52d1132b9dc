import type { AccountLite } from "../../../domain/account.schemas";
import { AppError } from "../../../domain/errors";
import type { Locale } from "../../../domain/locale";
import type { Db } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { isParentAccount } from "../managed-accounts/managed-accounts.service";
import { hasDedicatedTollFree } from "../numbers/numbers.service";
import { setUserLocale } from "../users/user-records.service";
import { toAccountLite } from "./account.presenter";
import * as q from "./account.queries";
import { findAccountAndUser, findAccountContact } from "./account.queries";

/** The account's business name and e-mail, for other features' texts and mail (none: undefined). */
export async function getAccountContact(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<{ businessName: string; email: string } | undefined> {
  return findAccountContact(ctx.db, accountId);
}

/** The id of the account's time zone (1 when unset), for other features' days and hours. */
export async function accountTimezoneId(db: Db, auth: Actor): Promise<number> {
  return q.accountTimezoneId(db, auth);
}

export async function getMeLite(ctx: AppContext, auth: UserActor): Promise<AccountLite> {
  const row = await findAccountAndUser(ctx.db, auth);
  // The session outlived its user (deleted meanwhile): treat as signed out.
  if (!row) throw new AppError("UNAUTHENTICATED", "Your session has ended. Please log in again.");
  const lite = toAccountLite(
    row.account,
    row.user,
    { emulator: ctx.config.useEmulator, voice: ctx.carrier.supportsVoice },
    ctx.clock.now(),
    {
      // A parent's user acting in this (child) account: the shell shows the banner.
      isImpersonating: auth.actingFor !== undefined,
      isParent:
        row.account.parentAccountId === null && (await isParentAccount(ctx, row.account.id)),
      dedicatedTollFree: await hasDedicatedTollFree(ctx, row.account.id),
    },
  );
  const parentId = auth.actingFor?.accountId;
  if (parentId !== undefined) {
    // The parent is another account than the one acted in: read on purpose for the banner.
    const parent = await asSystem(() => findAccountContact(ctx.db, parentId));
    if (parent) lite.returnToName = parent.businessName;
  }
  return lite;
}

/** Settings → Language: the signed-in user's own; the shell reads it back from "me". */
export async function setMyLocale(ctx: AppContext, auth: UserActor, locale: Locale) {
  await setUserLocale(ctx.db, auth.userId, auth.accountId, locale);
  return getMeLite(ctx, auth);
}
