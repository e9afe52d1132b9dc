import type { AccountLite } from "../../domain/account.schemas";
import { can, type Permission, userActor } from "../../domain/permissions";

/**
 * Whether the signed-in user may do something: the server's own rule (src/domain/permissions.ts),
 * asked here only to hide what the server would refuse anyway.
 */
export function meCan(me: AccountLite | undefined, perm: Permission): boolean {
  if (!me) return false;
  return can(
    userActor({
      accountId: me.id,
      userId: me.userId,
      level: me.user.permissionLevel,
      restricted: me.restrictedUser,
    }),
    perm,
  );
}
