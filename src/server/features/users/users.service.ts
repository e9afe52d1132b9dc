import { diffFields } from "../../../domain/audit";
import { AppError } from "../../../domain/errors";
import { assertNotActing } from "../../../domain/managed-accounts";
import {
  can,
  PERMISSION_LABEL,
  PERMISSION_LEVEL,
  type Permission,
  type PermissionLevel,
  type UserActor,
  userActor,
} from "../../../domain/permissions";
import { TEXT } from "../../../domain/texts";
import {
  assignableLevels,
  canDeleteUser,
  canEditUser,
  canSetLevel,
  type UserRef,
} from "../../../domain/user-rules";
import {
  INVITE_DAYS,
  type InviteUserRequest,
  type ListUsersResponse,
  type UpdateUserValues,
  USER_TEXT,
  type UserRow,
} from "../../../domain/users.schemas";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { forgetKeysOf } from "../api-keys/key-cache";
import { recordAudit, recordAuditOfChanges } from "../audit/audit.service";
import { deleteUserSessions } from "../auth/sessions.service";
import * as tokens from "../auth/tokens.service";
import { inviteMail } from "../mail/mail-templates";
import { sendMail } from "../mail/mailer";
import { replaceAccess } from "./user-access";
import { toInviteRow, toUserRow } from "./users.presenter";
import * as q from "./users.queries";

const DAY_MS = 86_400_000;

function forbidden(message: string = TEXT.notAllowed): never {
  throw new AppError("FORBIDDEN", message);
}

/**
 * Whom the rules of user-rules.ts weigh: the person, or for an API key its maker as they are now
 * (a key never ranks above the person who made it, nor outlives their right to manage users).
 */
async function rankOf(ctx: AppContext, auth: Actor, perm: Permission): Promise<UserRef> {
  if (!can(auth, perm)) forbidden();
  if (auth.kind === "user") return { id: auth.userId, permissionLevel: auth.level };
  const maker =
    auth.userId === null ? undefined : await q.findAccountUser(ctx.db, auth.accountId, auth.userId);
  if (!maker) forbidden();
  const person = userActor({
    accountId: auth.accountId,
    userId: maker.id,
    level: maker.permissionLevel,
    restricted: maker.restricted,
  });
  if (!can(person, perm)) forbidden();
  return { id: maker.id, permissionLevel: person.level };
}

/**
 * The person an actor speaks for as they are now: the signed-in person, or an API key's maker
 * (forbidden once the maker is gone). What a key may hand on is bounded by it.
 */
export async function personOf(ctx: AppContext, auth: Actor): Promise<UserActor> {
  if (auth.kind === "user") return auth;
  const maker =
    auth.userId === null ? undefined : await q.findAccountUser(ctx.db, auth.accountId, auth.userId);
  if (!maker) forbidden();
  return userActor({
    accountId: auth.accountId,
    userId: maker.id,
    level: maker.permissionLevel,
    restricted: maker.restricted,
  });
}

/**
 * A person's level and restriction as they are now, or null once they are no longer a user of
 * the account (their API keys and MCP tokens act with these rights, or not at all).
 */
export async function rightsOf(
  ctx: AppContext,
  accountId: number,
  userId: number,
): Promise<{ userId: number; level: number; restricted: boolean } | null> {
  const row = await q.findRights(ctx.db, accountId, userId);
  return row ? { userId, level: row.permissionLevel, restricted: row.restricted } : null;
}

/** `perm` held by the person, or by an API key and its maker as they are now (other areas' use). */
export async function assertActorCan(ctx: AppContext, auth: Actor, perm: Permission) {
  await rankOf(ctx, auth, perm);
}

/** Groups and numbers named in a form must be the account's own. */
async function checkAccessIds(
  ctx: AppContext,
  accountId: number,
  input: { groupIds: number[]; longcodeIds: number[] },
) {
  const groupIds = [...new Set(input.groupIds)];
  const numberIds = [...new Set(input.longcodeIds)];
  const [ownGroups, ownNumbers] = await Promise.all([
    q.ownGroupIds(ctx.db, accountId, groupIds),
    q.ownNumberIds(ctx.db, accountId, numberIds),
  ]);
  if (ownGroups.length !== groupIds.length)
    throw new AppError("VALIDATION", "A chosen group does not exist.", {
      fields: { groupIds: "A chosen group does not exist." },
    });
  if (ownNumbers.length !== numberIds.length)
    throw new AppError("VALIDATION", "A chosen number is not one of this account's numbers.", {
      fields: { longcodeIds: "A chosen number is not one of this account's numbers." },
    });
  return { groupIds, numberIds };
}

function clashError(clash: "username" | "email"): never {
  const message = clash === "username" ? USER_TEXT.usernameTaken : USER_TEXT.emailTaken;
  throw new AppError("CONFLICT", message, { fields: { [clash]: message } });
}

