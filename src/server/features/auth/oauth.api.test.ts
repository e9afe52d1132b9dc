import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";
import { startOidcProvider } from "../../test/oidc-provider";
import { userIdentities } from "./auth.schema";

const provider = await startOidcProvider({
  clientId: "parley-test-client",
  clientSecret: "parley-test-secret",
});
afterAll(() => provider.close());

const t = await createTestServer({
  env: {
    GOOGLE_CLIENT_ID: "parley-test-client",
    GOOGLE_CLIENT_SECRET: "parley-test-secret",
    GOOGLE_ISSUER: provider.issuer,
    // Facebook Login's shape (OAuth 2 and the Graph API), served by the same test provider.
    FACEBOOK_CLIENT_ID: "parley-test-client",
    FACEBOOK_CLIENT_SECRET: "parley-test-secret",
    FACEBOOK_DIALOG_URL: provider.dialogUrl,
    FACEBOOK_GRAPH_URL: provider.graphUrl,
  },
});

/** A server as installed: no sign-in provider configured. */
const bare = await createTestServer();

/** A browser's cookie jar over the app (inject) and the provider (real HTTP). */
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
  /** Clicks 'Continue With Google' (or Facebook) and follows the redirects; answers where Parley sends it. */
  async continueWith(via: "google" | "facebook" = "google"): Promise<string> {
    const start = await this.get(`/api/auth/oauth/${via}/start`);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${provider.state.issuer}/authorize`);
    const atProvider = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("location")!);
    const back = await this.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(302);
    return String(back.headers.location);
  }
  async signedIn() {
    return (await this.get("/api/account/me")).statusCode === 200;
  }
}

describe("Continue With Google (OpenID Connect against a provider of our own)", () => {
  it("says which providers are configured; an unknown one goes back with ssoError", async () => {
    expect((await t.get("/api/auth/providers")).json()).toEqual({
      google: true,
      facebook: true,
      signup: "open",
    });
    const other = await new Browser().get("/api/auth/oauth/myspace/start");
    expect(other.headers.location).toBe("/auth/login?ssoError=1");
  });

  it("signs in with Facebook Login: the code flow with PKCE, then the Graph API's e-mail", async () => {
    const { user } = await buildAccountWithUser(t.db);
    provider.state.next = { sub: "fb-1", email: user.email, email_verified: true };
    const b = new Browser();
    const start = await b.get("/api/auth/oauth/facebook/start");
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get("scope")).toBe("email");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(await new Browser().continueWith("facebook")).toBe("/dashboard");
    expect(provider.state.seen.at(-1)).toEqual({ challengeMethod: "S256", verifierOk: true });
    const linked = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user.id));
    expect(linked).toMatchObject([{ provider: "facebook", subject: "fb-1" }]);
    // A Facebook account without a (confirmed) e-mail matches nobody.
    provider.state.next = { sub: "fb-2", email: "", email_verified: false };
    expect(await new Browser().continueWith("facebook")).toBe(
      "/auth/login?emailFound=0&src=facebook",
    );
  });

  it("signs in the user whose e-mail the provider vouches for, with PKCE, state and nonce", async () => {
    const { user } = await buildAccountWithUser(t.db);
    provider.state.next = {
      sub: "google-sub-1",
      email: user.email.toUpperCase(),
      email_verified: true,
    };
    const b = new Browser();
    const start = await b.get("/api/auth/oauth/google/start");
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("scope")).toBe("openid email profile");
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `${t.config.publicBase}/api/auth/oauth/google/callback`,
    );
    const state = start.cookies.find((c) => c.name === "parley_oauth");
    expect(state?.httpOnly).toBe(true);

    const landed = await new Browser().continueWith();
    expect(landed).toBe("/dashboard");
    expect(provider.state.seen.at(-1)).toEqual({ challengeMethod: "S256", verifierOk: true });
    const linked = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user.id));
    expect(linked).toMatchObject([{ provider: "google", subject: "google-sub-1" }]);

    // Connected now: the same Google account signs in even after its e-mail changed.
    provider.state.next = {
      sub: "google-sub-1",
      email: "changed@example.test",
      email_verified: false,
    };
    const again = new Browser();
    expect(await again.continueWith()).toBe("/dashboard");
    expect(await again.signedIn()).toBe(true);
  });

  it("shows 'Account Not Connected' when the address is not vouched for, 'No Account Found' for none", async () => {
    const { user } = await buildAccountWithUser(t.db);
    provider.state.next = { sub: "google-sub-2", email: user.email, email_verified: false };
    const b = new Browser();
    expect(await b.continueWith()).toBe("/auth/login?emailFound=1&src=google");
    expect(await b.signedIn()).toBe(false);
    provider.state.next = {
      sub: "google-sub-3",
      email: "stranger@example.test",
      email_verified: true,
    };
    expect(await new Browser().continueWith()).toBe("/auth/login?emailFound=0&src=google");
  });

  it("refuses a callback in another browser (no state cookie) and a token with another nonce", async () => {
    const { user } = await buildAccountWithUser(t.db);
    provider.state.next = { sub: "google-sub-4", email: user.email, email_verified: true };
    const b = new Browser();
    const start = await b.get("/api/auth/oauth/google/start");
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("location")!);
    const attacker = new Browser();
    const res = await attacker.get(`${callback.pathname}${callback.search}`);
    expect(res.headers.location).toBe("/auth/login?ssoError=1&src=google");
    expect(await attacker.signedIn()).toBe(false);

    provider.state.wrongNonce = true;
    try {
      const c = new Browser();
      expect(await c.continueWith()).toBe("/auth/login?ssoError=1&src=google");
      expect(await c.signedIn()).toBe(false);
    } finally {
      provider.state.wrongNonce = false;
    }
  });

  it("goes on to two-factor when the user has it on", async () => {
    const { user } = await buildAccountWithUser(t.db, { user: { twoFactorMethod: "app" } });
    provider.state.next = { sub: "google-sub-5", email: user.email, email_verified: true };
    const b = new Browser();
    expect(await b.continueWith()).toBe("/auth/login?two_factor=1");
    expect(await b.signedIn()).toBe(false);
    expect((await b.get("/api/auth/tfa")).json()).toMatchObject({ required: true, method: "app" });
  });
});

describe("a server without Google or Facebook clients (the default)", () => {
  it("tells the login page neither is configured and sends both routes back with the reason", async () => {
    expect((await bare.get("/api/auth/providers")).json()).toMatchObject({
      google: false,
      facebook: false,
    });
    for (const via of ["google", "facebook"]) {
      for (const step of ["start", "callback?code=x&state=y"]) {
        const res = await bare.get(`/api/auth/oauth/${via}/${step}`, { remoteAddress: nextIp() });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(`/auth/login?ssoError=not_configured&src=${via}`);
      }
    }
  });
});
