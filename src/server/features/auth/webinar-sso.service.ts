import { can, type UserActor, userActor } from "../../../domain/permissions";
import {
  type ConnectionTokens,
  providerName,
  type SsoSignup,
} from "../../../domain/webinar-connections";
import type { WebinarProvider } from "../../../domain/webinars";
import type { AppContext } from "../../http/context";
import { findUserByEmail, findUserById, markEmailVerified } from "../users/user-records.service";
import * as connections from "../webinars/webinar-connections.service";
import {
  authorizationRequest,
  exchangeCode,
  fetchProfile,
  oauthApp,
  type ProviderProfile,
} from "../webinars/webinar-oauth";
import { keyRing, open, seal } from "./secret-box";
import * as q from "./sign-in.queries";
import { continueSignIn, type SignInClient, type SignInOutcome } from "./sign-in.service";
import * as tokens from "./tokens.queries";

const STATE_MINUTES = 10;
/** Long enough to fill in the sign-up form; the provider's tokens wait sealed meanwhile. */
const SIGNUP_MINUTES = 30;

/**
 * Zoom and GoTo through their OAuth (authorization code; PKCE for Zoom): an account connecting
 * its own service account from /webinars/import, and a person signing up or logging in from the
 * /zoom and /goto welcome pages (spec doc 3 §4: browser redirects to backend sign-up paths).
 * Both come back to one callback per service; the state says which it was. The state is kept
 * server-side and in a cookie of this browser, so a callback from another browser is refused.
 */
export async function startAuthorization(
  ctx: AppContext,
  provider: WebinarProvider,
  connectFor: UserActor | null,
) {
  const app = oauthApp(ctx.config, provider);
  if (!app) return null;
  const request = await authorizationRequest(ctx.config, app, provider);
  const expiresAt = new Date(ctx.clock.now().getTime() + STATE_MINUTES * 60_000);
  await tokens.insertToken(ctx.db, {
    kind: "webinar_oauth_state",
    tokenHash: tokens.hashToken(request.state),
    userId: connectFor?.userId ?? null,
    accountId: connectFor?.accountId ?? null,
    data: { provider, verifier: request.verifier, purpose: connectFor ? "connect" : "signin" },
    expiresAt,
  });
  return { url: request.url, state: request.state, expiresAt };
}

export type SsoResult =
  | { kind: "error"; purpose: "connect" | "signin" }
  | { kind: "connected" }
  | { kind: "not_connected" }
  | { kind: "signed_in"; outcome: SignInOutcome }
  | { kind: "signup"; token: string; expiresAt: Date };

interface Grant {
  provider: WebinarProvider;
  profile: ProviderProfile;
  tokens: ConnectionTokens;
}

/** The service sent the browser back: the code becomes tokens and the person behind them. */
export async function finishAuthorization(
  ctx: AppContext,
  provider: WebinarProvider,
  input: { query: URLSearchParams; cookieState: string | undefined; actor: UserActor | null },
  client: SignInClient,
  log: { warn: (obj: object, msg: string) => void },
): Promise<SsoResult> {
  const state = input.query.get("state") ?? "";
  const row = state ? await tokens.findLiveToken(ctx.db, "webinar_oauth_state", state) : undefined;
  const data = row?.data as { provider?: string; verifier?: string | null; purpose?: string };
  // An unknown or spent state names no purpose: someone signed in was most likely connecting.
  const purpose = data?.purpose
    ? data.purpose === "connect"
      ? "connect"
      : "signin"
    : input.actor
      ? "connect"
      : "signin";
  const app = oauthApp(ctx.config, provider);
  if (
    !app ||
    !row ||
    state !== input.cookieState ||
    data.provider !== provider ||
    !(await tokens.consumeToken(ctx.db, row.id))
  )
    return { kind: "error", purpose };
  const code = input.query.get("code");
  if (input.query.has("error") || !code) return { kind: "error", purpose };

  let grant: Grant;
  try {
    const answer = await exchangeCode(
      ctx.config,
      app,
      provider,
      code,
      data.verifier ?? null,
      ctx.clock.now().getTime(),
    );
    const profile = await fetchProfile(ctx.config, provider, answer);
    const { raw: _raw, ...kept } = answer;
    grant = { provider, profile, tokens: kept };
  } catch (err) {
    log.warn({ err, provider }, "the webinar service's authorization failed");
    return { kind: "error", purpose };
  }

  if (purpose === "connect") {
    // Whoever started connecting must still be the one signed in on this browser.
    const actor = input.actor;
    if (!actor || actor.userId !== row.userId || actor.accountId !== row.accountId)
      return { kind: "error", purpose };
    await connections.storeConnection(
      ctx,
      actor,
      actor.userId,
      provider,
      grant.profile,
      grant.tokens,
    );
    return { kind: "connected" };
  }
  return signInOrSignUp(ctx, grant, client);
}