export async function listUsers(ctx: AppContext, auth: Actor): Promise<ListUsersResponse> {
  const actor = await rankOf(ctx, auth, "users:read");
  const [users, invites] = await Promise.all([
    q.listAccountUsers(ctx.db, auth.accountId),
    q.listPendingInvites(ctx.db, auth.accountId),
  ]);
  return {
    users: users.map((u) => toUserRow(u, actor)),
    invites: invites.map((t) => toInviteRow(t, ctx.clock.now())),
    assignableLevels: assignableLevels(actor),
  };
}

// --- Invitations ---------------------------------------------------------------------------------

async function mailInvite(
  ctx: AppContext,
  auth: Actor,
  invite: { email: string; permissionLevel: number },
  key: string,
) {
  const [inviter, account] = await Promise.all([
    auth.userId === null ? undefined : q.findAccountUser(ctx.db, auth.accountId, auth.userId),
    q.findAccount(ctx.db, auth.accountId),
  ]);
  const inviterName =
    [inviter?.firstName, inviter?.lastName].filter(Boolean).join(" ") ||
    inviter?.username ||
    "A teammate";
  const link = `${ctx.config.publicBase}/auth/invite?key=${encodeURIComponent(key)}`;
  try {
    await sendMail(ctx, {
      accountId: auth.accountId,
      to: invite.email,
      kind: "invite",
      ...inviteMail({
        inviter: inviterName,
        businessName: account?.businessName ?? "your team",
        role: PERMISSION_LABEL[invite.permissionLevel as PermissionLevel] ?? "a user",
        link,
        days: INVITE_DAYS,
      }),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppError(
      "CONFLICT",
      `The invitation e-mail could not be sent (${reason}). Check the mail server settings and try again.`,
    );
  }
}

export async function inviteUser(ctx: AppContext, auth: Actor, input: InviteUserRequest) {
  const actor = await rankOf(ctx, auth, "users:manage");
  if (!assignableLevels(actor).includes(input.permissionLevel))
    forbidden("You cannot give that permission level.");
  const { groupIds, numberIds } = await checkAccessIds(ctx, auth.accountId, input);
  const clash = await q.findClash(ctx.db, { email: input.email });
  if (clash) clashError(clash);
  if (await q.findLiveInviteTo(ctx.db, auth.accountId, input.email))
    throw new AppError("CONFLICT", USER_TEXT.invitePending, {
      fields: { email: USER_TEXT.invitePending },
    });

  const { token, hash } = tokens.newToken();
  const row = await tokens.insertToken(ctx.db, {
    kind: "invite",
    tokenHash: hash,
    accountId: auth.accountId,
    email: input.email,
    data: {
      permissionLevel: input.permissionLevel,
      groupIds,
      numberIds,
      disableSendAll: input.disableMassMessaging,
      restricted: input.restricted,
      invitedBy: actor.id,
    },
    expiresAt: new Date(ctx.clock.now().getTime() + INVITE_DAYS * DAY_MS),
  });
  try {
    await mailInvite(ctx, auth, input, token);
  } catch (err) {
    await tokens.deleteInvite(ctx.db, auth.accountId, row.id);
    throw err;
  }
  // After the mail: an invitation whose mail failed was taken back.
  await recordAudit(ctx, auth, {
    action: "users.invite",
    target: { type: "invite", id: row.id, label: input.email },
    changes: diffFields(null, {
      permissionLevel: input.permissionLevel,
      restricted: input.restricted,
    }),
  });
  return toInviteRow(row, ctx.clock.now());
}

/** A new link (the old one stops working) and a fresh expiry. */
export async function resendInvite(ctx: AppContext, auth: Actor, id: number) {
  const actor = await rankOf(ctx, auth, "users:manage");
  const invite = await q.findPendingInvite(ctx.db, auth.accountId, id);
  if (!invite) throw new AppError("NOT_FOUND", "This invitation does not exist.");
  const level = Number((invite.data as { permissionLevel?: number }).permissionLevel ?? 0);
  if (!assignableLevels(actor).includes(level)) forbidden();
  const { token, hash } = tokens.newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + INVITE_DAYS * DAY_MS);
  await tokens.updateToken(ctx.db, invite.id, { tokenHash: hash, expiresAt });
  await mailInvite(ctx, auth, { email: invite.email, permissionLevel: level }, token);
  await recordAudit(ctx, auth, {
    action: "users.invite_resend",
    target: { type: "invite", id: invite.id, label: invite.email },
    changes: diffFields({ expiresAt: invite.expiresAt }, { expiresAt }),
  });
  return toInviteRow({ ...invite, tokenHash: hash, expiresAt }, ctx.clock.now());
}

export async function revokeInvite(ctx: AppContext, auth: Actor, id: number) {
  const actor = await rankOf(ctx, auth, "users:manage");
  const invite = await q.findPendingInvite(ctx.db, auth.accountId, id);
  if (!invite) throw new AppError("NOT_FOUND", "This invitation does not exist.");
  const level = Number((invite.data as { permissionLevel?: number }).permissionLevel ?? 0);
  if (!assignableLevels(actor).includes(level)) forbidden();
  await inTransaction(ctx.db, async (tx) => {
    await tokens.deleteInvite(tx, auth.accountId, id);
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "users.invite_withdraw",
      target: { type: "invite", id: invite.id, label: invite.email },
    });
  });
}

