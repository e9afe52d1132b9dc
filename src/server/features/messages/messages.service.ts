import { fromTwilio, statusGroup, TWILIO_ERRORS } from "../../../domain/delivery-status";
import type { AppContext } from "../../http/context";
import { publish } from "../../realtime/realtime";
import { recordCarrierOptOut } from "../compliance/compliance.service";
import { refundCredits } from "../credits/credits.service";
import { runProgressed } from "../sends/run-progress";
import * as q from "./messages.queries";
import { StatusBatcher } from "./status-batcher";

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
