import type { FastifyInstance } from "fastify";
import { enterTenant, leaveTenant, runInTenantScope } from "../db/tenant-scope";
import { isPublicRoute } from "./policy";

/**
 * Each request runs in a tenant scope of its own; once the session or API key says which account
 * it acts for, its queries run behind that account's row-level wall (src/server/db/tenant-scope.ts).
 * Register before every other request hook, so they all run inside the scope.
 */
export function registerTenantWall(app: FastifyInstance) {
  app.addHook("onRequest", (_request, _reply, done) => {
    runInTenantScope(done);
  });
  // After the session, the API key and the policy (onRequest hooks) and validation.
  app.addHook("preHandler", async (request) => {
    // A public route (sign-in, sign-up, an invitation, a counter link) acts for no account: it
    // runs as the system for every visitor, signed in to some account or not, as it did before
    // the visitor was known (a sign-up from a browser signed in elsewhere creates a new account).
    const route = request.routeOptions.url;
    if (route && isPublicRoute(request.method, route)) return;
    const accountId = request.actor?.accountId ?? request.apiCaller?.accountId;
    if (accountId) enterTenant(accountId);
  });
  // Whatever the request left running (a batch flushed later, a wake-up) is system work.
  app.addHook("onResponse", async () => {
    leaveTenant();
  });
}
