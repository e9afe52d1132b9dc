import type { FastifyInstance } from "fastify";
import { enterTenant, leaveTenant, runInTenantScope } from "../db/tenant-scope";

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
    const accountId = request.actor?.accountId ?? request.apiCaller?.accountId;
    if (accountId) enterTenant(accountId);
  });
  // Whatever the request left running (a batch flushed later, a wake-up) is system work.
  app.addHook("onResponse", async () => {
    leaveTenant();
  });
}
