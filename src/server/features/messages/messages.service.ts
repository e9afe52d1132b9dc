import {
  type DeliveryStatus,
  fromTwilio,
  statusGroup,
  TWILIO_ERRORS,
} from "../../../domain/delivery-status";
import { CarrierError } from "../../carriers/carrier";
import type { AppContext } from "../../http/context";
import { publish } from "../../realtime/realtime";
import { assertSendable, recordCarrierOptOut } from "../compliance/compliance.service";
import { refundCredits } from "../credits/credits.service";
import { STATUS_WEBHOOK_PATH } from "../numbers/numbers.service";
import { runProgressed } from "../sends/run-progress";
import * as q from "./messages.queries";
import { StatusBatcher } from "./status-batcher";

export interface SendInput {
  accountId: number;
  from: { id: number; number: string };
  to: string;
  body: string;
  mediaUrls?: string[];
  source: string;
  /** The subscriber on the other end, when known (the inbox and campaigns pass it). */
  subscriberId?: number;
  /** The user who sent it (inbox, composer test send). */
  userId?: number;
  /** Credits the caller charged for it: given back if the carrier reports it failed. */
  credits?: number;
  /**
   * Compliance replies (the STOP confirmation) go to a number that has just opted out; that
   * single reply is what the rules require, so it skips the suppression check.
   */
  complianceReply?: boolean;
}

export interface SendOutcome {
  id: number;
  status: DeliveryStatus;
  errorCode: number | null;
}

/**
 * One message through the carrier. The row exists before the carrier is called, its id is the
 * idempotency key, and the status callback URL names it, so a callback can never arrive for a
 * message we do not know.
 */
export async function sendMessage(ctx: AppContext, input: SendInput): Promise<SendOutcome> {
  if (!input.complianceReply) await assertSendable(ctx, input.accountId, input.to);
  const row = await q.insertMessage(ctx.db, {
    accountId: input.accountId,
    direction: "outbound",
    phoneNumberId: input.from.id,
    fromNumber: input.from.number,
    toNumber: input.to,
    body: input.body,
    mediaUrls: input.mediaUrls ?? [],
    status: "Queued",
    source: input.source,
    subscriberId: input.subscriberId ?? null,
    userId: input.userId ?? null,
    credits: input.credits ?? 0,
  });
  try {
    const result = await ctx.carrier.send({
      from: input.from.number,
      to: input.to,
      body: input.body,
      mediaUrls: input.mediaUrls,
      statusCallback: `${ctx.config.webhookBase}${STATUS_WEBHOOK_PATH}?m=${row.id}`,
      idempotencyKey: `parley-message-${row.id}`,
    });
    const accepted = fromTwilio(result.status) ?? "Queued";
    await q.updateMessage(ctx.db, row.id, { carrierSid: result.sid, segments: result.segments });
    // A fast callback may already have moved it on; compare-and-set keeps the later status.
    if (accepted !== "Queued") {
      await q.casStatus(ctx.db, row.id, "Queued", {
        status: accepted,
        errorCode: result.errorCode,
        sid: result.sid,
      });
    }
    return { id: row.id, status: accepted, errorCode: result.errorCode };
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    const status: DeliveryStatus = err.retryable
      ? "Sending Failed"
      : (fromTwilio("failed", err.code) ?? "Send Rejected");
    await q.updateMessage(ctx.db, row.id, { status, errorCode: err.code });
    if (err.code === TWILIO_ERRORS.OPTED_OUT)
      await recordCarrierOptOut(ctx, input.accountId, input.to, row.id);
    return { id: row.id, status, errorCode: err.code };
  }
}

export type CallbackResult = "applied" | "ignored" | "unknown";

const batchers = new WeakMap<AppContext, StatusBatcher>();

/** A status callback: idempotent (a repeat changes nothing) and monotonic (never backwards). */
export async function applyStatusCallback(
  ctx: AppContext,
  cb: { messageId?: number; sid: string; messageStatus: string; errorCode: number | null },
): Promise<CallbackResult> {
  const next = fromTwilio(cb.messageStatus, cb.errorCode);
  if (!next) return "ignored";
  // Callbacks configured on the number (not per message) name only the sid.
  const id = cb.messageId ?? (await q.findForCallback(ctx.db, { sid: cb.sid }))?.id;
  if (id === undefined) return "unknown";
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = new StatusBatcher(ctx.db);
    batchers.set(ctx, batcher);
  }
  const result = await batcher.apply({ id, sid: cb.sid, status: next, errorCode: cb.errorCode });
  if (result.kind === "applied") {
    if (cb.errorCode === TWILIO_ERRORS.OPTED_OUT)
      await recordCarrierOptOut(ctx, result.accountId, result.toNumber, id);
    const group = statusGroup(next);
    if (group === "failed" || group === "blocked") {
      await refundCredits(ctx.db.$client, result.accountId, result.credits, {
        messageId: id,
        runId: result.runId,
      });
    }
    // One-to-one messages update open conversations live; a campaign's thousands per second
    // would flood every screen, so its screens refresh their counts instead.
    if (result.runId === null)
      // Only to users who may see the number it went from (restricted users see their own).
      publish(
        ctx,
        result.accountId,
        "message-status",
        { messageId: id, status: next },
        { phoneNumberId: result.phoneNumberId },
      );
    else runProgressed(ctx, result.accountId, result.runId);
  }
  return result.kind;
}

export async function recordInbound(
  ctx: AppContext,
  msg: {
    accountId: number;
    phoneNumberId: number;
    sid: string;
    from: string;
    to: string;
    body: string;
    mediaUrls: string[];
    segments: number;
  },
) {
  return q.insertInboundOnce(ctx.db, {
    accountId: msg.accountId,
    direction: "inbound",
    phoneNumberId: msg.phoneNumberId,
    fromNumber: msg.from,
    toNumber: msg.to,
    body: msg.body,
    mediaUrls: msg.mediaUrls,
    segments: msg.segments,
    status: "Received",
    carrierSid: msg.sid,
    source: "carrier",
  });
}
