import { z } from "zod";
import { type Actor, can, type Permission } from "./permissions";

/**
 * What an API key may do, chosen per area as read or write (write includes read). A key's
 * scopes become the permissions of its `api_key` actor, so the one policy table (and every
 * service's assertCan) decides for keys exactly as for people.
 */
export const API_AREAS = [
  {
    area: "subscribers",
    label: "Subscribers",
    read: ["subscribers:read", "fields:read", "groups:read"],
    // The screen's bulk actions, imports and exports are writes: Agents (who may make a read
    // key) hold none of them.
    write: [
      "subscribers:write",
      "subscribers:delete",
      "subscribers:bulk",
      "subscribers:import",
      "subscribers:export",
    ],
  },
  {
    area: "groups",
    label: "Groups and members",
    read: ["groups:read"],
    write: ["groups:write", "groups:delete"],
  },
  { area: "fields", label: "Custom fields", read: ["fields:read"], write: ["fields:write"] },
  {
    // Automations, chatbots, campaigns, voice broadcasts and marketing tools are sending, as the
    // screens' policy has it (sends:read / sends:write), so they share this scope.
    area: "sends",
    label: "Sends, automations, campaigns and voice",
    read: ["sends:read", "reports:read"],
    write: ["sends:write"],
  },
  {
    area: "messages",
    label: "Messages and conversations",
    read: ["inbox:read"],
    write: ["inbox:reply"],
  },
  { area: "webhooks", label: "Webhooks", read: ["webhooks:read"], write: ["webhooks:write"] },
  {
    area: "content",
    label: "Templates, short links and media",
    read: ["compose:tools"],
    write: ["templates:write", "links:write"],
  },
  {
    area: "growth",
    label: "Keywords and growth tools",
    read: ["account:read"],
    write: ["settings:write"],
  },
  {
    // Buying, releasing and brand registration are the Owner's, as on the screens.
    area: "numbers",
    label: "Numbers and brand registration",
    read: ["account:read"],
    write: ["numbers:manage", "registration:manage"],
  },
  {
    // A key changes users with its maker's rank (users.service.ts): an Administrator's key
    // manages Agents only, as its maker does on the screen.
    area: "users",
    label: "Users and invitations",
    read: ["users:read"],
    write: ["users:manage"],
  },
  {
    area: "settings",
    label: "Account settings",
    read: ["account:read"],
    write: ["settings:write"],
  },
  {
    // Importing registrants also needs subscribers:write (webinars.service asserts both).
    area: "webinars",
    label: "Webinars, registrants and reminders",
    read: ["webinars:read"],
    write: ["webinars:write"],
  },
  {
    // The Owner's, as on the screen; a key also needs its maker to hold it still
    // (managed-accounts.service.ts).
    area: "accounts",
    label: "Managed accounts",
    read: ["accounts:read"],
    write: ["accounts:manage"],
  },
  { area: "reports", label: "Reports", read: ["reports:read"], write: [] },
  {
    // Write spends money (plan changes, credits, keywords): only an Owner holds billing:pay, so
    // only an Owner can give it, and an Owner's key pays only while its maker is still Owner.
    area: "billing",
    label: "Billing (credits, usage, invoices)",
    read: ["billing"],
    write: ["billing:pay", "credits:buy"],
  },
  {
    // Keys themselves: a key can only make keys within its own scopes and its maker's rights.
    area: "keys",
    label: "API keys and their request logs",
    read: ["developer:read"],
    write: ["developer:manage"],
  },
  {
    // The audit log: read only, the Owner's (a key gets it only from an Owner).
    area: "audit",
    label: "Audit log",
    read: ["audit:read"],
    write: [],
  },
] as const satisfies readonly {
  area: string;
  label: string;
  read: readonly Permission[];
  write: readonly Permission[];
}[];

export type ApiArea = (typeof API_AREAS)[number]["area"];
/** An area without writes (reports) has a read scope only. */
export const API_SCOPES = API_AREAS.flatMap((a) =>
  a.write.length > 0 ? [`${a.area}:read`, `${a.area}:write`] : [`${a.area}:read`],
) as [string, ...string[]];
export const apiScope = z.enum(API_SCOPES as [`${ApiArea}:${"read" | "write"}`]);

/** Whether an area offers a write scope (the key form shows None/Read/Write or None/Read). */
export function hasWriteScope(area: ApiArea): boolean {
  return (API_AREAS.find((a) => a.area === area)?.write.length ?? 0) > 0;
}
export type ApiScope = z.infer<typeof apiScope>;

