import { canDeleteUser, canEditUser, type UserRef } from "../../../domain/user-rules";
import type { InviteRow, UserRow } from "../../../domain/users.schemas";
import type { TokenRow } from "../auth/tokens.service";
import type { UserWithAccess } from "./users.queries";

/** What leaves the server of a user: never the password hash or the two-factor secret. */
export function toUserRow(u: UserWithAccess, actor: UserRef): UserRow {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    number: u.phone,
    permissionLevel: u.permissionLevel,
    restricted: u.restricted,
    groupIds: u.groupIds,
    longcodeIds: u.numberIds,
    disableMassMessaging: u.disableSendAll,
    twoFactorMethod:
      u.twoFactorMethod === "app" || u.twoFactorMethod === "sms" ? u.twoFactorMethod : null,
    createdAt: u.createdAt.toISOString(),
    isSelf: u.id === actor.id,
    canEdit: canEditUser(actor, u),
    canDelete: canDeleteUser(actor, u),
  };
}

export function toInviteRow(t: TokenRow, now: Date): InviteRow {
  const level = Number((t.data as { permissionLevel?: number }).permissionLevel ?? 0);
  return {
    id: t.id,
    email: t.email,
    permissionLevel: level,
    invitedAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    expired: t.expiresAt.getTime() <= now.getTime(),
  };
}