async function signInOrSignUp(ctx: AppContext, grant: Grant, client: SignInClient) {
  const { provider, profile } = grant;
  // Only the e-mail the service vouches for names a Parley user. Having connected a service
  // account for webinars does not make it a way in: a company's shared Zoom login would
  // otherwise sign anyone who has it in as the admin who connected it.
  let user: Awaited<ReturnType<typeof findUserById>>;
  if (profile.email) {
    const byEmail = await findUserByEmail(ctx.db, profile.email);
    // An address the service does not vouch for could be anyone's.
    if (byEmail && !profile.emailVerified) return { kind: "not_connected" } as const;
    if (byEmail) {
      await markEmailVerified(ctx.db, byEmail.id);
      user = await findUserById(ctx.db, byEmail.id);
    }
  }
  if (!user) return startSignup(ctx, grant);

  // Signing in through the service connects it, unless the account has another one connected
  // or the person may not manage webinars.
  const actor = userActor({
    accountId: user.accountId,
    userId: user.id,
    level: user.permissionLevel,
    restricted: user.restricted,
  });
  const current = await connections.connectionOf(ctx, actor, provider);
  if (can(actor, "webinars:write") && (!current || current.externalId === profile.externalId))
    await connections.storeConnection(ctx, actor, user.id, provider, profile, grant.tokens);
  // The service signed the person in on this browser: it counts as a proven device.
  await q.rememberDevice(ctx.db, user.id, client.deviceId, client.userAgent);
  return {
    kind: "signed_in",
    outcome: await continueSignIn(ctx, user, client, "phone"),
  } as const;
}

/** No Parley user yet: the grant waits sealed under a short-lived token for /admin-signup. */
async function startSignup(ctx: AppContext, grant: Grant): Promise<SsoResult> {
  const made = tokens.newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + SIGNUP_MINUTES * 60_000);
  await tokens.insertToken(ctx.db, {
    kind: "webinar_signup",
    tokenHash: made.hash,
    email: grant.profile.email,
    data: { sealed: seal(keyRing(ctx.config), JSON.stringify(grant)) },
    expiresAt,
  });
  return { kind: "signup", token: made.token, expiresAt };
}

async function readSignup(ctx: AppContext, token: string | undefined) {
  if (!token) return null;
  const row = await tokens.findLiveToken(ctx.db, "webinar_signup", token);
  const sealed = (row?.data as { sealed?: string } | undefined)?.sealed;
  if (!row || !sealed) return null;
  return { row, grant: JSON.parse(open(keyRing(ctx.config), sealed)) as Grant };
}

/** What the sign-up form is prefilled with (name and e-mail from the service). */
export async function signupPrefill(
  ctx: AppContext,
  token: string | undefined,
): Promise<SsoSignup | null> {
  const found = await readSignup(ctx, token);
  if (!found) return null;
  const { provider, profile } = found.grant;
  return {
    provider,
    providerName: providerName(provider),
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
  };
}

/** The sign-up's e-mail is the one the service vouches for: no verification mail needed. */
export async function signupVouchesFor(
  ctx: AppContext,
  token: string | undefined,
  email: string,
): Promise<boolean> {
  const found = await readSignup(ctx, token);
  const p = found?.grant.profile;
  return Boolean(p?.emailVerified && p.email.toLowerCase() === email.trim().toLowerCase());
}

/** The account was created: the waiting connection becomes its own (once). */
export async function attachSignup(
  ctx: AppContext,
  token: string | undefined,
  created: { accountId: number; userId: number },
): Promise<boolean> {
  const found = await readSignup(ctx, token);
  if (!found || !(await tokens.consumeToken(ctx.db, found.row.id))) return false;
  const { provider, profile, tokens: t } = found.grant;
  await connections.storeConnection(ctx, created, created.userId, provider, profile, t);
  return true;
}
