import type { ApiKeyRow } from "./api-keys.queries";
import type { apiRequests } from "./api-keys.schema";

export function toApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function toApiRequest(row: typeof apiRequests.$inferSelect) {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}
