import { AppError } from "../../../domain/errors";
import { MANAGED_TEXT } from "../../../domain/managed-accounts";
import { can, systemActor } from "../../../domain/permissions";
import { asSystem } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import type { ApiCaller } from "../api-keys/api-keys.service";
import { assertActorCan } from "../users/users.service";
import * as q from "./managed-accounts.queries";

/** `Parley-Account: <child id>` on an /api/v1 call: the parent's key acts in that child. */
export const ACTING_HEADER = "parley-account";

export const ACTING_TEXT = {
  badId: "Parley-Account must be the id of one of your managed accounts.",
  needsScope: "Acting on a managed account needs a key with the accounts:write scope.",
  v1Only: "Parley-Account works on /api/v1 only.",
  notWhileActing:
    "API keys and managed accounts are the parent's own: call them without Parley-Account.",
} as const;

/** Routes a key never reaches inside a child: keys made there would outlive the relation. */
const PARENT_ONLY = ["/api/v1/api-keys", "/api/v1/managed-accounts"];

/**
 * The caller a parent's key becomes in child `header` (like Stripe-Account): the child's account
 * behind the tenant wall, the child's owner as the person acted for (as "Open" on the screen
 * does), the key's own scopes, and the parent and the key's maker kept for the audit and the
 * request log. Only a top-level account's key with accounts:write, whose maker still holds it,
 * and only for its own child; anything else is refused before the route runs.
 */
export async function actAsChild(
  ctx: AppContext,
  caller: ApiCaller,
  header: string,
  url: string,
): Promise<ApiCaller> {
  if (!url.startsWith("/api/v1/")) throw new AppError("BAD_REQUEST", ACTING_TEXT.v1Only);
  const childId = /^\d{1,10}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
  if (!Number.isSafeInteger(childId) || childId < 1 || childId > 2_147_483_647)
    throw new AppError("BAD_REQUEST", ACTING_TEXT.badId);
  if (PARENT_ONLY.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`)))
    throw new AppError("FORBIDDEN", ACTING_TEXT.notWhileActing);
  const parent = caller.actor;
  if (!can(parent, "accounts:manage")) throw new AppError("FORBIDDEN", ACTING_TEXT.needsScope);
  // The maker as they are now: an Owner who stepped down no longer reaches the children.
  await assertActorCan(ctx, parent, "accounts:manage");
  // The family and the child's owner are read across accounts on purpose (the relation itself).
  const owner = await asSystem(async () => {
    const family = await q.familyOf(ctx.db, parent.accountId);
    if (!family || family.parentAccountId !== null)
      throw new AppError("FORBIDDEN", MANAGED_TEXT.childCannotManage);
    return q.childOwner(ctx.db, parent.accountId, childId);
  });
  // Another account's child and no account at all answer alike: nothing to learn by probing.
  if (!owner) throw new AppError("NOT_FOUND", MANAGED_TEXT.notFound);
  return {
    keyId: caller.keyId,
    keyName: caller.keyName,
    accountId: owner.accountId,
    actor: systemActor("api_key", owner.accountId, {
      userId: owner.userId,
      scopes: parent.scopes,
      // Services refuse what would outlive the relation or take over a sign-in (assertNotActing).
      actingFor: { accountId: parent.accountId, userId: parent.userId },
    }),
    actingFor: { accountId: parent.accountId, userId: parent.userId },
  };
}

/** A change made in a child through the parent's key, in the child's audit (the parent's "Activity"). */
export async function auditActingKeyRequest(
  ctx: AppContext,
  caller: ApiCaller,
  request: { method: string; route: string; status: number },
) {
  if (!caller.actingFor) return;
  await asSystem(() =>
    q.insertAudit(ctx.db, {
      accountId: caller.accountId,
      userId: caller.actor.userId,
      actorAccountId: caller.actingFor!.accountId,
      actorUserId: caller.actingFor!.userId,
      action: `${request.method} ${request.route}`,
      detail: `API key "${caller.keyName}" · HTTP ${request.status}`.slice(0, 300),
    }),
  );
}
