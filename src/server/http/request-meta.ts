import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

/** Where the current request came from, for the audit log (null outside a request). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** The API key of the request, once api-auth.ts has found it (its id and name). */
  apiKey?: { id: number; name: string };
  /**
   * Set once a service has decided this request's audit row itself (recorded it, or found that
   * nothing moved): the route-level row (change-audit.ts) then stays out.
   */
  audited?: boolean;
}

const store = new AsyncLocalStorage<RequestMeta>();

/**
 * Each request runs with its client address and user agent at hand, so a service recording an
 * audit event needs no request passed down. Register before the other request hooks.
 */
export function registerRequestMeta(app: FastifyInstance) {
  app.decorateRequest("meta", null);
  app.addHook("onRequest", (request, _reply, done) => {
    const agent = request.headers["user-agent"];
    const meta: RequestMeta = {
      ip: request.ip ?? null,
      userAgent: typeof agent === "string" ? agent.slice(0, 500) : null,
    };
    // Kept on the request too: the hooks after the answer read it without the async context.
    request.meta = meta;
    store.run(meta, done);
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request's meta (registerRequestMeta), null before it runs. */
    meta: RequestMeta | null;
  }
}

export function currentRequestMeta(): RequestMeta | null {
  return store.getStore() ?? null;
}

/** Names the API key a request came with (api-auth.ts), for the audit's actor. */
export function noteRequestKey(key: { id: number; name: string }): void {
  const meta = store.getStore();
  if (meta) meta.apiKey = key;
}

/**
 * The service has decided this request's audit row (or that nothing changed, so no row): the
 * route-level row stays out. recordAudit calls it; a service that skips a no-op change calls it.
 */
export function markAudited(): void {
  const meta = store.getStore();
  if (meta) meta.audited = true;
}
