import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

/** Where the current request came from, for the audit log (null outside a request). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** The API key of the request, once api-auth.ts has found it (its id and name). */
  apiKey?: { id: number; name: string };
}

const store = new AsyncLocalStorage<RequestMeta>();

/**
 * Each request runs with its client address and user agent at hand, so a service recording an
 * audit event needs no request passed down. Register before the other request hooks.
 */
export function registerRequestMeta(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    const agent = request.headers["user-agent"];
    store.run(
      { ip: request.ip ?? null, userAgent: typeof agent === "string" ? agent.slice(0, 500) : null },
      done,
    );
  });
}

export function currentRequestMeta(): RequestMeta | null {
  return store.getStore() ?? null;
}

/** Names the API key a request came with (api-auth.ts), for the audit's actor. */
export function noteRequestKey(key: { id: number; name: string }): void {
  const meta = store.getStore();
  if (meta) meta.apiKey = key;
}
