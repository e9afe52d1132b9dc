import { createHash, createHmac, randomBytes } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  INTEGRATION_INFO,
  INTEGRATION_PROVIDERS,
  INTEGRATION_TEXT,
  type IntegrationProvider,
  type IntegrationStatus,
} from "../../../domain/integrations";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { keyRing, verifiesWithAny } from "../auth/secret-box";
import { CustomerIoClient } from "./customerio.client";
import { HubspotClient, hubspotTokens } from "./hubspot.client";
import { openCredentials, sealCredentials } from "./integration-credentials";
import { IntegrationHttpError } from "./integration-http";
import { syncConnection } from "./integration-sync";
import * as q from "./integrations.queries";

/** Who may see and change integrations: the people who manage the account's settings. */
const PERM = "settings:write" as const;

function statusOf(
  provider: IntegrationProvider,
  row: q.ConnectionRow | undefined,
  ctx: AppContext,
): IntegrationStatus {
  const info = INTEGRATION_INFO[provider];
  let detail = "";
  if (row) {
    const creds = openCredentials(ctx, row.credentials);
    if (creds.kind === "customerio") detail = `Site ID ${creds.siteId}`;
    else if (creds.kind === "hubspot_oauth") detail = "Connected with HubSpot sign-in";
    else if (creds.kind === "hubspot_token") detail = "Connected with a private-app token";
  }
  return {
    provider,
    name: info.name,
    kind: info.kind,
    connected: Boolean(row),
    connectedAt: row?.connectedAt.toISOString() ?? null,
    lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    lastSyncSummary: row?.lastSyncSummary ?? "",
    lastError: row?.lastError ?? null,
    lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
    detail,
  };
}

async function zapierStatus(ctx: AppContext, auth: Actor): Promise<IntegrationStatus> {
  const hooks = await q.listZapierHooks(ctx.db, auth);
  const failed = hooks.find((h) => h.lastDeliveryStatus === "failed");
  const last = hooks
    .map((h) => h.lastDeliveryAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    provider: "zapier",
    name: INTEGRATION_INFO.zapier.name,
    kind: INTEGRATION_INFO.zapier.kind,
    connected: hooks.length > 0,
    connectedAt: hooks[0]?.createdAt.toISOString() ?? null,
    lastSyncAt: last?.toISOString() ?? null,
    lastSyncSummary: "",
    lastError: failed ? `A delivery to ${failed.targetUrl} failed.` : null,
    lastErrorAt: failed?.lastDeliveryAt?.toISOString() ?? null,
    detail: hooks.length === 1 ? "1 active Zap trigger" : `${hooks.length} active Zap triggers`,
  };
}

export async function listIntegrations(ctx: AppContext, auth: Actor) {
  assertCan(auth, PERM);
  const rows = await q.listConnections(ctx.db, auth);
  const out: IntegrationStatus[] = [];
  for (const provider of INTEGRATION_PROVIDERS) {
    out.push(
      provider === "zapier"
        ? await zapierStatus(ctx, auth)
        : statusOf(
            provider,
            rows.find((r) => r.provider === provider),
            ctx,
          ),
    );
  }
  return { rows: out, hubspotOAuth: hubspotOAuthConfigured(ctx) };
}

export async function zapierDetail(ctx: AppContext, auth: Actor) {
  assertCan(auth, PERM);
  const hooks = await q.listZapierHooks(ctx.db, auth);
  return {
    status: await zapierStatus(ctx, auth),
    hooks: hooks.map((h) => ({
      id: h.id,
      event: h.event,
      hookUrl: h.targetUrl,
      createdAt: h.createdAt.toISOString(),
      lastDeliveryStatus: h.lastDeliveryStatus,
      lastDeliveryAt: h.lastDeliveryAt?.toISOString() ?? null,
    })),
  };
}

export async function integrationStatus(
  ctx: AppContext,
  auth: Actor,
  provider: "hubspot" | "customerio",
) {
  assertCan(auth, PERM);
  return statusOf(provider, await q.findConnection(ctx.db, auth, provider), ctx);
}

/** A wrong key is the person's to fix: the other system's refusal becomes a 400 on the form. */
async function proving(check: () => Promise<void>, field: string) {
  try {
    await check();
  } catch (err) {
    if (err instanceof IntegrationHttpError)
      throw new AppError("VALIDATION", err.message, { fields: { [field]: err.message } });
    throw err;
  }
}

export async function connectHubspotToken(
  ctx: AppContext,
  auth: Actor,
  input: { accessToken: string },
) {
  assertCan(auth, PERM);
  await proving(
    () => new HubspotClient(ctx.config.HUBSPOT_API_BASE, input.accessToken).check(),
    "accessToken",
  );
  const row = await q.saveConnection(ctx.db, {
    accountId: auth.accountId,
    provider: "hubspot",
    credentials: sealCredentials(ctx, { kind: "hubspot_token", accessToken: input.accessToken }),
    settings: {},
    connectedBy: auth.userId,
    connectedAt: ctx.clock.now(),
  });
  return statusOf("hubspot", row, ctx);
}

