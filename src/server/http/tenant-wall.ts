import type { FastifyInstance } from "fastify";
import { enterTenant, leaveTenant, runInTenantScope } from "../db/tenant-scope";
import { isPublicRoute } from "./policy";

/**
 * Each request runs in a tenant scope of its own; once the session or API key says which account
 * it acts for, its queries run behind that account's row-level wall (src/server/db/tenant-scope.ts).
 * A public page of one account (a route with `:accountName`: its sign-up and opt-in pages, its web
 * banner) is walled into that account. Register before every other request hook, so they all run
 * inside the scope.
 */
export function registerTenantWall(
  app: FastifyInstance,
  opts: { accountOfPage?: (accountName: string) => Promise<number | null> } = {},
) {
  app.addHook("onRequest", (_request, _reply, done) => {
    runInTenantScope(done);
  });
  // After the session, the API key and the policy (onRequest hooks) and validation.
  app.addHook("preHandler", async (request) => {
    const route = request.routeOptions.url;
    // Anyone may call a public route (sign-in, sign-up, an invitation, a counter link, a page
    // outside /api): it never acts for the visitor's account, signed in somewhere or not (a
    // sign-up from a browser signed in elsewhere creates a new account).
    if (route && (!route.startsWith("/api/") || isPublicRoute(request.method, route))) {
      const accountName = (request.params as { accountName?: unknown } | undefined)?.accountName;
      if (typeof accountName === "string" && opts.accountOfPage) {
        const pageAccount = await opts.accountOfPage(accountName);
        if (pageAccount) enterTenant(pageAccount);
      }
      return;
    }
    const accountId = request.actor?.accountId ?? request.apiCaller?.accountId;
    if (accountId) enterTenant(accountId);
  });
  // Whatever the request left running (a batch flushed later, a wake-up) is system work.
  app.addHook("onResponse", async () => {
    leaveTenant();
  });
}
