import { z } from "zod";
import type { Permission } from "./permissions";

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
    write: ["subscribers:write", "subscribers:delete"],
  },
  {
    area: "groups",
    label: "Groups and members",
    read: ["groups:read"],
    write: ["groups:write", "groups:delete"],
  },
  { area: "fields", label: "Custom fields", read: ["fields:read"], write: ["fields:write"] },
  {
    area: "sends",
    label: "Sends",
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
] as const satisfies readonly {
  area: string;
  label: string;
  read: readonly Permission[];
  write: readonly Permission[];
}[];

export type ApiArea = (typeof API_AREAS)[number]["area"];
export const API_SCOPES = API_AREAS.flatMap((a) => [`${a.area}:read`, `${a.area}:write`]) as [
  string,
  ...string[],
];
export const apiScope = z.enum(API_SCOPES as [`${ApiArea}:${"read" | "write"}`]);
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

export const API_KEY_TEXT = {
  missing: "Send your API key as 'Authorization: Bearer <key>'.",
  invalid: "This API key is not valid or has been revoked.",
  rateLimited: "Too many requests for this API key. Wait a moment and try again.",
  idempotencyMismatch:
    "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
  idempotencyInFlight: "A request with this Idempotency-Key is still being processed.",
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