/** Customer.io: the Track credentials, and a new action token shown once. */
export async function connectCustomerIo(
  ctx: AppContext,
  auth: Actor,
  input: { siteId: string; apiKey: string },
) {
  assertCan(auth, PERM);
  await proving(
    () =>
      new CustomerIoClient(ctx.config.CUSTOMERIO_TRACK_BASE, input.siteId, input.apiKey).check(),
    "apiKey",
  );
  const actionToken = `cio_${randomBytes(24).toString("base64url")}`;
  const row = await q.saveConnection(ctx.db, {
    accountId: auth.accountId,
    provider: "customerio",
    credentials: sealCredentials(ctx, { kind: "customerio", ...input }),
    settings: { actionTokenHash: tokenHash(actionToken) },
    connectedBy: auth.userId,
    connectedAt: ctx.clock.now(),
  });
  return { status: statusOf("customerio", row, ctx), actionToken };
}

export function tokenHash(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export async function disconnect(ctx: AppContext, auth: Actor, provider: IntegrationProvider) {
  assertCan(auth, PERM);
  if (provider === "zapier") {
    const { disconnectZapier } = await import("./zapier.service");
    if (!(await disconnectZapier(ctx, auth)))
      throw new AppError("NOT_FOUND", INTEGRATION_TEXT.notConnected);
    return;
  }
  if (!(await q.deleteConnection(ctx.db, auth, provider)))
    throw new AppError("NOT_FOUND", INTEGRATION_TEXT.notConnected);
}

/** "Sync now": runs this connection's sync in the request and answers its new state. */
export async function syncNow(ctx: AppContext, auth: Actor, provider: "hubspot" | "customerio") {
  assertCan(auth, PERM);
  const row = await q.findConnection(ctx.db, auth, provider);
  if (!row) throw new AppError("NOT_FOUND", INTEGRATION_TEXT.notConnected);
  // A sync already running (the background turn) answers for this click too.
  const leased = await q.leaseOne(ctx.db, row.id);
  if (leased) await syncConnection(ctx, leased);
  return integrationStatus(ctx, auth, provider);
}

// ---------------------------------------------------------------------------------------------
// HubSpot OAuth (a public app configured by HUBSPOT_CLIENT_ID / HUBSPOT_CLIENT_SECRET)

export function hubspotOAuthConfigured(ctx: AppContext) {
  return Boolean(ctx.config.HUBSPOT_CLIENT_ID && ctx.config.HUBSPOT_CLIENT_SECRET);
}

const HUBSPOT_SCOPES = "crm.objects.contacts.read crm.objects.contacts.write";
const STATE_TTL_MS = 10 * 60_000;

function redirectUri(ctx: AppContext) {
  return `${ctx.config.publicBase}/api/integrations/hubspot/oauth/callback`;
}

function signState(key: Buffer, payload: string) {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function hubspotAuthorizeUrl(ctx: AppContext, auth: UserActor): string {
  assertCan(auth, PERM);
  if (!hubspotOAuthConfigured(ctx))
    throw new AppError("VALIDATION", INTEGRATION_TEXT.oauthNotConfigured);
  const payload = `${auth.accountId}.${auth.userId}.${ctx.clock.now().getTime()}`;
  const state = `${payload}.${signState(keyRing(ctx.config).current.key, payload)}`;
  const url = new URL(ctx.config.HUBSPOT_AUTHORIZE_URL);
  url.searchParams.set("client_id", ctx.config.HUBSPOT_CLIENT_ID!);
  url.searchParams.set("redirect_uri", redirectUri(ctx));
  url.searchParams.set("scope", HUBSPOT_SCOPES);
  url.searchParams.set("state", state);
  return url.toString();
}

/** HubSpot's redirect back: checks the state is ours, fresh and this person's, then the tokens. */
export async function finishHubspotOAuth(
  ctx: AppContext,
  auth: UserActor,
  code: string,
  state: string,
): Promise<boolean> {
  assertCan(auth, PERM);
  const parts = state.split(".");
  if (parts.length !== 4 || !hubspotOAuthConfigured(ctx)) return false;
  const payload = parts.slice(0, 3).join(".");
  // Any key of the ring: a sign-in begun just before a key rotation still completes.
  const ringKeys = keyRing(ctx.config).keys.map((k) => k.key);
  if (!verifiesWithAny(ringKeys, parts[3]!, (key) => signState(key, payload))) return false;
  if (Number(parts[0]) !== auth.accountId || Number(parts[1]) !== auth.userId) return false;
  if (ctx.clock.now().getTime() - Number(parts[2]) > STATE_TTL_MS) return false;
  const tokens = await hubspotTokens(ctx.clock, ctx.config.HUBSPOT_API_BASE, {
    grant_type: "authorization_code",
    client_id: ctx.config.HUBSPOT_CLIENT_ID!,
    client_secret: ctx.config.HUBSPOT_CLIENT_SECRET!,
    redirect_uri: redirectUri(ctx),
    code,
  }).catch(() => null);
  if (!tokens) return false;
  await q.saveConnection(ctx.db, {
    accountId: auth.accountId,
    provider: "hubspot",
    credentials: sealCredentials(ctx, { kind: "hubspot_oauth", ...tokens }),
    settings: {},
    connectedBy: auth.userId,
    connectedAt: ctx.clock.now(),
  });
  return true;
}
