import { AUTH_TEXT } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import { userActor } from "../../../domain/permissions";
import { USER_TEXT, type VerifyInviteResponse } from "../../../domain/users.schemas";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { recordAudit } from "../audit/audit.service";
import { hashNewPassword } from "../auth/password";
import { startSession } from "../auth/sessions.service";
import * as tokens from "../auth/tokens.service";
import { replaceAccess } from "./user-access";
import * as q from "./users.queries";

interface InviteData {
  permissionLevel?: number;
  groupIds?: number[];
  numberIds?: number[];
  disableSendAll?: boolean;
  restricted?: boolean;
}

function expired(): never {
  throw new AppError("NOT_FOUND", AUTH_TEXT.inviteExpired);
}

/** 'verify invite' of spec doc 3 §7: who invites, and the address the invitation went to. */
export async function verifyInvite(ctx: AppContext, key: string): Promise<VerifyInviteResponse> {
  const invite = await tokens.findLiveToken(ctx.db, "invite", key);
  if (!invite?.accountId) expired();
  const account = await q.findAccount(ctx.db, invite.accountId);
  if (!account) expired();
  return { ...account, email: invite.email };
}

/**
 * 'create user' of spec doc 3 §7: the invitee gives their name and chooses a username and password, and becomes a user
 * of the account with the access the invitation carried; they are signed in at once.
 */
export async function acceptInvite(
  ctx: AppContext,
  input: {
    accessKey: string;
    firstName?: string;
    lastName?: string;
    username: string;
    email: string;
    phoneNumber: string | null;
    password: string;
  },
  session: { userAgent: string | null; previousToken?: string },
) {
  const invite = await tokens.findLiveToken(ctx.db, "invite", input.accessKey);
  if (!invite?.accountId) expired();
  const accountId = invite.accountId;
  const clash = await q.findClash(ctx.db, { username: input.username, email: input.email });
  if (clash) {
    const message = clash === "username" ? USER_TEXT.usernameTaken : USER_TEXT.emailTaken;
    throw new AppError("CONFLICT", message, { fields: { [clash]: message } });
  }
  const data = invite.data as InviteData;
  const passwordHash = await hashNewPassword(input.password, {
    field: "password",
    about: [input.username, input.email],
  });

  const level = Math.min(Math.max(Number(data.permissionLevel ?? 0), 0), 2);
  const userId = await inTransaction(ctx.db, async (tx) => {
    // Single use even when the form is sent twice at once.
    if (!(await tokens.consumeToken(tx, invite.id))) expired();
    const id = await q.insertUser(tx, {
      accountId,
      username: input.username,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      email: input.email,
      // The invitation mail proved the invited address; another one is verified at first login.
      ...(input.email.toLowerCase() === (invite.email ?? "").toLowerCase()
        ? {}
        : { emailVerifiedAt: null }),
      passwordHash,
      phone: input.phoneNumber,
      permissionLevel: level,
      restricted: data.restricted === true,
    });
    // Groups or numbers deleted since the invitation was sent are left out.
    await replaceAccess(tx, id, {
      groupIds: await q.ownGroupIds(tx, accountId, data.groupIds ?? []),
      numberIds: await q.ownNumberIds(tx, accountId, data.numberIds ?? []),
      disableSendAll: data.disableSendAll === true,
    });
    // The new user joined by their own hand (a public route): the row names them.
    await recordAudit(
      { ...ctx, db: tx },
      userActor({ accountId, userId: id, level, restricted: data.restricted === true }),
      {
        action: "users.join",
        target: { type: "user", id, label: input.username },
        changes: { permissionLevel: { after: level }, email: { after: input.email } },
      },
    );
    return id;
  });
  return startSession(ctx, { id: userId, accountId }, session);
}
