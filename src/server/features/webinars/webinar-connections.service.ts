import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import {
  CONNECTION_TEXT,
  type ConnectionsResponse,
  type ConnectionTokens,
  providerName,
  tokenExpired,
} from "../../../domain/webinar-connections";
import { WEBINAR_PROVIDERS, type WebinarProvider } from "../../../domain/webinars";
import type { Actor, AppContext } from "../../http/context";
import { keyRing, open, seal } from "../auth/secret-box";
import * as q from "./webinar-connections.queries";
import { GrantRefused, oauthApp, type ProviderProfile, refreshTokens } from "./webinar-oauth";
import { providerConfigured } from "./webinar-providers";

/** What a connection keeps sealed at rest: the tokens, and GoTo's organizer key. */
interface SealedGrant extends ConnectionTokens {
  organizerKey: string | null;
}

function sealGrant(ctx: AppContext, grant: SealedGrant): string {
  return seal(keyRing(ctx.config), JSON.stringify(grant));
}

function openGrant(ctx: AppContext, sealed: string): SealedGrant {
  return JSON.parse(open(keyRing(ctx.config), sealed)) as SealedGrant;
}

/** The server has the service's OAuth app, so accounts can connect it (and sign up through it). */
export function connectable(ctx: AppContext, provider: WebinarProvider): boolean {
  return oauthApp(ctx.config, provider) !== null;
}

export async function listConnections(ctx: AppContext, auth: Actor): Promise<ConnectionsResponse> {
  assertCan(auth, "webinars:read");
  const rows = await q.listConnections(ctx.db, auth);
  const out = {} as ConnectionsResponse;
  for (const p of WEBINAR_PROVIDERS) {
    const row = rows.find((r) => r.provider === p);
    out[p] = {
      connectable: connectable(ctx, p),
      connection: row ? { email: row.email, connectedAt: row.connectedAt.toISOString() } : null,
      serverToken: providerConfigured(ctx.config, p),
    };
  }
  return out;
}

/** Stores (or replaces) the account's connection to the service with fresh tokens. */
export async function storeConnection(
  ctx: AppContext,
  account: { accountId: number },
  connectedBy: number | null,
  provider: WebinarProvider,
  profile: ProviderProfile,
  tokens: ConnectionTokens,
) {
  await q.upsertConnection(ctx.db, {
    accountId: account.accountId,
    provider,
    externalId: profile.externalId,
    email: profile.email,
    credentials: sealGrant(ctx, { ...tokens, organizerKey: profile.organizerKey }),
    connectedBy,
  });
}

/** The account's connection to the service, if any (without its secrets). */
export async function connectionOf(
  ctx: AppContext,
  account: { accountId: number },
  provider: WebinarProvider,
) {
  const row = await q.findConnection(ctx.db, account, provider);
  return row ? { externalId: row.externalId, email: row.email } : null;
}

export async function disconnect(ctx: AppContext, auth: Actor, provider: WebinarProvider) {
  assertCan(auth, "webinars:write");
  if (!(await q.deleteConnection(ctx.db, auth, provider)))
    throw new AppError("NOT_FOUND", CONNECTION_TEXT.notConnected(providerName(provider)));
}

/** How an import calls the service: a token, GoTo's organizer key, and one way to renew. */
export interface ProviderAccess {
  token: string;
  organizerKey: string | null;
  /** A new token after the service refused this one (401); null when it cannot be renewed. */
  renew: (() => Promise<string>) | null;
}

/**
 * The account's own access to the service: its token, renewed first when it has ended. A renewal
 * runs with the row locked, so two imports at once do not both spend Zoom's single-use refresh
 * token; the second finds the first one's new pair. Null when the account has not connected.
 */
export async function accessFor(
  ctx: AppContext,
  account: { accountId: number },
  provider: WebinarProvider,
  now: () => number = () => ctx.clock.now().getTime(),
): Promise<ProviderAccess | null> {
  const row = await q.findConnection(ctx.db, account, provider);
  if (!row) return null;
  const name = providerName(provider);
  const renewed = async (force: boolean, used: string): Promise<SealedGrant> =>
    ctx.db.transaction(async (tx) => {
      const locked = await q.findConnection(tx, account, provider, true);
      if (!locked) throw new AppError("CONFLICT", CONNECTION_TEXT.notConnected(name));
      const grant = openGrant(ctx, locked.credentials);
      // Another request renewed it meanwhile: use its pair.
      if (grant.accessToken !== used && !tokenExpired(grant, now())) return grant;
      if (!force && !tokenExpired(grant, now())) return grant;
      const app = oauthApp(ctx.config, provider);
      if (!app || !grant.refreshToken)
        throw new AppError("CONFLICT", CONNECTION_TEXT.reconnect(name), { reason: "reconnect" });
      let fresh: ConnectionTokens;
      try {
        fresh = await refreshTokens(app, grant.refreshToken, now());
      } catch (err) {
        if (err instanceof GrantRefused)
          throw new AppError("CONFLICT", CONNECTION_TEXT.reconnect(name), { reason: "reconnect" });
        throw new AppError("CONFLICT", CONNECTION_TEXT.connectFailed(name), {
          reason: "provider_failed",
        });
      }
      const next = { ...fresh, organizerKey: grant.organizerKey };
      await q.saveCredentials(tx, locked.id, sealGrant(ctx, next));
      return next;
    });

  let grant = openGrant(ctx, row.credentials);
  if (tokenExpired(grant, now())) grant = await renewed(false, grant.accessToken);
  const access: ProviderAccess = {
    token: grant.accessToken,
    organizerKey: grant.organizerKey,
    renew: async () => {
      grant = await renewed(true, access.token);
      access.token = grant.accessToken;
      return grant.accessToken;
    },
  };
  return access;
}
