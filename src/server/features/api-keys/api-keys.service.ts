import { createHash, randomBytes } from "node:crypto";
import {
  API_AREAS,
  API_KEY_TEXT,
  type CreateApiKeyRequest,
  grantableScopes,
  permissionsOfScopes,
} from "../../../domain/api-keys";
import { AppError } from "../../../domain/errors";
import { assertNotActing } from "../../../domain/managed-accounts";
import { type Actor, assertCan, keyActor, type SystemActor } from "../../../domain/permissions";
import { inTransaction } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { recordAudit } from "../audit/audit.service";
import { personOf, rightsOf } from "../users/users.service";
import { toApiKey, toApiRequest } from "./api-keys.presenter";
import * as q from "./api-keys.queries";
import { cachedKey, cacheKey, forgetKey } from "./key-cache";

const NOT_FOUND = "That API key was not found in this account.";
const KEY_PREFIX = "pk_";

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** 32 random bytes: guessing is hopeless, so a fast hash is safe (and keeps every request cheap). */
function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * A new key. A person gives only the scopes whose rights they hold; a key making a key (the API)
 * gives only what its maker holds now and what the key itself holds, so no key widens access.
 */
export async function createKey(ctx: AppContext, auth: Actor, input: CreateApiKeyRequest) {
  assertCan(auth, "developer:manage");
  // A key made while acting in a managed account would outlive leaving it.
  assertNotActing(auth);
  const person = await personOf(ctx, auth);
  assertCan(person, "developer:manage");
  // An Administrator makes keys but holds no billing or numbers rights: a key cannot hold more.
  const scopes = [...new Set(input.scopes)];
  const byPerson = grantableScopes(person, scopes);
  const allowed = auth.kind === "user" ? byPerson : grantableScopes(auth, byPerson);
  const beyond = scopes.filter((s) => !allowed.includes(s));
  if (beyond.length > 0) {
    const labels = beyond.map((s) => API_AREAS.find((a) => a.area === s.split(":")[0])?.label);
    throw new AppError("FORBIDDEN", API_KEY_TEXT.beyondOwnRights(labels.join(", ")));
  }
  const key = newKey();
  const row = await inTransaction(ctx.db, async (tx) => {
    const made = await q.insertKey(tx, {
      accountId: auth.accountId,
      name: input.name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: hashKey(key),
      scopes,
      // A key's key acts for the same person (their rights bound it as they change).
      createdBy: person.userId,
    });
    // The key's name, prefix and scopes, never the key or its hash.
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "api_keys.create",
      target: { type: "api_key", id: made.id, label: made.name },
      changes: { scopes: { after: scopes }, prefix: { after: made.prefix } },
    });
    return made;
  });
  return { ...toApiKey(row), key };
}

export async function listKeys(ctx: AppContext, auth: Actor) {
  assertCan(auth, "developer:read");
  const rows = await q.listKeys(ctx.db, auth.accountId);
  return { rows: rows.map(toApiKey) };
}

export async function revokeKey(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "developer:manage");
  assertCan(await personOf(ctx, auth), "developer:manage");
  const row = await inTransaction(ctx.db, async (tx) => {
    const revoked = await q.revokeKey(tx, auth.accountId, id);
    if (!revoked) throw new AppError("NOT_FOUND", NOT_FOUND);
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "api_keys.revoke",
      target: { type: "api_key", id: revoked.id, label: revoked.name },
    });
    return revoked;
  });
  forgetKey(row.keyHash);
  return toApiKey(row);
}

export async function listRequests(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "developer:read");
  const key = await q.findKey(ctx.db, auth.accountId, id);
  if (!key) throw new AppError("NOT_FOUND", NOT_FOUND);
  await flushRequestLog(ctx);
  const rows = await q.listRequests(ctx.db, auth.accountId, id, 100);
  return { rows: rows.map(toApiRequest) };
}

// ---------------------------------------------------------------------------------------------
// Authenticating a request

export interface ApiCaller {
  keyId: number;
  keyName: string;
  accountId: number;
  actor: SystemActor;
  /**
   * Set when a parent's key acts in a child (`Parley-Account`, managed-accounts/acting-key.ts):
   * accountId and actor are the child's; this names the parent and the key's maker.
   */
  actingFor?: { accountId: number; userId: number | null };
}

/**
 * The caller behind a key, judged as its maker is now: the key's scopes narrowed to what the
 * maker may still do, with the maker's Agent groups and restricted numbers kept for the data.
 * Null for no such live key; refused (401) when the maker is no longer a user of the account.
 * Kept a few seconds (key-cache.ts), so a busy integration costs no query per request.
 */
export async function authenticateKey(ctx: AppContext, key: string): Promise<ApiCaller | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const h = hashKey(key);
  const now = ctx.clock.now().getTime();
  const hit = cachedKey<ApiCaller>(h, now);
  if (hit) return hit;
  const row = await q.findLiveByHash(ctx.db, h);
  if (!row) {
    forgetKey(h);
    return null;
  }
  const maker = row.createdBy === null ? null : await rightsOf(ctx, row.accountId, row.createdBy);
  if (!maker) throw new AppError("UNAUTHENTICATED", API_KEY_TEXT.makerGone);
  const caller: ApiCaller = {
    keyId: row.id,
    keyName: row.name,
    accountId: row.accountId,
    // Acts for the person who made the key (consent records name them), with the key's scopes.
    actor: keyActor(row.accountId, maker, permissionsOfScopes(row.scopes)),
  };
  cacheKey(h, maker.userId, caller, now);
  return caller;
}

// ---------------------------------------------------------------------------------------------
// The request log, written in batches (one insert per second, not one per request)

const pending: q.LoggedRequest[] = [];
let flushTimer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

export function logRequest(ctx: AppContext, row: q.LoggedRequest) {
  pending.push(row);
  if (pending.length >= 1000) void flushRequestLog(ctx);
  else if (!flushTimer) {
    flushTimer = setTimeout(() => void flushRequestLog(ctx), 1000);
    flushTimer.unref();
  }
}

export function flushRequestLog(ctx: AppContext): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = pending.splice(0, pending.length);
  // The batch holds every account's requests (a key's list flushes it too): system work.
  flushing = flushing.then(() =>
    asSystem(() => q.writeRequestLog(ctx.db, batch)).catch((err) => {
      // A key deleted with its account leaves rows that can no longer be written: drop them.
      log.error({ component: "api-keys", err }, "request log not written");
    }),
  );
  return flushing;
}
