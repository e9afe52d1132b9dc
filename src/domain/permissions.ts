import { AppError } from "./errors";
import { TEXT } from "./texts";

/** User permission levels (spec doc 2 §6). */
export const PERMISSION_LEVEL = {
  AGENT: 0,
  ADMINISTRATOR: 1,
  MANAGER: 2,
  OWNER: 3,
} as const;

export type PermissionLevel = (typeof PERMISSION_LEVEL)[keyof typeof PERMISSION_LEVEL];

export const PERMISSION_LABEL: Record<PermissionLevel, string> = {
  0: "Agent",
  1: "Administrator",
  2: "Manager",
  3: "Owner",
};

/**
 * Every permission a route or a service may ask for. `self` is what any signed-in user may do to
 * their own things (profile, two-factor, their mail, their signature).
 */
export const PERMISSIONS = [
  "self",
  "account:read",
  "dashboard:read",
  "subscribers:read",
  "subscribers:write",
  "subscribers:delete",
  "subscribers:bulk",
  "subscribers:import",
  "subscribers:export",
  "exports:all",
  "groups:read",
  "groups:write",
  "groups:delete",
  "fields:read",
  "fields:write",
  "inbox:read",
  "inbox:reply",
  "compose:tools",
  "sends:read",
  "sends:write",
  "reports:read",
  "templates:write",
  "links:write",
  "settings:write",
  "users:read",
  "users:manage",
  "credits:buy",
  "billing",
  "billing:pay",
  "numbers:manage",
  "registration:manage",
  "mail:all",
  "developer:read",
  "developer:manage",
  "webhooks:read",
  "webhooks:write",
  "accounts:read",
  "accounts:manage",
  "webinars:read",
  "webinars:write",
  "audit:read",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each level holds (cumulative). Spec doc 2 §6 and doc 1 §6 name the owner-only parts
 * (billing, numbers, registration) and the agents' groups; the rest is ours:
 * - Agent: reads the subscribers of their groups, works the inbox, answers one to one.
 *   No campaigns, imports, exports, bulk actions, deletions, settings or reports.
 * - Administrator: everything on the data, campaigns and settings; manages Agents.
 * - Manager: the same; manages everyone but the Owner (src/domain/user-rules.ts).
 * - Owner: also billing, numbers, brand registration, the whole account's mailbox, and everyone's
 *   exports (others see and download only the exports they started).
 */
const AGENT: readonly Permission[] = [
  "self",
  "account:read",
  "dashboard:read",
  "subscribers:read",
  "groups:read",
  "fields:read",
  "inbox:read",
  "inbox:reply",
  "compose:tools",
  "webinars:read",
];
const ADMINISTRATOR: readonly Permission[] = [
  ...AGENT,
  "subscribers:write",
  "subscribers:delete",
  "subscribers:bulk",
  "subscribers:import",
  "subscribers:export",
  "groups:write",
  "groups:delete",
  "fields:write",
  "sends:read",
  "sends:write",
  "reports:read",
  "templates:write",
  "links:write",
  "settings:write",
  // Seeing the team (and pending invitations) goes with managing it; apart so an API key can
  // read the users without changing them.
  "users:read",
  "users:manage",
  "credits:buy",
  // API keys and outgoing webhooks (the developer dashboard); reading keys apart so an API key
  // can list keys and their request logs without making or revoking any.
  "developer:read",
  "developer:manage",
  "webhooks:read",
  "webhooks:write",
  // Webinar events, their registrants and reminders.
  "webinars:write",
];
const OWNER: readonly Permission[] = [
  ...ADMINISTRATOR,
  "billing",
  // Spending and plan changes, apart from "billing" (seeing them) so an API key can read the
  // billing without paying; the screens ask "billing" for both, as only the Owner holds either.
  "billing:pay",
  "numbers:manage",
  "registration:manage",
  "mail:all",
  "exports:all",
  // Child accounts (agencies): see their usage (apart so an API key can read without creating),
  // create them, act in them.
  "accounts:read",
  "accounts:manage",
  // The account's audit log (who changed what): the Owner's, who answers for the account.
  "audit:read",
];

const LEVEL_GRANTS: Record<PermissionLevel, ReadonlySet<Permission>> = {
  0: new Set(AGENT),
  1: new Set(ADMINISTRATOR),
  2: new Set(ADMINISTRATOR),
  3: new Set(OWNER),
};

/**
 * A restricted user (spec doc 1 §6, doc 2 §6) sees only their numbers: no Dashboard, no Users
 * menu, no 'Add or Manage Numbers', no billing or account settings, whatever their level.
 */
const RESTRICTED_LOSES: ReadonlySet<Permission> = new Set<Permission>([
  "dashboard:read",
  "users:read",
  "users:manage",
  "numbers:manage",
  "registration:manage",
  "billing",
  "billing:pay",
  "settings:write",
  "mail:all",
  "accounts:read",
  "accounts:manage",
  "audit:read",
]);

/** Named background workers; each acts for one account with a fixed set of permissions. */
export type SystemActorKind =
  | "import"
  | "export"
  | "keyword"
  | "automation"
  | "api_key"
  | "carrier_webhook"
  | "seed"
  | "send_pipeline"
  | "registry"
  | "billing"
  | "operator"
  | "integration";

const SYSTEM_GRANTS: Record<Exclude<SystemActorKind, "api_key">, ReadonlySet<Permission>> = {
  import: new Set(["subscribers:read", "subscribers:write", "groups:read", "fields:read"]),
  export: new Set(["subscribers:read", "groups:read", "fields:read", "reports:read"]),
  keyword: new Set(["subscribers:read", "subscribers:write", "groups:read", "inbox:reply"]),
  automation: new Set(["subscribers:read", "subscribers:write", "groups:read", "inbox:reply"]),
  carrier_webhook: new Set(["subscribers:read", "subscribers:write", "inbox:read"]),
  send_pipeline: new Set(["subscribers:read", "groups:read", "fields:read", "sends:read"]),
  // The registry's decisions move an account's registration and toll-free verification states.
  registry: new Set(["registration:manage", "numbers:manage"]),
  // HubSpot / Customer.io sync and Customer.io's send action (src/server/features/integrations).
  integration: new Set([
    "subscribers:read",
    "subscribers:write",
    "groups:read",
    "fields:read",
    "inbox:read",
    "inbox:reply",
  ]),
  // The demo seed builds an account as its owner would.
  seed: new Set(OWNER),
  // The billing job (renewals, auto top-up) pays for an account with its card on file.
  billing: new Set(["billing", "credits:buy"]),
  // The operator (npm run admin, /ops routes) disables and enables accounts.
  operator: new Set(["billing"]),
};

/** A signed-in person. Their restricted numbers and agent groups are looked up where needed. */
export interface UserActor {
  kind: "user";
  accountId: number;
  userId: number;
  level: PermissionLevel;
  restricted: boolean;
  /**
   * Set when a parent account's user acts in a child account (managed accounts): the actor is
   * the child's owner, and this names the real person and their account (audit, logout).
   */
  actingFor?: { accountId: number; userId: number };
}

/** Background work. `userId` is whom it acts for when a person started it (an import), else null. */
export interface SystemActor {
  kind: SystemActorKind;
  accountId: number;
  userId: number | null;
  /** An API key's scopes; other system actors hold their kind's fixed grants. */
  scopes?: readonly Permission[];
  /** A parent account's key acting in a child (Parley-Account): the parent and the key's maker. */
  actingFor?: { accountId: number; userId: number | null };
  /**
   * The person an API key or MCP token speaks for (`userId`), as read on this request: an Agent's
   * groups and a restricted user's numbers narrow what the key sees, as they narrow the screens.
   */
  person?: { level: PermissionLevel; restricted: boolean };
}

/** An actor that stands for one person: a user, or a key or token with its maker's limits. */
export type PersonActor = UserActor | (SystemActor & { userId: number });

export type Actor = UserActor | SystemActor;

export function userActor(u: {
  accountId: number;
  userId: number;
  level: number;
  restricted: boolean;
  actingFor?: { accountId: number; userId: number };
}): UserActor {
  const level = Math.min(Math.max(Math.trunc(u.level), 0), 3) as PermissionLevel;
  const actor: UserActor = {
    kind: "user",
    accountId: u.accountId,
    userId: u.userId,
    level,
    restricted: u.restricted,
  };
  if (u.actingFor) actor.actingFor = u.actingFor;
  return actor;
}

export function systemActor(
  kind: SystemActorKind,
  accountId: number,
  opts: {
    userId?: number | null;
    scopes?: readonly Permission[];
    actingFor?: { accountId: number; userId: number | null };
  } = {},
): SystemActor {
  const actor: SystemActor = { kind, accountId, userId: opts.userId ?? null, scopes: opts.scopes };
  if (opts.actingFor) actor.actingFor = opts.actingFor;
  return actor;
}

/** The one question every route and service asks. */
export function can(actor: Actor, perm: Permission): boolean {
  if (actor.kind === "user") {
    if (actor.restricted && RESTRICTED_LOSES.has(perm)) return false;
    return LEVEL_GRANTS[actor.level].has(perm);
  }
  if (actor.kind === "api_key") return actor.scopes?.includes(perm) ?? false;
  return SYSTEM_GRANTS[actor.kind].has(perm);
}

/** The level and restriction that narrow an actor's data: a user's own, or a key maker's. */
function limitsOf(actor: Actor): { level: PermissionLevel; restricted: boolean } | undefined {
  if (actor.kind === "user") return actor;
  return actor.userId === null ? undefined : actor.person;
}

/**
 * A restricted user (or a key or token of one) sees only their numbers; other system actors and
 * other users see every number.
 */
export function isRestricted(actor: Actor): actor is PersonActor {
  return limitsOf(actor)?.restricted === true;
}

/**
 * Agents (and keys or tokens of one) see only the subscribers and conversations of their groups
 * (spec doc 2 §6).
 */
export function isAgent(actor: Actor): actor is PersonActor {
  return limitsOf(actor)?.level === PERMISSION_LEVEL.AGENT;
}

/**
 * An API key's or MCP token's actor: what the key was given AND what its maker may do now, with
 * the maker's limits kept for the data (demoting or restricting the maker narrows their keys).
 */
export function keyActor(
  accountId: number,
  maker: { userId: number; level: number; restricted: boolean },
  scopes: readonly Permission[],
): SystemActor & { userId: number } {
  const person = userActor({ accountId, ...maker });
  return {
    kind: "api_key",
    accountId,
    userId: maker.userId,
    scopes: scopes.filter((p) => can(person, p)),
    person: { level: person.level, restricted: person.restricted },
  };
}

/** For services: refuses (403) what the actor may not do, whoever called the service. */
export function assertCan(actor: Actor, perm: Permission): void {
  if (!can(actor, perm)) throw new AppError("FORBIDDEN", TEXT.notAllowed);
}
