import { diffFields } from "../../../domain/audit";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  WEBHOOK_TEXT,
} from "../../../domain/webhooks";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { getAccountContact } from "../account/account.service";
import { recordAudit, recordAuditOfChanges } from "../audit/audit.service";
import { keyRing, open, seal } from "../auth/secret-box";
import { sendMail } from "../mail/mailer";
import { newWebhookSecret } from "./webhook-signature";
import * as q from "./webhooks.queries";

function toWebhook(row: q.EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: q.DeliveryRow) {
  return {
    id: row.id,
    eventType: row.eventType,
    eventId: row.eventId,
    status: row.status as "pending" | "delivered" | "failed",
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload as Record<string, unknown>,
  };
}

export async function createWebhook(ctx: AppContext, auth: Actor, input: CreateWebhookRequest) {
  assertCan(auth, "webhooks:write");
  ctx.outbound.assertAllowedUrl(input.url);
  const secret = newWebhookSecret();
  const row = await inTransaction(ctx.db, async (tx) => {
    const made = await q.insertEndpoint(tx, {
      accountId: auth.accountId,
      url: input.url,
      description: input.description,
      events: [...new Set(input.events)],
      secret: seal(keyRing(ctx.config), secret),
    });
    // The address and events, never the signing secret.
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "webhooks.create",
      target: { type: "webhook", id: made.id, label: input.url },
      changes: { events: { after: [...new Set(input.events)] } },
    });
    return made;
  });
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(ctx: AppContext, auth: Actor) {
  assertCan(auth, "webhooks:read");
  return { rows: (await q.listEndpoints(ctx.db, auth.accountId)).map(toWebhook) };
}

export async function getWebhook(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webhooks:read");
  const row = await q.findEndpoint(ctx.db, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", WEBHOOK_TEXT.notFound);
  return toWebhook(row);
}

export async function updateWebhook(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: UpdateWebhookRequest,
) {
  assertCan(auth, "webhooks:write");
  if (input.url !== undefined) ctx.outbound.assertAllowedUrl(input.url);
  const row = await inTransaction(ctx.db, async (tx) => {
    const before = await q.findEndpoint(tx, auth.accountId, id);
    if (!before) return null;
    const after = await q.updateEndpoint(tx, auth.accountId, id, {
      url: input.url,
      description: input.description,
      events: input.events ? [...new Set(input.events)] : undefined,
      enabled: input.enabled,
    });
    if (!after) return null;
    // What a person sees of an endpoint; never its signing secret.
    const seen = (e: typeof after) => ({
      url: e.url,
      description: e.description,
      events: e.events,
      enabled: e.enabled,
    });
    const changes = diffFields(seen(before), seen(after));
    await recordAuditOfChanges({ ...ctx, db: tx }, auth, {
      action: "webhooks.update",
      target: { type: "webhook", id, label: after.url },
      changes,
    });
    return after;
  });
  if (!row) throw new AppError("NOT_FOUND", WEBHOOK_TEXT.notFound);
  return toWebhook(row);
}

export async function deleteWebhook(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webhooks:write");
  await inTransaction(ctx.db, async (tx) => {
    if (!(await q.deleteEndpoint(tx, auth.accountId, id)))
      throw new AppError("NOT_FOUND", WEBHOOK_TEXT.notFound);
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "webhooks.delete",
      target: { type: "webhook", id },
    });
  });
}

export async function listDeliveries(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webhooks:read");
  const endpoint = await q.findEndpoint(ctx.db, auth.accountId, id);
  if (!endpoint) throw new AppError("NOT_FOUND", WEBHOOK_TEXT.notFound);
  return { rows: (await q.listDeliveries(ctx.db, auth.accountId, id, 100)).map(toDelivery) };
}

/** Sends an event again (a new delivery with the same event id, so receivers can de-duplicate). */
export async function replayDelivery(ctx: AppContext, auth: Actor, id: number, deliveryId: number) {
  assertCan(auth, "webhooks:write");
  const d = await q.findDelivery(ctx.db, auth.accountId, id, deliveryId);
  if (!d) throw new AppError("NOT_FOUND", WEBHOOK_TEXT.deliveryNotFound);
  return toDelivery(await q.replayDelivery(ctx.db, d));
}

export function openSecret(ctx: AppContext, sealed: string): string {
  return open(keyRing(ctx.config), sealed);
}

/**
 * The account hears that its webhook was turned off. By e-mail through the one mail path; the
 * notifications feature (another branch) may add an in-app notice here: notifyWebhookDisabled.
 */
export async function notifyWebhookDisabled(
  ctx: AppContext,
  endpoint: { id: number; accountId: number; url: string },
) {
  const account = await getAccountContact(ctx, endpoint.accountId);
  if (!account) return;
  const base = ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${ctx.config.PORT}`;
  const link = `${base}/developer-dashboard`;
  const text = `Hi ${account.businessName},\n\nYour webhook ${endpoint.url} failed for a day, so Parley turned it off. Events are no longer sent to it.\n\nFix the receiver, then turn the webhook back on (and replay what it missed) on the developer dashboard: ${link}\n`;
  await sendMail(ctx, {
    accountId: endpoint.accountId,
    to: account.email,
    subject: "Your Parley webhook was turned off",
    text,
    html: `<p>Hi ${escapeHtml(account.businessName)},</p><p>Your webhook <b>${escapeHtml(endpoint.url)}</b> failed for a day, so Parley turned it off. Events are no longer sent to it.</p><p>Fix the receiver, then turn the webhook back on (and replay what it missed) on the <a href="${escapeHtml(link)}">developer dashboard</a>.</p>`,
    kind: "webhook_disabled",
  });
}

function escapeHtml(s: string) {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
