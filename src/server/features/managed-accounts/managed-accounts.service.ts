import { randomBytes } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  type ChildAccount,
  type CreateChildAccountBody,
  MANAGED_TEXT,
} from "../../../domain/managed-accounts";
import { PERMISSION_LEVEL, type Permission, userActor } from "../../../domain/permissions";
import { accountNameFrom } from "../../../domain/signup.schemas";
import { asSystem } from "../../db/tenant-scope";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { freeAccountName, insertChildAccount } from "../account/account-records.service";
import { recordAudit } from "../audit/audit.service";
import { sendActivationLink } from "../auth/activation.service";
import { hashPassword } from "../auth/password";
import { setSessionActing } from "../auth/sessions.service";
import { openCredits } from "../credits/credits.service";
import { findClash, insertOwner } from "../users/user-records.service";
import { assertActorCan } from "../users/users.service";
import * as q from "./managed-accounts.queries";

const notFound = () => new AppError("NOT_FOUND", MANAGED_TEXT.notFound);

/**
 * Only a top-level account manages children: a child never sees up (nor sideways). An API key
 * also needs its maker to hold `perm` now: an Owner who stepped down no longer makes children.
 */
async function assertParent(ctx: AppContext, actor: Actor, perm: Permission = "accounts:manage") {
  await assertActorCan(ctx, actor, perm);
  const family = await q.familyOf(ctx.db, actor.accountId);
  if (!family || family.parentAccountId !== null)
    throw new AppError("FORBIDDEN", MANAGED_TEXT.childCannotManage);
  return family;
}

/** Whether this account is a parent: the agency plan, or any child created. */
export async function isParentAccount(ctx: AppContext, accountId: number): Promise<boolean> {
  const family = await q.familyOf(ctx.db, accountId);
  if (!family || family.parentAccountId !== null) return false;
  return family.subscriptionType === "parent" || family.children > 0;
}

function toChild(row: Awaited<ReturnType<typeof q.listChildren>>[number]): ChildAccount {
  return {
    id: row.id,
    businessName: row.businessName,
    accountName: row.accountName,
    email: row.email,
    ownerName: row.ownerName,
    createdAt: new Date(row.createdAt).toISOString(),
    usage: {
      creditsUsed: Math.max(0, Number(row.creditsUsed)),
      creditsBalance: Number(row.creditsBalance),
      subscribers: Number(row.subscribers),
      sendsThisMonth: Number(row.sendsThisMonth),
    },
  };
}

export async function listChildAccounts(ctx: AppContext, actor: Actor) {
  await assertParent(ctx, actor, "accounts:read");
  // The children's usage is their rows (users, credits, subscribers, messages): asSystem.
  const rows = await asSystem(() => q.listChildren(ctx.db, actor.accountId));
  return { rows: rows.map(toChild), canManage: true };
}

/**
 * A new child account with its owner (the e-mail given) and its trial credits: the bundled deal
 * of spec doc 3 (an agency sells the account), so the owner is mailed the link that activates it
 * (sets their password). The parent's user opens it from the list at any time.
 */
export async function createChildAccount(
  ctx: AppContext,
  actor: Actor,
  body: CreateChildAccountBody,
): Promise<ChildAccount> {
  await assertParent(ctx, actor);
  if (await findClash(ctx.db, { username: body.email, email: body.email })) {
    throw new AppError("CONFLICT", MANAGED_TEXT.emailTaken, {
      fields: { email: MANAGED_TEXT.emailTaken },
    });
  }
  // Nobody knows this password: the owner sets theirs through the activation link.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  // A new account with its owner, credits and audit: rows of the child, written by the parent's
  // user on purpose, so asSystem (the wall would refuse another account's rows).
  return asSystem(async () => {
    const { childId, ownerId } = await ctx.db.transaction(async (tx) => {
      const timezoneId = await q.timezoneOf(tx, actor.accountId);
      const accountName = await freeAccountName(tx, accountNameFrom(body.businessName));
      const id = await insertChildAccount(tx, {
        parentId: actor.accountId,
        accountName,
        businessName: body.businessName,
        email: body.email,
        timezoneId,
      });
      const ownerId = await insertOwner(tx, {
        accountId: id,
        username: body.email,
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        permissionLevel: PERMISSION_LEVEL.OWNER,
      });
      await q.insertAudit(tx, {
        accountId: id,
        userId: ownerId,
        actorAccountId: actor.accountId,
        actorUserId: actor.userId,
        action: "Created the account",
      });
      return { childId: id, ownerId };
    });
    await openCredits(ctx.db.$client, childId);
    await sendActivationLink(ctx, ownerId, body.businessName);
    const [row] = await q.listChildren(ctx.db, actor.accountId, childId);
    return toChild(row!);
  });
}

