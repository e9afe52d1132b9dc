import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { userIdentities } from "../../db/schema";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";

/**
 * A small OpenID provider of our own on 127.0.0.1: discovery, authorize (the person "signs in"
 * as whoever `provider.next` says), a token endpoint that checks the client secret, the code and
 * the PKCE verifier and issues an RS256 ID token, and the JWKS to check it with.
 */
async function startProvider(clientId: string, clientSecret: string) {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const codes = new Map<
    string,
    { nonce: string; challenge: string; redirectUri: string; person: Person }
  >();
  const accessTokens = new Map<string, Person>();
  const state = {
    next: { sub: "g-1", email: "", email_verified: true } as Person,
    /** Sign ID tokens with another nonce (a replayed or forged token). */
    wrongNonce: false,
    seen: [] as { challengeMethod: string | null; verifierOk: boolean }[],
    issuer: "",
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", state.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/oidc/.well-known/openid-configuration") {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
      });
    }
    if (url.pathname === "/oidc/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/oidc/authorize") {
      const p = url.searchParams;
      if (p.get("client_id") !== clientId || p.get("response_type") !== "code")
        return json(400, { error: "invalid_request" });
      state.seen.push({ challengeMethod: p.get("code_challenge_method"), verifierOk: false });
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        nonce: p.get("nonce") ?? "",
        challenge: p.get("code_challenge") ?? "",
        redirectUri: p.get("redirect_uri") ?? "",
        person: state.next,
      });
      const back = new URL(p.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/graph/me") {
      // Facebook's Graph API: the profile of the access token's user.
      const person = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!person) return json(401, { error: { message: "Invalid OAuth access token." } });
      return json(200, { id: person.sub, ...(person.email ? { email: person.email } : {}) });
    }
    const graph = url.pathname === "/graph/oauth/access_token";
    if ((url.pathname === "/oidc/token" || graph) && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const p = new URLSearchParams(body);
      const grant = codes.get(p.get("code") ?? "");
      codes.delete(p.get("code") ?? "");
      if (p.get("client_id") !== clientId || p.get("client_secret") !== clientSecret)
        return json(401, { error: "invalid_client" });
      const verifier = p.get("code_verifier") ?? "";
      const verifierOk =
        grant !== undefined &&
        createHash("sha256").update(verifier).digest("base64url") === grant.challenge;
      state.seen.at(-1)!.verifierOk = verifierOk;
      if (!grant || !verifierOk || p.get("redirect_uri") !== grant.redirectUri)
        return json(400, { error: "invalid_grant" });
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, grant.person);
      if (graph)
        return json(200, { access_token: accessToken, token_type: "bearer", expires_in: 300 });
      const idToken = await new SignJWT({
        email: grant.person.email,
        email_verified: grant.person.email_verified,
        nonce: state.wrongNonce ? "another-nonce" : grant.nonce,
      })
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuer(state.issuer)
        .setAudience(clientId)
        .setSubject(grant.person.sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      return json(200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 300,
        id_token: idToken,
      });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
  return { state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Person {
  sub: string;
  email: string;
  email_verified: boolean;
}

const provider = await startProvider("parley-test-client", "parley-test-secret");
afterAll(() => provider.close());

const t = await createTestServer({
  env: {
    GOOGLE_CLIENT_ID: "parley-test-client",
    GOOGLE_CLIENT_SECRET: "parley-test-secret",
    GOOGLE_ISSUER: provider.state.issuer,
    // Facebook Login's shape (OAuth 2 and the Graph API), served by the same test provider.
    FACEBOOK_CLIENT_ID: "parley-test-client",
    FACEBOOK_CLIENT_SECRET: "parley-test-secret",
    FACEBOOK_DIALOG_URL: `${provider.state.issuer}/authorize`,
    FACEBOOK_GRAPH_URL: provider.state.issuer.replace(/\/oidc$/, "/graph"),
  },
});

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
    expect((await t.get("/api/auth/providers")).json()).toEqual({ google: true, facebook: true });
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
