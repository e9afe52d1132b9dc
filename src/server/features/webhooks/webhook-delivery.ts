import {
  WEBHOOK_GIVE_UP_HOURS,
  WEBHOOK_TEXT,
  webhookBackoffSeconds,
} from "../../../domain/webhooks";
import { pruneIdempotency } from "../../http/api-auth";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { BlockedDestinationError } from "../../net/safe-http";
import { signatureHeaders } from "./webhook-signature";
import * as q from "./webhooks.queries";
import { notifyWebhookDisabled, openSecret } from "./webhooks.service";

const BATCH = 200;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;

async function attempt(ctx: AppContext, d: q.ClaimedDelivery): Promise<q.AttemptResult> {
  const body = JSON.stringify(d.payload);
  // The event's id: the same on a retry or a replay, so a receiver can drop a repeat.
  const messageId = String(d.payload.id);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await ctx.outbound.request(d.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Parley-Webhooks/1",
        // The type is also the body's `type`; as a header a receiver can route before parsing.
        "parley-event": d.eventType,
        "parley-delivery": String(d.id),
        ...signatureHeaders(openSecret(ctx, d.secret), messageId, ctx.clock.now(), body),
      },
      body,
      timeoutMs: TIMEOUT_MS,
    });
    statusCode = res.statusCode;
    await res.dump();
    if (statusCode >= 200 && statusCode < 300)
      return { id: d.id, ok: true, statusCode, error: null, retryInSeconds: null };
    error = `HTTP ${statusCode}`;
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    // An internal destination stays internal: fail now, with the reason in the delivery log.
    if (err instanceof BlockedDestinationError)
      return { id: d.id, ok: false, statusCode: null, error, retryInSeconds: null };
  }
  const retry = webhookBackoffSeconds(d.attempts + 1);
  const giveUp = ctx.clock.now().getTime() + retry * 1000 > new Date(d.giveUpAt).getTime();
  return { id: d.id, ok: false, statusCode, error, retryInSeconds: giveUp ? null : retry };
}

/**
 * One pass of the webhook sender: claims due deliveries (heads of each subscriber's queue),
 * posts them at once, records every result in one statement, then turns off endpoints that have
 * failed for a day and tells their accounts. Returns how many it attempted.
 */
export async function deliverDueWebhooks(ctx: AppContext): Promise<number> {
  const claimed = await q.claimDue(ctx.db, BATCH, LEASE_SECONDS);
  if (claimed.length === 0) return 0;
  const results = await Promise.all(claimed.map((d) => attempt(ctx, d)));
  await q.recordAttempts(ctx.db, results);
  const endpointOf = new Map(claimed.map((d) => [d.id, d.endpointId]));
  const ok = new Set<number>();
  const failing = new Set<number>();
  for (const r of results) (r.ok ? ok : failing).add(endpointOf.get(r.id)!);
  for (const id of ok) failing.delete(id);
  await q.markEndpointHealth(ctx.db, [...ok], [...failing]);
  if (failing.size > 0) await disableFailingEndpoints(ctx);
  return claimed.length;
}

export async function disableFailingEndpoints(ctx: AppContext) {
  const off = await q.disablePersistentFailures(
    ctx.db,
    WEBHOOK_GIVE_UP_HOURS,
    WEBHOOK_TEXT.disabledAfterFailures,
  );
  for (const endpoint of off) {
    await notifyWebhookDisabled(ctx, endpoint).catch((err) =>
      log.error({ component: "webhooks", err }, "webhook disabled notice not sent"),
    );
  }
}

// A duration (performance.now()), not a time of day; -Infinity: the first round prunes.
let lastPrune = Number.NEGATIVE_INFINITY;
/** Housekeeping that rides along the loop: stored idempotent answers older than a day. */
export async function webhookHousekeeping(ctx: AppContext) {
  if (performance.now() - lastPrune < 3_600_000) return;
  lastPrune = performance.now();
  await pruneIdempotency(ctx);
}
