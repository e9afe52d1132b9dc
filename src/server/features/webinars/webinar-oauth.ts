import * as oidc from "openid-client";
import {
  type ConnectionTokens,
  expiresAtOf,
  providerName,
} from "../../../domain/webinar-connections";
import type { WebinarProvider } from "../../../domain/webinars";
import type { Config } from "../../config";

/**
 * Zoom's and GoTo's OAuth 2 (authorization code): the authorize address, the token endpoint
 * (client id and secret in HTTP Basic, as both document), and who the token belongs to. Written
 * on fetch rather than openid-client's grants: GoTo's refresh answer may omit `token_type`,
 * which openid-client refuses.
 */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  authorize: string;
  token: string;
  /** Zoom takes PKCE (S256); GoTo documents none, so it gets state only. */
  pkce: boolean;
}

export function oauthApp(config: Config, provider: WebinarProvider): OAuthApp | null {
  if (provider === "zoom") {
    if (!config.ZOOM_CLIENT_ID || !config.ZOOM_CLIENT_SECRET) return null;
    const base = config.ZOOM_OAUTH_BASE.replace(/\/+$/, "");
    return {
      clientId: config.ZOOM_CLIENT_ID,
      clientSecret: config.ZOOM_CLIENT_SECRET,
      authorize: `${base}/oauth/authorize`,
      token: `${base}/oauth/token`,
      pkce: true,
    };
  }
  if (!config.GOTO_CLIENT_ID || !config.GOTO_CLIENT_SECRET) return null;
  const base = config.GOTO_OAUTH_BASE.replace(/\/+$/, "");
  return {
    clientId: config.GOTO_CLIENT_ID,
    clientSecret: config.GOTO_CLIENT_SECRET,
    authorize: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    pkce: false,
  };
}

function redirectUriOf(config: Config, provider: WebinarProvider) {
  return `${config.publicBase}/api/auth/sso/${provider}/callback`;
}

/** A new authorization request: the address to send the browser to, its state and verifier. */
export async function authorizationRequest(
  config: Config,
  app: OAuthApp,
  provider: WebinarProvider,
) {
  const state = oidc.randomState();
  const verifier = app.pkce ? oidc.randomPKCECodeVerifier() : null;
  const url = new URL(app.authorize);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", redirectUriOf(config, provider));
  url.searchParams.set("state", state);
  if (verifier) {
    url.searchParams.set("code_challenge", await oidc.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  return { url: url.href, state, verifier };
}

/** The token endpoint refused the grant (a revoked or used refresh token): connect again. */
export class GrantRefused extends Error {}

async function tokenCall(
  app: OAuthApp,
  params: Record<string, string>,
  now: number,
): Promise<ConnectionTokens & { raw: Record<string, unknown> }> {
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64");
  const res = await fetch(app.token, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const raw = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 400 || res.status === 401) throw new GrantRefused(String(raw.error ?? ""));
  if (!res.ok || typeof raw.access_token !== "string" || !raw.access_token)
    throw new Error(`token endpoint answered ${res.status}`);
  return {
    accessToken: raw.access_token,
    refreshToken: typeof raw.refresh_token === "string" ? raw.refresh_token : null,
    expiresAt: expiresAtOf(raw.expires_in, now),
    raw,
  };
}

export function exchangeCode(
  config: Config,
  app: OAuthApp,
  provider: WebinarProvider,
  code: string,
  verifier: string | null,
  now: number,
) {
  return tokenCall(
    app,
    {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUriOf(config, provider),
      ...(verifier ? { code_verifier: verifier } : {}),
    },
    now,
  );
}

/**
 * A new access token from the refresh token. Zoom rotates the refresh token on every use; GoTo
 * sends a new one only when the old one is near its end, so the old one is kept otherwise.
 */
export async function refreshTokens(
  app: OAuthApp,
  refreshToken: string,
  now: number,
): Promise<ConnectionTokens> {
  const t = await tokenCall(app, { grant_type: "refresh_token", refresh_token: refreshToken }, now);
  return {
    accessToken: t.accessToken,
    refreshToken: t.refreshToken ?? refreshToken,
    expiresAt: t.expiresAt,
  };
}

/** Who connected: the service's id of the person, their e-mail and name, and GoTo's organizer key. */
export interface ProviderProfile {
  externalId: string;
  email: string;
  /** The service vouches for the e-mail (Zoom: `verified` 1; GoTo signs people in by it). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  organizerKey: string | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

async function getJson(url: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Zoom: GET /users/me. GoTo: the token answer may already name the organizer (organizer_key,
 * email, firstName, lastName: GoTo Webinar clients); otherwise the Admin API's GET /me does.
 */
export async function fetchProfile(
  config: Config,
  provider: WebinarProvider,
  token: { accessToken: string; raw: Record<string, unknown> },
): Promise<ProviderProfile> {
  if (provider === "zoom") {
    const me = await getJson(
      `${config.ZOOM_API_BASE.replace(/\/+$/, "")}/users/me`,
      token.accessToken,
    );
    const profile = {
      externalId: str(me.id),
      email: str(me.email).trim(),
      emailVerified: Number(me.verified) === 1,
      firstName: str(me.first_name).slice(0, 60),
      lastName: str(me.last_name).slice(0, 60),
      organizerKey: null,
    };
    if (!profile.externalId) throw new Error(`${providerName(provider)} named no user`);
    return profile;
  }
  const raw = token.raw;
  let key = str(raw.organizer_key);
  let email = str(raw.email) || str(raw.principal);
  let firstName = str(raw.firstName);
  let lastName = str(raw.lastName);
  if (!key) {
    const me = await getJson(
      `${config.GOTO_ADMIN_API_BASE.replace(/\/+$/, "")}/me`,
      token.accessToken,
    );
    key = str(me.key);
    email = str(me.email) || email;
    firstName = str(me.firstName) || firstName;
    lastName = str(me.lastName) || lastName;
  }
  if (!key) throw new Error("GoTo named no organizer");
  return {
    externalId: key,
    email: email.trim(),
    emailVerified: email.trim() !== "",
    firstName: firstName.slice(0, 60),
    lastName: lastName.slice(0, 60),
    organizerKey: key,
  };
}
