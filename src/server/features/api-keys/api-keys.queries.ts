import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { apiKeys, apiRequests } from "./api-keys.schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertKey(
  db: Executor,
  row: {
    accountId: number;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: string[];
    createdBy: number | null;
  },
) {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  return inserted!;
}

export function listKeys(db: Db, accountId: number) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findKey(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
  return row;
}

/** The live key with this hash (revoked keys never authenticate). */
export async function findLiveByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

export async function revokeKey(db: Db, accountId: number, id: number) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

export interface LoggedRequest {
  accountId: number;
  apiKeyId: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  createdAt: Date;
}

/**
 * One statement per batch: the log and each key's last use. The batch goes as one JSON value:
 * Drizzle's insert builds SQL and parameters for every row, a per-request cost of the API.
 */
export async function writeRequestLog(db: Db, rows: LoggedRequest[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${apiRequests} (account_id, api_key_id, method, path, status, duration_ms, created_at)
    select r."accountId", r."apiKeyId", r.method, r.path, r.status, r."durationMs", r."createdAt"
      from json_to_recordset(${JSON.stringify(rows)}::json) as r("accountId" int, "apiKeyId" int,
           method text, path text, status smallint, "durationMs" int, "createdAt" timestamptz)`);
  const lastUse = new Map<number, Date>();
  for (const r of rows) {
    const seen = lastUse.get(r.apiKeyId);
    if (!seen || seen < r.createdAt) lastUse.set(r.apiKeyId, r.createdAt);
  }
  const uses = JSON.stringify([...lastUse].map(([id, at]) => ({ id, at: at.toISOString() })));
  await db.execute(sql`
    update api_keys k set last_used_at = greatest(k.last_used_at, u.at)
      from json_to_recordset(${uses}::json) as u(id int, at timestamptz)
     where k.id = u.id`);
}

export function listRequests(db: Db, accountId: number, apiKeyId: number, limit: number) {
  return db
    .select()
    .from(apiRequests)
    .where(and(eq(apiRequests.accountId, accountId), eq(apiRequests.apiKeyId, apiKeyId)))
    .orderBy(desc(apiRequests.id))
    .limit(limit);
}