/** The permissions a key with these scopes holds. */
export function permissionsOfScopes(scopes: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const a of API_AREAS) {
    const write = scopes.includes(`${a.area}:write`);
    if (write || scopes.includes(`${a.area}:read`)) for (const p of a.read) out.add(p);
    if (write) for (const p of a.write) out.add(p);
  }
  return [...out];
}

/**
 * The least scope that grants a permission, as the key form names it ("Subscribers: Write"):
 * a read scope when one grants it, else a write scope; null when no scope does.
 */
export function scopeGranting(perm: Permission): { label: string; scope: string } | null {
  // The area named like the permission first ("groups:read" → Groups, not Subscribers).
  const own = perm.split(":")[0];
  const areas: {
    area: string;
    label: string;
    read: readonly Permission[];
    write: readonly Permission[];
  }[] = [...API_AREAS].sort((a, b) => Number(b.area === own) - Number(a.area === own));
  const read = areas.find((a) => a.read.includes(perm));
  if (read) return { label: `${read.label}: Read`, scope: `${read.area}:read` };
  const write = areas.find((a) => a.write.includes(perm));
  if (write) return { label: `${write.label}: Write`, scope: `${write.area}:write` };
  return null;
}

/**
 * What else a scope of an area gives, as the key form names it: the other areas whose every
 * permission at that level comes with it ("Subscribers: Read" also reads groups and custom fields,
 * so it also gives "Groups and members: Read" and "Custom fields: Read").
 */
export function alsoGranted(area: ApiArea, level: "read" | "write"): string[] {
  const def = API_AREAS.find((a) => a.area === area);
  if (!def) return [];
  const held = new Set<Permission>(permissionsOfScopes([`${area}:${level}`]));
  const out: string[] = [];
  for (const other of API_AREAS) {
    if (other.area === area) continue;
    const readAll = other.read.every((p) => held.has(p));
    const writeAll = other.write.length > 0 && readAll && other.write.every((p) => held.has(p));
    if (writeAll) out.push(`${other.label}: Write`);
    else if (readAll) out.push(`${other.label}: Read`);
  }
  return out;
}

/**
 * The scopes a person can give (to a key they make, to an MCP client they approve): an area's
 * read or write only if they hold its permissions themselves.
 */
export function grantableScopes(actor: Actor, requested: readonly string[]): string[] {
  const out: string[] = [];
  for (const scope of requested) {
    const [area, level] = scope.split(":");
    const def = API_AREAS.find((a) => a.area === area);
    if (!def || (level !== "read" && level !== "write")) continue;
    const needs = level === "read" ? def.read : [...def.read, ...def.write];
    if (needs.every((p) => can(actor, p)) && !out.includes(scope)) out.push(scope);
  }
  return out;
}

export const API_KEY_TEXT = {
  missing: "Send your API key as 'Authorization: Bearer <key>'.",
  invalid: "This API key is not valid or has been revoked.",
  makerGone:
    "This API key no longer works: the person who made it is no longer a user of this account. Make a new key.",
  rateLimited: "Too many requests for this API key. Wait a moment and try again.",
  rateLimitedAddress:
    "Too many requests with keys that are not valid from this address. Wait a minute and try again.",
  idempotencyMismatch:
    "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
  idempotencyInFlight: "A request with this Idempotency-Key is still being processed.",
  /** The 403 of a key without the scope a route needs: which scope to give it. */
  missingScope: (scope: { label: string; scope: string } | null) =>
    scope
      ? `This API key does not have the access this request needs. Give the key “${scope.label}” (scope ${scope.scope}) on the API keys page, or use a key that has it.`
      : "API keys cannot be given the access this request needs: it is open only to a person signed in to Parley.",
  beyondOwnRights: (labels: string) =>
    `You can only give a key access you have yourself. Leave out: ${labels}.`,
} as const;

export const createApiKeyRequest = z.object({
  name: z.string().trim().min(1, "Enter a name for the key").max(80),
  scopes: z.array(apiScope).min(1, "Choose at least one scope").max(API_SCOPES.length),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

export const apiKeyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;

export const createdApiKeyResponse = apiKeyResponse.extend({
  /** The whole key: shown once, at creation. */
  key: z.string(),
});

export const listApiKeysResponse = z.object({ rows: z.array(apiKeyResponse) });

export const apiRequestResponse = z.object({
  id: z.number().int(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export const listApiRequestsResponse = z.object({ rows: z.array(apiRequestResponse) });
