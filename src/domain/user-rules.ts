import { PERMISSION_LEVEL } from "./permissions";

/**
 * A person's name wherever the app shows who did something ("Dana Demo"): first and last name,
 * the username only when the person gave no name.
 */
export function personName(p: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  const full = [p.firstName?.trim(), p.lastName?.trim()].filter(Boolean).join(" ");
  return full || (p.username ?? "");
}

/** Who is acting or being acted on, as the permission rules of spec doc 2 §6 need them. */
export interface UserRef {
  id: number;
  permissionLevel: number;
}

/** Users (Manage Users) are for Administrators and up; Agents have no Users menu. */
export function canManageUsers(actor: UserRef): boolean {
  return actor.permissionLevel >= PERMISSION_LEVEL.ADMINISTRATOR;
}

/**
 * Spec doc 2 §6: editing is allowed on oneself; on an Agent by an Administrator; on anyone but the
 * Owner by a Manager; on anyone by the Owner.
 */
export function canEditUser(actor: UserRef, target: UserRef): boolean {
  if (actor.id === target.id) return true;
  switch (actor.permissionLevel) {
    case PERMISSION_LEVEL.OWNER:
      return true;
    case PERMISSION_LEVEL.MANAGER:
      return target.permissionLevel !== PERMISSION_LEVEL.OWNER;
    case PERMISSION_LEVEL.ADMINISTRATOR:
      return target.permissionLevel === PERMISSION_LEVEL.AGENT;
    default:
      return false;
  }
}

/** Deleting: never the Owner, never oneself, and only a user the actor may edit. */
export function canDeleteUser(actor: UserRef, target: UserRef): boolean {
  return (
    target.permissionLevel !== PERMISSION_LEVEL.OWNER &&
    actor.id !== target.id &&
    canEditUser(actor, target)
  );
}

/**
 * Levels the actor may give (an invitation or an edit of someone else): never Owner (an account
 * has one), and never a level whose holder the actor could no longer edit.
 */
export function assignableLevels(actor: UserRef): number[] {
  switch (actor.permissionLevel) {
    case PERMISSION_LEVEL.OWNER:
    case PERMISSION_LEVEL.MANAGER:
      return [PERMISSION_LEVEL.AGENT, PERMISSION_LEVEL.ADMINISTRATOR, PERMISSION_LEVEL.MANAGER];
    case PERMISSION_LEVEL.ADMINISTRATOR:
      return [PERMISSION_LEVEL.AGENT];
    default:
      return [];
  }
}

/**
 * Whether `level` may be set on `target` by `actor`: keeping the level as it is is always fine;
 * changing one's own level is not (no one promotes themselves, the Owner stays Owner).
 */
export function canSetLevel(actor: UserRef, target: UserRef, level: number): boolean {
  if (level === target.permissionLevel) return true;
  if (actor.id === target.id) return false;
  if (target.permissionLevel === PERMISSION_LEVEL.OWNER) return false;
  return assignableLevels(actor).includes(level);
}
