import { AppError } from "../../../domain/errors";
import { INTEGRATION_TEXT, type ZapierSubscribeRequest } from "../../../domain/integrations";
import { type Actor, assertCan } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { getAccountContact } from "../account/account.service";
import { webhookPayload } from "../webhooks/webhook-events";
import { createWebhook, deleteWebhook } from "../webhooks/webhooks.service";
import * as q from "./integrations.queries";

/**
 * Zapier REST hooks. A Zap turned on subscribes its hook URL to one event; the subscription is an
 * outgoing webhook endpoint of the account, so triggers are the webhook events with their
 * signatures, retries, ordering and delivery log. Turning the Zap off unsubscribes. Actions are
 * the public API (/api/v1) called with the same key.
 */
function toHook(h: { id: number; event: string; targetUrl: string; createdAt: Date }) {
  return { id: h.id, event: h.event, hookUrl: h.targetUrl, createdAt: h.createdAt.toISOString() };
}

export async function subscribe(
  ctx: AppContext,
  auth: Actor,
  keyId: number | null,
  input: ZapierSubscribeRequest,
) {
  assertCan(auth, "webhooks:write");
  const endpoint = await createWebhook(ctx, auth, {
    url: input.hookUrl,
    description: "Zapier",
    events: [input.event],
  });
  const hook = await q.insertZapierHook(ctx.db, {
    accountId: auth.accountId,
    apiKeyId: keyId,
    webhookId: endpoint.id,
    event: input.event,
    targetUrl: input.hookUrl,
  });
  return toHook(hook);
}

export async function unsubscribe(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webhooks:write");
  const hook = await q.findZapierHook(ctx.db, auth, id);
  if (!hook) throw new AppError("NOT_FOUND", INTEGRATION_TEXT.hookNotFound);
  // The hook row goes with its endpoint (on delete cascade).
  await deleteWebhook(ctx, auth, hook.webhookId);
}

/** The page's Disconnect: every Zapier subscription of the account (Zaps stop triggering). */
export async function disconnectZapier(ctx: AppContext, auth: Actor): Promise<boolean> {
  const hooks = await q.listZapierHooks(ctx.db, auth);
  for (const h of hooks) await deleteWebhook(ctx, auth, h.webhookId);
  return hooks.length > 0;
}

/** Zapier's connection test: which account the key belongs to (shown as the connection label). */
export async function me(ctx: AppContext, auth: Actor, keyName: string) {
  assertCan(auth, "webhooks:read");
  const account = await getAccountContact(ctx, auth.accountId);
  return { accountId: auth.accountId, accountName: account?.businessName ?? "", keyName };
}

/** Sample data for the Zap editor: the account's latest real events of that kind, as delivered. */
export async function samples(ctx: AppContext, auth: Actor, event: string) {
  assertCan(auth, "webhooks:read");
  const rows = await q.recentEventsOfType(ctx.db, auth.accountId, event, 3);
  return rows.map((r) => webhookPayload(r));
}
