import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";
import { startWebinarServices } from "../../test/webinar-services-stand-in";
import { users } from "../users/users.schema";
import { webinarConnections } from "./webinars.schema";

/**
 * Each business connects its own Zoom / GoTo account (OAuth against a local stand-in of both):
 * connect, import with the account's own token, renew it (401, or ended), disconnect, nothing of
 * it for another account, a state from another browser refused; and sign-up / log-in from the
 * /zoom and /goto welcome pages.
 */
const services = await startWebinarServices({ clientId: "parley-app", clientSecret: "s3cret" });
afterAll(() => services.close());

const t = await createTestServer({
  env: {
    AUTH_RATE_LIMIT: "100",
    ZOOM_CLIENT_ID: "parley-app",
    ZOOM_CLIENT_SECRET: "s3cret",
    GOTO_CLIENT_ID: "parley-app",
    GOTO_CLIENT_SECRET: "s3cret",
    ...services.env,
  },
});

/** A browser's cookie jar over the app (inject) and the services (real HTTP). */
class Browser {
  jar = new Map<string, string>();
  ip = nextIp();
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: TestResponse) {
    for (const c of res.cookies) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(await t.get(url, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  async post(url: string, body?: unknown) {
    return this.keep(await t.post(url, body, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  async delete(url: string) {
    return this.keep(
      await t.request({ method: "DELETE", url, cookie: this.cookie, remoteAddress: this.ip }),
    );
  }
  async login(username: string, password: string) {
    const res = await this.post("/api/auth/login", { username, password });
    expect(res.statusCode).toBe(200);
    return this;
  }
  /** Goes to the service from `startPath` and back; answers where Parley sends the browser. */
  async through(startPath: string) {
    const start = await this.get(startPath);
    expect(start.statusCode).toBe(302);
    const atService = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(atService.headers.get("location")!);
    const back = await this.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(302);
    return String(back.headers.location);
  }
}

async function owner() {
  const { account, user } = await buildAccountWithUser(t.db);
  return { account, user, browser: await new Browser().login(user.username, user.password) };
}

const importZoom = (b: Browser, webinarId: string) =>
  b.post("/api/webinars/import-provider", { provider: "zoom", webinarId, consent: true });

describe("a business connects its own Zoom and GoTo", () => {
  it("connects Zoom with PKCE and state, then imports with its own token", async () => {
    const a = await owner();
    const before = (await a.browser.get("/api/webinars/connections")).json();
    expect(before.zoom).toEqual({ connectable: true, connection: null, serverToken: false });
    expect((await a.browser.get("/api/webinars")).json().providers).toEqual({
      zoom: false,
      goto: false,
    });
    // Not connected: the import says to connect first.
    const refused = await importZoom(a.browser, "81");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Connect your Zoom account first, or import the registrants from a CSV export.",
    );

    services.state.zoom = {
      id: "zu-1",
      email: "host@zoom.test",
      verified: 1,
      first_name: "Hal",
      last_name: "Host",
    };
    const start = await a.browser.get("/api/webinars/connections/zoom/start");
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(
      `${services.env.ZOOM_OAUTH_BASE}/oauth/authorize`,
    );
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `${t.config.publicBase}/api/auth/sso/zoom/callback`,
    );
    const landed = await a.browser.through("/api/webinars/connections/zoom/start");
    expect(landed).toBe("/webinars/import?provider=zoom&connected=1");
    expect(services.state.seen.at(-1)).toEqual({ challengeMethod: "S256", verifierOk: true });

    const after = (await a.browser.get("/api/webinars/connections")).json();
    expect(after.zoom.connection.email).toBe("host@zoom.test");
    expect((await a.browser.get("/api/webinars")).json().providers.zoom).toBe(true);
    // The tokens are sealed at rest.
    const [row] = await t.db
      .select()
      .from(webinarConnections)
      .where(eq(webinarConnections.accountId, a.account.id));
    expect(row!.credentials.startsWith("enc:v2:")).toBe(true);
    expect(row!.externalId).toBe("zu-1");

    services.state.hits.length = 0;
    const res = await importZoom(a.browser, "81");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, consented: 1, provider: "Zoom" });
    expect(services.state.hits.every((h) => h.person === "zu-1")).toBe(true);
  });

  it("renews the token once on a 401 and retries; keeps the new pair", async () => {
    const a = await owner();
    services.state.zoom = {
      id: "zu-2",
      email: "two@zoom.test",
      verified: 1,
      first_name: "T",
      last_name: "W",
    };
    await a.browser.through("/api/webinars/connections/zoom/start");
    const sealed = async () =>
      (
        await t.db
          .select({ c: webinarConnections.credentials })
          .from(webinarConnections)
          .where(eq(webinarConnections.accountId, a.account.id))
      )[0]!.c;
    const first = await sealed();
    services.expireAll();
    const refreshes = services.state.refreshes.zoom;
    const res = await importZoom(a.browser, "82");
    expect(res.statusCode).toBe(200);
    expect(services.state.refreshes.zoom).toBe(refreshes + 1);
    expect(await sealed()).not.toBe(first);
    // The new pair works: no more renewals; Zoom's used refresh token would have been refused.
    expect((await importZoom(a.browser, "82")).statusCode).toBe(200);
    expect(services.state.refreshes.zoom).toBe(refreshes + 1);
    services.expireAll();
    expect((await importZoom(a.browser, "82")).statusCode).toBe(200);
    expect(services.state.refreshes.zoom).toBe(refreshes + 2);
  });

  it("renews an ended GoTo token before the call (GoTo keeps its refresh token)", async () => {
    const a = await owner();
    services.state.goto = { key: "go-7", email: "org@goto.test", firstName: "O", lastName: "G" };
    // Its token ends within the minute Parley keeps in hand: ended, for Parley.
    services.state.expiresIn = 30;
    try {
      const landed = await a.browser.through("/api/webinars/connections/goto/start");
      expect(landed).toBe("/webinars/import?provider=goto&connected=1");
    } finally {
      services.state.expiresIn = 3600;
    }
    const connections = (await a.browser.get("/api/webinars/connections")).json();
    expect(connections.goto.connection.email).toBe("org@goto.test");
    const before = services.state.refreshes.goto;
    services.state.hits.length = 0;
    const res = await a.browser.post("/api/webinars/import-provider", {
      provider: "goto",
      webinarId: "5551",
      consent: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, provider: "GoTo" });
    expect(services.state.refreshes.goto).toBe(before + 1);
    // Renewed before asking: no call went out with the ended token.
    expect(services.state.hits.every((h) => h.person === "go-7")).toBe(true);
    services.expireAll();
    const again = await a.browser.post("/api/webinars/import-provider", {
      provider: "goto",
      webinarId: "5551",
    });
    expect(again.statusCode).toBe(200);
    expect(services.state.refreshes.goto).toBe(before + 2);
  });

  it("keeps the connection to its account: another account neither sees nor uses it", async () => {
    const a = await owner();
    const b = await owner();
    services.state.zoom = {
      id: "zu-3",
      email: "three@zoom.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    await a.browser.through("/api/webinars/connections/zoom/start");
    expect((await b.browser.get("/api/webinars/connections")).json().zoom.connection).toBeNull();
    expect((await importZoom(b.browser, "83")).statusCode).toBe(409);
    expect((await b.browser.delete("/api/webinars/connections/zoom")).statusCode).toBe(404);
    expect((await importZoom(a.browser, "83")).statusCode).toBe(200);
    // An Agent of the account may not connect.
    const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
    const agentBrowser = await new Browser().login(agent.username, agent.password);
    expect((await agentBrowser.get("/api/webinars/connections/zoom/start")).statusCode).toBe(403);
  });

  it("refuses a callback in another browser, and one for another person than who started", async () => {
    const a = await owner();
    services.state.zoom = {
      id: "zu-4",
      email: "four@zoom.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    const start = await a.browser.get("/api/webinars/connections/zoom/start");
    const atService = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(atService.headers.get("location")!);
    // The same person signed in on another browser: that browser has no state cookie.
    const other = await new Browser().login(a.user.username, a.user.password);
    const res = await other.get(`${callback.pathname}${callback.search}`);
    expect(res.headers.location).toBe("/webinars/import?provider=zoom&connectError=1");
    // The browser that started it still can finish it.
    const right = await a.browser.get(`${callback.pathname}${callback.search}`);
    expect(right.headers.location).toBe("/webinars/import?provider=zoom&connected=1");
    // And only once.
    const late = await a.browser.get(`${callback.pathname}${callback.search}`);
    expect(late.headers.location).toBe("/webinars/import?provider=zoom&connectError=1");

    // Started by A, but B is signed in on that browser when the service sends it back.
    const b = await owner();
    const shared = new Browser();
    await shared.login(a.user.username, a.user.password);
    const start2 = await shared.get("/api/webinars/connections/zoom/start");
    const at2 = await fetch(String(start2.headers.location), { redirect: "manual" });
    const cb2 = new URL(at2.headers.get("location")!);
    await shared.post("/api/auth/logout");
    await shared.login(b.user.username, b.user.password);
    const res2 = await shared.get(`${cb2.pathname}${cb2.search}`);
    expect(res2.headers.location).toBe("/webinars/import?provider=zoom&connectError=1");
    expect((await b.browser.get("/api/webinars/connections")).json().zoom.connection).toBeNull();
  });

  it("asks to connect again when the service refuses the refresh token", async () => {
    const a = await owner();
    services.state.zoom = {
      id: "zu-6",
      email: "six@zoom.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    await a.browser.through("/api/webinars/connections/zoom/start");
    services.expireAll();
    services.revokeRefreshTokens();
    const res = await importZoom(a.browser, "86");
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "Zoom no longer accepts this connection. Disconnect it and connect Zoom again.",
    );
  });

  it("disconnects: the import needs a connection again", async () => {
    const a = await owner();
    services.state.zoom = {
      id: "zu-5",
      email: "five@zoom.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    await a.browser.through("/api/webinars/connections/zoom/start");
    expect((await a.browser.delete("/api/webinars/connections/zoom")).statusCode).toBe(204);
    expect((await a.browser.get("/api/webinars/connections")).json().zoom.connection).toBeNull();
    expect((await a.browser.delete("/api/webinars/connections/zoom")).statusCode).toBe(404);
    expect((await importZoom(a.browser, "85")).statusCode).toBe(409);
  });
});

describe("sign up and log in through Zoom or GoTo (/zoom, /goto)", () => {
  it("says which services offer it", async () => {
    expect((await t.get("/api/auth/sso")).json()).toEqual({ zoom: true, goto: true });
  });

  it("sends a newcomer to /admin-signup prefilled; the new account gets the connection", async () => {
    services.state.zoom = {
      id: "zu-10",
      email: "nia@newbiz.test",
      verified: 1,
      first_name: "Nia",
      last_name: "Newcomer",
    };
    const b = new Browser();
    const landed = await b.through("/api/auth/sso/zoom/start");
    expect(landed).toBe("/admin-signup?sso=zoom");
    // Nothing about the person in the address: the form asks the server.
    const prefill = await b.get("/api/auth/sso/signup");
    expect(prefill.json()).toEqual({
      provider: "zoom",
      providerName: "Zoom",
      firstName: "Nia",
      lastName: "Newcomer",
      email: "nia@newbiz.test",
    });
    expect((await new Browser().get("/api/auth/sso/signup")).statusCode).toBe(404);

    const res = await b.post("/api/auth/admin-signup", {
      firstName: "Nia",
      lastName: "Newcomer",
      email: "nia@newbiz.test",
      password: "a-good-password",
      businessName: "New Biz",
      industry: 1,
      timezoneId: 5,
      phone: "(415) 555-0199",
    });
    expect(res.statusCode).toBe(200);
    // Zoom vouched for the address: signed in at once.
    expect(res.json().emailVerificationRequired).toBe(false);
    const connections = (await b.get("/api/webinars/connections")).json();
    expect(connections.zoom.connection.email).toBe("nia@newbiz.test");
    expect((await b.get("/api/auth/sso/signup")).statusCode).toBe(404);
    expect((await importZoom(b, "810")).statusCode).toBe(200);

    // Later, 'Sign Up with Zoom' again signs the same person in.
    const again = new Browser();
    expect(await again.through("/api/auth/sso/zoom/start")).toBe("/webinars");
    expect((await again.get("/api/account/me")).statusCode).toBe(200);
  });

  it("asks a newcomer who changes the e-mail to verify it, and still connects", async () => {
    services.state.goto = {
      key: "go-20",
      email: "gil@gotobiz.test",
      firstName: "Gil",
      lastName: "G",
    };
    const b = new Browser();
    expect(await b.through("/api/auth/sso/goto/start")).toBe("/admin-signup?sso=goto");
    const res = await b.post("/api/auth/admin-signup", {
      firstName: "Gil",
      lastName: "G",
      email: "other-address@gotobiz.test",
      password: "a-good-password",
      businessName: "GoTo Biz",
      industry: 1,
      timezoneId: 5,
      phone: "(415) 555-0198",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerificationRequired).toBe(true);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, "other-address@gotobiz.test"));
    const [row] = await t.db
      .select()
      .from(webinarConnections)
      .where(eq(webinarConnections.accountId, user!.accountId));
    expect(row).toMatchObject({ provider: "goto", externalId: "go-20", connectedBy: user!.id });
  });

  it("signs in the user whose verified e-mail matches, lands on /webinars with the connection", async () => {
    const { user } = await buildAccountWithUser(t.db);
    services.state.zoom = {
      id: "zu-30",
      email: user.email.toUpperCase(),
      verified: 1,
      first_name: "",
      last_name: "",
    };
    const b = new Browser();
    expect(await b.through("/api/auth/sso/zoom/start")).toBe("/webinars");
    expect((await b.get("/api/account/me")).json().userId).toBe(user.id);
    expect((await b.get("/api/webinars/connections")).json().zoom.connection).not.toBeNull();

    // An address Zoom has not verified matches nobody's: 'Account Not Connected'.
    const other = await buildAccountWithUser(t.db);
    services.state.zoom = {
      id: "zu-31",
      email: other.user.email,
      verified: 0,
      first_name: "",
      last_name: "",
    };
    const c = new Browser();
    expect(await c.through("/api/auth/sso/zoom/start")).toBe("/auth/login?emailFound=1&src=zoom");
    expect((await c.get("/api/account/me")).statusCode).toBe(401);
  });

  it("does not sign in as whoever connected a shared Zoom login: its e-mail decides", async () => {
    const { user } = await buildAccountWithUser(t.db);
    // The owner connects the company's Zoom login (another address than the owner's) for webinars.
    services.state.zoom = {
      id: "zu-50",
      email: "events@company.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    await t.db.insert(webinarConnections).values({
      accountId: user.accountId,
      provider: "zoom",
      externalId: "zu-50",
      email: "events@company.test",
      connectedBy: user.id,
      credentials: "not read here",
    });
    // Someone else with that Zoom login is a newcomer to Parley, not the owner.
    const colleague = new Browser();
    expect(await colleague.through("/api/auth/sso/zoom/start")).toBe("/admin-signup?sso=zoom");
    expect((await colleague.get("/api/account/me")).statusCode).toBe(401);
  });

  it("refuses a sign-in callback from another browser", async () => {
    services.state.zoom = {
      id: "zu-40",
      email: "x40@zoom.test",
      verified: 1,
      first_name: "",
      last_name: "",
    };
    const b = new Browser();
    const start = await b.get("/api/auth/sso/zoom/start");
    const atService = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(atService.headers.get("location")!);
    const attacker = new Browser();
    const res = await attacker.get(`${callback.pathname}${callback.search}`);
    expect(res.headers.location).toBe("/auth/login?ssoError=1&src=zoom");
    expect((await attacker.get("/api/auth/sso/signup")).statusCode).toBe(404);
  });
});