// --- Edit and delete -----------------------------------------------------------------------------

export async function updateUser(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: UpdateUserValues,
): Promise<UserRow> {
  // Anyone edits themselves (the screen's policy is "self"); a key needs users:manage.
  const actor = await rankOf(ctx, auth, auth.kind === "user" ? "self" : "users:manage");
  const target = await q.findAccountUser(ctx.db, auth.accountId, id);
  if (!target) throw new AppError("NOT_FOUND", "This user does not exist.");
  if (!canEditUser(actor, target)) forbidden();
  if (!canSetLevel(actor, target, input.permissionLevel))
    forbidden("You cannot give that permission level.");
  const { groupIds, numberIds } = await checkAccessIds(ctx, auth.accountId, input);

  // Below Manager, editing oneself changes one's details, not one's own access.
  if (actor.id === target.id && actor.permissionLevel < PERMISSION_LEVEL.MANAGER) {
    const same =
      sameIds(groupIds, target.groupIds) &&
      sameIds(numberIds, target.numberIds) &&
      input.restricted === target.restricted &&
      input.disableMassMessaging === target.disableSendAll;
    if (!same) forbidden("You cannot change your own access. Ask a Manager or the Owner.");
  }

  const username = input.username || target.username;
  // A parent acting in a managed account manages its people, but never their way in: a new
  // e-mail, username or phone would let it reset the password or take the codes.
  const newPhone = input.number === undefined ? target.phone : input.number;
  if (
    input.email.toLowerCase() !== target.email.toLowerCase() ||
    username !== target.username ||
    (newPhone ?? "") !== (target.phone ?? "")
  )
    assertNotActing(auth);
  const clash = await q.findClash(ctx.db, { username, email: input.email }, target.id);
  if (clash) clashError(clash);

  // A new address is unproven: the next login mails a verification link to it (spec doc 3 §4).
  const emailChanged = input.email.toLowerCase() !== target.email.toLowerCase();
  await inTransaction(ctx.db, async (tx) => {
    await q.updateUserRow(tx, target.id, {
      email: input.email,
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
      username,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: newPhone,
      permissionLevel: input.permissionLevel,
      restricted: input.restricted,
    });
    await replaceAccess(tx, target.id, {
      groupIds,
      numberIds,
      disableSendAll: input.disableMassMessaging,
    });
    const changes = diffFields(auditedFields(target), {
      email: input.email,
      username,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: newPhone,
      permissionLevel: input.permissionLevel,
      restricted: input.restricted,
      groupIds: [...groupIds].sort((m, n) => m - n),
      numberIds: [...numberIds].sort((m, n) => m - n),
      disableSendAll: input.disableMassMessaging,
    });
    await recordAuditOfChanges({ ...ctx, db: tx }, auth, {
      action: "users.update",
      target: { type: "user", id: target.id, label: username },
      changes,
    });
  });
  // Their keys act with their rights as they are now.
  forgetKeysOf(target.id);
  const updated = await q.findAccountUser(ctx.db, auth.accountId, target.id);
  return toUserRow(updated!, actor);
}

/** What users.update compares (never the password or two-factor secrets). */
function auditedFields(u: q.UserWithAccess) {
  return {
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    permissionLevel: u.permissionLevel,
    restricted: u.restricted,
    groupIds: [...u.groupIds].sort((m, n) => m - n),
    numberIds: [...u.numberIds].sort((m, n) => m - n),
    disableSendAll: u.disableSendAll,
  };
}

function sameIds(a: number[], b: number[]) {
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

export async function deleteUser(ctx: AppContext, auth: Actor, id: number) {
  const actor = await rankOf(ctx, auth, auth.kind === "user" ? "self" : "users:manage");
  const target = await q.findAccountUser(ctx.db, auth.accountId, id);
  if (!target) throw new AppError("NOT_FOUND", "This user does not exist.");
  if (!canDeleteUser(actor, target)) forbidden();
  await inTransaction(ctx.db, async (tx) => {
    await deleteUserSessions(tx, target.id);
    await q.deleteAccountUser(tx, auth.accountId, target.id);
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "users.delete",
      target: { type: "user", id: target.id, label: target.username },
      changes: diffFields({ permissionLevel: target.permissionLevel, email: target.email }, null),
    });
  });
  // Their keys stop at once (the maker is gone).
  forgetKeysOf(target.id);
}
