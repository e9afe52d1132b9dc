import * as oidc from "openid-client";
import { OAUTH_PROVIDERS, type OAuthProvider } from "../../../domain/sign-in.schemas";
import type { Config } from "../../config";
import type { AppContext } from "../../http/context";
import { findUserByEmail, findUserById, markEmailVerified } from "../users/user-records.service";
import * as q from "./sign-in.queries";
import { continueSignIn, type SignInClient, type SignInOutcome } from "./sign-in.service";
import * as tokens from "./tokens.queries";

const STATE_MINUTES = 10;

interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  /** OpenID Connect: the issuer to discover (Google). */
  issuer?: string;
  /** OAuth 2 with fixed endpoints and a profile call instead of an ID token (Facebook). */
  oauth?: { authorize: string; token: string; profile: string };
}

export function providerSettings(config: Config, provider: OAuthProvider): ProviderSettings | null {
  if (provider === "google")
    return config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? {
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          issuer: config.GOOGLE_ISSUER,
        }
      : null;
  const graph = config.FACEBOOK_GRAPH_URL.replace(/\/+$/, "");
  return config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET
    ? {
        clientId: config.FACEBOOK_CLIENT_ID,
        clientSecret: config.FACEBOOK_CLIENT_SECRET,
        oauth: {
          authorize: config.FACEBOOK_DIALOG_URL,
          token: `${graph}/oauth/access_token`,
          profile: `${graph}/me?fields=id,email`,
        },
      }
    : null;
}

export function configuredProviders(config: Config): Record<OAuthProvider, boolean> {
  const out = {} as Record<OAuthProvider, boolean>;
  for (const p of OAUTH_PROVIDERS) out[p] = providerSettings(config, p) !== null;
  return out;
}

export function isProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** Discovered once per issuer and client (a failed discovery is tried again next time). */
const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Plain http only for a provider on this machine (tests, a local identity server). */
function isLocalHttp(url: string) {
  const u = new URL(url);
  return u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
}

function configurationOf(settings: ProviderSettings): Promise<oidc.Configuration> {
  const auth = oidc.ClientSecretPost(settings.clientSecret);
  if (settings.oauth) {
    const config = new oidc.Configuration(
      {
        issuer: new URL(settings.oauth.authorize).origin,
        authorization_endpoint: settings.oauth.authorize,
        token_endpoint: settings.oauth.token,
      },
      settings.clientId,
      undefined,
      auth,
    );
    if (isLocalHttp(settings.oauth.token)) oidc.allowInsecureRequests(config);
    return Promise.resolve(config);
  }
  const issuer = settings.issuer!;
  const key = `${issuer}|${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = oidc.discovery(
      new URL(issuer),
      settings.clientId,
      undefined,
      auth,
      isLocalHttp(issuer)
        ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
        : { timeout: 10 },
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export function redirectUriOf(ctx: AppContext, provider: OAuthProvider) {
  return `${ctx.config.publicBase}/api/auth/oauth/${provider}/callback`;
}

/**
 * The authorization request: PKCE (S256), state and nonce. The state is both kept server-side
 * (with the verifier and nonce) and in a cookie of this browser, so a callback started in
 * another browser (login CSRF) is refused.
 */
export async function startAuthorization(ctx: AppContext, provider: OAuthProvider) {
  const settings = providerSettings(ctx.config, provider);
  if (!settings) return null;
  const config = await configurationOf(settings);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await tokens.insertToken(ctx.db, {
    kind: "oauth_state",
    tokenHash: tokens.hashToken(state),
    data: { provider, verifier, nonce },
    expiresAt: new Date(ctx.clock.now().getTime() + STATE_MINUTES * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx, provider),
    scope: settings.oauth ? "email" : "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...(settings.oauth ? {} : { nonce }),
  });
  return {
    url: url.href,
    state,
    expiresAt: new Date(ctx.clock.now().getTime() + STATE_MINUTES * 60_000),
  };
}

export type CallbackResult =
  | { kind: "error" }
  | { kind: "no_account" }
  | { kind: "not_connected" }
  | { kind: "signed_in"; outcome: SignInOutcome };

/**
 * The provider sent the browser back: the code is exchanged (PKCE, state, nonce and the ID
 * token's signature checked by openid-client). A connected identity signs its user in; else the
 * user whose e-mail the provider vouches for (email_verified) is connected and signed in.
 */
export async function finishAuthorization(
  ctx: AppContext,
  provider: OAuthProvider,
  input: { query: URLSearchParams; cookieState: string | undefined },
  client: SignInClient,
  log: { warn: (obj: object, msg: string) => void },
): Promise<CallbackResult> {
  const settings = providerSettings(ctx.config, provider);
  const state = input.query.get("state") ?? "";
  if (!settings || !state || state !== input.cookieState) return { kind: "error" };
  const row = await tokens.findLiveToken(ctx.db, "oauth_state", state);
  const data = row?.data as { provider?: string; verifier?: string; nonce?: string } | undefined;
  if (!row || data?.provider !== provider || !(await tokens.consumeToken(ctx.db, row.id)))
    return { kind: "error" };
  if (input.query.has("error")) return { kind: "error" };

  let claims: Record<string, unknown>;
  try {
    const config = await configurationOf(settings);
    const current = new URL(`${redirectUriOf(ctx, provider)}?${input.query.toString()}`);
    if (settings.oauth) {
      const grant = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: data.verifier,
        expectedState: state,
      });
      const res = await oidc.fetchProtectedResource(
        config,
        grant.access_token,
        new URL(settings.oauth.profile),
        "GET",
      );
      if (!res.ok) throw new Error(`profile answered ${res.status}`);
      const profile = (await res.json()) as { id?: unknown; email?: unknown };
      // Facebook gives an e-mail only once its owner confirmed it.
      claims = { sub: String(profile.id ?? ""), email: profile.email, email_verified: true };
    } else {
      const grant = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: data.verifier,
        expectedState: state,
        expectedNonce: data.nonce,
        idTokenExpected: true,
      });
      claims = { ...(grant.claims() ?? {}) };
      if (!claims.email && typeof claims.sub === "string")
        Object.assign(claims, await oidc.fetchUserInfo(config, grant.access_token, claims.sub));
    }
  } catch (err) {
    log.warn({ err, provider }, "sign-in with the provider failed");
    return { kind: "error" };
  }

  const subject = typeof claims.sub === "string" ? claims.sub : "";
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!subject) return { kind: "error" };
  const linked = await q.findIdentity(ctx.db, provider, subject);
  let user = linked ? await findUserById(ctx.db, linked.userId) : undefined;
  if (!user) {
    const byEmail = email ? await findUserByEmail(ctx.db, email) : undefined;
    if (!byEmail) return { kind: "no_account" };
    // An address the provider does not vouch for could be anyone's.
    if (claims.email_verified !== true) return { kind: "not_connected" };
    await q.linkIdentity(ctx.db, { userId: byEmail.id, provider, subject, email });
    await markEmailVerified(ctx.db, byEmail.id);
    user = await findUserById(ctx.db, byEmail.id);
    if (!user) return { kind: "error" };
  }
  // The provider signed the person in on this browser: it counts as a proven device.
  await q.rememberDevice(ctx.db, user.id, client.deviceId, client.userAgent);
  return { kind: "signed_in", outcome: await continueSignIn(ctx, user, client, "phone") };
}
