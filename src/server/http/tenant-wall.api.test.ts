import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { currentTenant } from "../db/tenant-scope";
import { registerTenantWall } from "./tenant-wall";

describe("the tenant wall's request scope", () => {
  it("walls the handler into the caller's account, and nothing before the caller is known", async () => {
    const app = Fastify();
    registerTenantWall(app);
    const seen: Record<string, number | null> = {};
    // As the session hook does: an async onRequest hook that finds who is calling.
    app.addHook("onRequest", async (request) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.session = currentTenant();
      const id = Number(request.headers["x-account"]);
      if (id) (request as unknown as { actor: { accountId: number } }).actor = { accountId: id };
    });
    app.get("/api/probe", async () => {
      await new Promise((r) => setTimeout(r, 5));
      seen.handler = currentTenant();
      return { ok: true };
    });
    await app.ready();
    await app.inject({ method: "GET", url: "/api/probe", headers: { "x-account": "42" } });
    expect(seen).toEqual({ session: null, handler: 42 });
    await app.inject({ method: "GET", url: "/api/probe" });
    expect(seen).toEqual({ session: null, handler: null });
    await app.close();
  });

  it("leaves a public route outside the visitor's account; a public page is walled into its own", async () => {
    const app = Fastify();
    registerTenantWall(app, {
      accountOfPage: async (name) => (name === "corner-bakery" ? 7 : null),
    });
    const seen: Record<string, number | null> = {};
    // The visitor's browser is signed in to account 42.
    app.addHook("onRequest", async (request) => {
      (request as unknown as { actor: { accountId: number } }).actor = { accountId: 42 };
    });
    // PUBLIC in the policy table: whoever's cookie comes along, it acts for no account...
    app.post("/api/auth/admin-signup", async () => {
      seen.signup = currentTenant();
      return { ok: true };
    });
    // ...and a page of one account acts for that account.
    app.get("/api/subscribe/:accountName", async (request) => {
      seen[(request.params as { accountName: string }).accountName] = currentTenant();
      return { ok: true };
    });
    await app.ready();
    await app.inject({ method: "POST", url: "/api/auth/admin-signup" });
    await app.inject({ method: "GET", url: "/api/subscribe/corner-bakery" });
    await app.inject({ method: "GET", url: "/api/subscribe/nobody" });
    expect(seen).toEqual({ signup: null, "corner-bakery": 7, nobody: null });
    await app.close();
  });
});