/**
 * Opens child `childId` in this session: from now on each request acts as the child's owner and
 * carries the real person (actor.actingFor); the audit records the opening and every change.
 */
export async function openChildAccount(
  ctx: AppContext,
  actor: UserActor,
  sessionId: string,
  childId: number,
) {
  if (actor.actingFor) throw new AppError("CONFLICT", MANAGED_TEXT.alreadyActing);
  await assertParent(ctx, actor);
  // The child's owner and the child's audit are the child's rows: read and written on purpose.
  const owner = await asSystem(() => q.childOwner(ctx.db, actor.accountId, childId));
  if (!owner) throw notFound();
  await setSessionActing(ctx.db, sessionId, { accountId: owner.accountId, userId: owner.userId });
  await asSystem(() =>
    q.insertAudit(ctx.db, {
      accountId: owner.accountId,
      userId: owner.userId,
      actorAccountId: actor.accountId,
      actorUserId: actor.userId,
      action: "Opened the account",
    }),
  );
  const target = { type: "account", id: owner.accountId, label: owner.businessName };
  // In the parent's log under its person, and in the child's under the parent acting in it.
  await recordAudit(ctx, actor, { action: "managed_account.open", target });
  await asSystem(() =>
    recordAudit(ctx, actingOwner(owner, actor), {
      action: "managed_account.open",
      target,
    }),
  );
  return { accountId: owner.accountId, businessName: owner.businessName };
}

/** Back to the parent account (logging out of a child does this instead of ending the session). */
export async function closeChildAccount(
  ctx: AppContext,
  sessionId: string,
  acting: { childId: number; childUserId: number; parentId: number; userId: number },
) {
  // The session is the parent's and the audit line the child's: one of them is always another
  // account's rows, so asSystem.
  await asSystem(async () => {
    await setSessionActing(ctx.db, sessionId, null);
    await q.insertAudit(ctx.db, {
      accountId: acting.childId,
      userId: acting.childUserId,
      actorAccountId: acting.parentId,
      actorUserId: acting.userId,
      action: "Logged out of the account",
    });
    await recordAudit(
      ctx,
      actingOwner(
        { accountId: acting.childId, userId: acting.childUserId },
        { accountId: acting.parentId, userId: acting.userId },
      ),
      { action: "managed_account.close", target: { type: "account", id: acting.childId } },
    );
  });
}

/**
 * 'Return to <parent>' on the managed-account banner: back to the parent account in this session
 * (what logging out of a child also does), refused when the session is not in a child.
 */
export async function returnToParent(ctx: AppContext, actor: UserActor, sessionId: string) {
  if (!actor.actingFor) throw new AppError("CONFLICT", MANAGED_TEXT.notActing);
  await closeChildAccount(ctx, sessionId, {
    childId: actor.accountId,
    childUserId: actor.userId,
    parentId: actor.actingFor.accountId,
    userId: actor.actingFor.userId,
  });
}

/** The child's owner as the parent's person acting in it (the actor of the child's audit rows). */
function actingOwner(
  owner: { accountId: number; userId: number },
  parent: { accountId: number; userId: number },
) {
  return userActor({
    accountId: owner.accountId,
    userId: owner.userId,
    level: PERMISSION_LEVEL.OWNER,
    restricted: false,
    actingFor: { accountId: parent.accountId, userId: parent.userId },
  });
}

/** A change made while acting in a child (called for every successful write, see the hook). */
export async function auditActingRequest(
  ctx: AppContext,
  actor: UserActor,
  request: { method: string; route: string; status: number },
) {
  if (!actor.actingFor) return;
  await q.insertAudit(ctx.db, {
    accountId: actor.accountId,
    userId: actor.userId,
    actorAccountId: actor.actingFor.accountId,
    actorUserId: actor.actingFor.userId,
    action: `${request.method} ${request.route}`,
    detail: `HTTP ${request.status}`,
  });
}

export async function childAudit(ctx: AppContext, actor: Actor, childId: number) {
  await assertParent(ctx, actor, "accounts:read");
  // The child's audit (and the names of its people): the child's rows, read by its parent.
  const rows = await asSystem(async () => {
    if (!(await q.childOwner(ctx.db, actor.accountId, childId))) throw notFound();
    return q.listAudit(ctx.db, childId);
  });
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      detail: r.detail,
      actorName: r.actorName,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}
