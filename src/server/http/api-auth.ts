import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_KEY_TEXT } from "../../domain/api-keys";
import { AppError } from "../../domain/errors";
import {
  type ApiCaller,
  authenticateKey,
  flushRequestLog,
  logRequest,
} from "../features/api-keys/api-keys.service";
import {
  ACTING_HEADER,
  actAsChild,
  auditActingKeyRequest,
} from "../features/managed-accounts/acting-key";
import { mcpChallenge } from "../features/mcp/mcp-oauth.routes";
import { ACCESS_PREFIX, authenticateOAuthToken } from "../features/mcp/mcp-oauth.service";
import type { AppContext } from "./context";
import { apiIdempotency } from "./http.schema";
import { noteRequestKey } from "./request-meta";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key of a /api/v1 or /api/mcp request (set by registerApiAuth). */
    apiCaller: ApiCaller | null;
    /** The Idempotency-Key this request claimed, stored with its answer on the way out. */
    idempotencyKey: string | null;
  }
}

/** Routes reached with an API key instead of the session cookie. */
export function isKeyRoute(url: string): boolean {
  return url.startsWith("/api/v1/") || url === "/api/v1" || url.startsWith("/api/mcp");
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Fixed one-minute windows in this process: one per key, and one per client address for keys
 * that do not authenticate (guessing costs as much as using). Several web processes each allow
 * the limit (a documented trade: no shared store, no round trip per request).
 */
type Windows = Map<number | string, { start: number; count: number }>;
const keyWindows: Windows = new Map();
const addressWindows: Windows = new Map();

function takeTokens(windows: Windows, id: number | string, limit: number, now: number, n = 1) {
  const windowStart = now - (now % 60_000);
  let w = windows.get(id);
  if (!w || w.start !== windowStart) {
    if (windows.size > 10_000) windows.clear();
    w = { start: windowStart, count: 0 };
    windows.set(id, w);
  }
  w.count += n;
  return {
    allowed: w.count <= limit,
    remaining: Math.max(0, limit - w.count),
    reset: Math.ceil((windowStart + 60_000 - now) / 1000),
  };
}

function limited(
  reply: FastifyReply,
  limit: number,
  t: ReturnType<typeof takeTokens>,
  message: string,
) {
  reply.header("RateLimit-Policy", `${limit};w=60`);
  reply.header("RateLimit-Limit", String(limit));
  reply.header("RateLimit-Remaining", String(t.remaining));
  reply.header("RateLimit-Reset", String(t.reset));
  if (!t.allowed) {
    reply.header("Retry-After", String(t.reset));
    throw new AppError("RATE_LIMITED", message);
  }
}

/**
 * Key authentication for the public API: `Authorization: Bearer <key>` becomes an `api_key`
 * actor with the key's scopes (the policy table then decides, as for people); every answer
 * carries RateLimit headers and is written to the key's request log; a POST with an
 * Idempotency-Key is answered once and replayed after.
 */
export function registerApiAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("apiCaller", null);
  app.decorateRequest("idempotencyKey", null);
  // The request log is batched in memory: write what is left before the pool closes.
  app.addHook("onClose", async () => flushRequestLog(ctx));

  app.addHook("onRequest", async (request, reply) => {
    if (!isKeyRoute(request.url)) return;
    const header = request.headers.authorization;
    if (!header) return; // the policy answers 401 with how to send the key
    const key = BEARER.exec(header)?.[1];
    const mcp = request.url.startsWith("/api/mcp");
    const limit = ctx.config.API_RATE_LIMIT;
    // MCP also takes OAuth access tokens (mcp-oauth.service.ts); everything else API keys only.
    let caller: ApiCaller | null = null;
    let refusal: string = API_KEY_TEXT.invalid;
    try {
      caller = !key
        ? null
        : mcp && key.startsWith(ACCESS_PREFIX)
          ? await authenticateOAuthToken(ctx, key)
          : await authenticateKey(ctx, key);
    } catch (err) {
      // A key whose maker has left: refused as a bad key is, with its own reason.
      if (!(err instanceof AppError) || err.code !== "UNAUTHENTICATED") throw err;
      refusal = err.message;
    }
    if (!caller) {
      const t = takeTokens(addressWindows, request.ip, limit, ctx.clock.now().getTime());
      limited(reply, limit, t, API_KEY_TEXT.rateLimitedAddress);
      reply.header("WWW-Authenticate", mcp ? mcpChallenge(ctx, request) : 'Bearer realm="parley"');
      throw new AppError("UNAUTHENTICATED", refusal);
    }
    const acting = request.headers[ACTING_HEADER];
    request.apiCaller =
      typeof acting === "string" && caller.keyId > 0
        ? await actAsChild(ctx, caller, acting, request.url)
        : caller;
    if (caller.keyId > 0) noteRequestKey({ id: caller.keyId, name: caller.keyName });
    limited(
      reply,
      limit,
      takeTokens(keyWindows, caller.keyId, limit, ctx.clock.now().getTime()),
      API_KEY_TEXT.rateLimited,
    );
  });

  // A JSON-RPC batch to /api/mcp is as many calls as it holds: the request above counted one.
  app.addHook("preValidation", async (request, reply) => {
    const caller = request.apiCaller;
    if (!caller || !request.url.startsWith("/api/mcp") || !Array.isArray(request.body)) return;
    if (request.body.length < 2) return;
    const limit = ctx.config.API_RATE_LIMIT;
    const t = takeTokens(
      keyWindows,
      caller.keyId,
      limit,
      ctx.clock.now().getTime(),
      request.body.length - 1,
    );
    limited(reply, limit, t, API_KEY_TEXT.rateLimited);
  });

  app.addHook("onResponse", async (request, reply) => {
    const caller = request.apiCaller;
    // OAuth callers (negative ids) are no API key: nothing to log against.
    if (!caller || caller.keyId < 0) return;
    const route = (request.routeOptions.url ?? request.url.split("?")[0] ?? "").slice(0, 300);
    if (caller.actingFor && WRITES.has(request.method) && reply.statusCode < 400) {
      await auditActingKeyRequest(ctx, caller, {
        method: request.method,
        route,
        status: reply.statusCode,
      });
    }
    logRequest(ctx, {
      // The key's log is its own account's, wherever it acted.
      accountId: caller.actingFor?.accountId ?? caller.accountId,
      apiKeyId: caller.keyId,
      method: request.method,
      path: route,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      createdAt: ctx.clock.now(),
    });
  });

  app.addHook("preHandler", async (request, reply) => {
    const caller = request.apiCaller;
    const idem = request.headers["idempotency-key"];
    if (!caller || caller.keyId < 0 || request.method !== "POST" || typeof idem !== "string")
      return;
    if (idem.length < 1 || idem.length > 255) {
      throw new AppError("VALIDATION", "Idempotency-Key must be 1 to 255 characters.");
    }
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    const hash = requestHash(request);
    const claimed = await ctx.db
      .insert(apiIdempotency)
      .values({ apiKeyId: caller.keyId, key: idem, route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (claimed.length > 0) {
      request.idempotencyKey = idem;
      return;
    }
    const [seen] = await ctx.db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.apiKeyId, caller.keyId), eq(apiIdempotency.key, idem)));
    if (!seen) throw new AppError("CONFLICT", API_KEY_TEXT.idempotencyInFlight);
    if (seen.requestHash !== hash || seen.route !== route) {
      throw new AppError("CONFLICT", API_KEY_TEXT.idempotencyMismatch, {
        reason: "idempotency_mismatch",
      });
    }
    if (seen.status === null) throw new AppError("CONFLICT", API_KEY_TEXT.idempotencyInFlight);
    return reply
      .status(seen.status)
      .header("Idempotent-Replayed", "true")
      .type("application/json")
      .send(JSON.stringify(seen.body));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const idem = request.idempotencyKey;
    const caller = request.apiCaller;
    if (!idem || !caller) return payload;
    request.idempotencyKey = null;
    const where = and(eq(apiIdempotency.apiKeyId, caller.keyId), eq(apiIdempotency.key, idem));
    if (reply.statusCode >= 500) {
      // A failure of ours may be retried with the same key.
      await ctx.db.delete(apiIdempotency).where(where);
      return payload;
    }
    let body: unknown = null;
    try {
      body = typeof payload === "string" && payload ? JSON.parse(payload) : null;
    } catch {
      body = null;
    }
    await ctx.db
      .update(apiIdempotency)
      .set({ status: reply.statusCode, body: sql`${JSON.stringify(body)}::jsonb` })
      .where(where);
    return payload;
  });
}

function requestHash(request: FastifyRequest): string {
  // The account acted in is part of the request: a key reused under another Parley-Account is
  // a different call, never a replay of the first account's answer.
  return createHash("sha256")
    .update(String(request.apiCaller?.accountId ?? ""))
    .update("\n")
    .update(request.url)
    .update("\n")
    .update(JSON.stringify(request.body ?? null))
    .digest("hex");
}

/** Stored answers are kept a day (called from the webhook loop's housekeeping). */
export async function pruneIdempotency(ctx: AppContext) {
  await ctx.db.execute(
    sql`delete from api_idempotency where created_at < now() - interval '1 day'`,
  );
}
