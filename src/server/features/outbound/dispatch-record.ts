import { type DeliveryStatus, fromTwilio, TWILIO_ERRORS } from "../../../domain/delivery-status";
import { UNRECORDABLE_OUTCOME_ERROR } from "../../../domain/international";
import type { SendResult } from "../../carriers/carrier";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { carrierErrors, dispatched } from "../../ops/metrics";
import { publish } from "../../realtime/realtime";
import { recordCarrierOptOut } from "../compliance/compliance.service";
import { refundCredits } from "../credits/credits.service";
import { runProgressed } from "../sends/run-progress";
import type { Claimed } from "./dispatch-claim";
import * as q from "./outbound.queries";

export type Outcome =
  | { kind: "accepted"; row: Claimed; result: SendResult }
  /** `uncertain`: no answer came (timeout, 5xx), so the carrier may have the text already. */
  | { kind: "retry"; row: Claimed; afterMs: number; uncertain?: boolean }
  /** `renew`: it goes with its validity again from `until` (held by a carrier's cap). */
  | { kind: "hold"; row: Claimed; until: Date; renew?: boolean }
  | {
      kind: "failed";
      row: Claimed;
      status: DeliveryStatus;
      code: number | null;
      /** The carrier refused it (not our own rule): a 21610 there is news of an opt-out. */
      byCarrier: boolean;
    };

/**
 * Writes down a batch of dispatch outcomes in a few set statements: accepted (the carrier's sid,
 * the time it went), retry later, held (quiet hours, caps: not an attempt), failed for good
 * (credits refunded once, a carrier opt-out recorded). Idempotent, so a failed write is simply
 * written again.
 *
 * A row whose own data the database refuses (a carrier sid that belongs to another message) must
 * not hold back the rest: the batch is split until that row stands alone, the others are written,
 * and it is written down as failed with its reason, never sent again (the carrier has it, or has
 * another message under that id). Other errors (the database away) are thrown, for a retry.
 */
export async function recordOutcomes(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  await recordIsolated(ctx, outcomes);
  for (const o of outcomes) {
    if (o.row.runId !== null) runProgressed(ctx, o.row.accountId, o.row.runId);
    dispatched.inc({ outcome: o.kind });
  }
}

async function recordIsolated(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  try {
    await recordBatch(ctx, outcomes);
  } catch (err) {
    if (!rowFault(err)) throw err;
    if (outcomes.length > 1) {
      // Halves, so one bad row among thousands costs a few statements, not one per row.
      const half = Math.ceil(outcomes.length / 2);
      await recordIsolated(ctx, outcomes.slice(0, half));
      await recordIsolated(ctx, outcomes.slice(half));
      return;
    }
    const o = outcomes[0]!;
    const sid = o.kind === "accepted" ? o.result.sid : undefined;
    log.error(
      { component: "dispatcher", messageId: o.row.id, outcome: o.kind, carrierSid: sid, err },
      "a dispatch outcome could not be recorded: the message is marked failed and not sent again",
    );
    await recordBatch(ctx, [
      {
        kind: "failed",
        row: o.row,
        status: "Sending Failed",
        code: UNRECORDABLE_OUTCOME_ERROR,
        byCarrier: false,
      },
    ]);
  }
}

/**
 * A refusal caused by the rows' own values (constraint or data errors, SQLSTATE classes 23 and
 * 22): writing them again will fail again, unlike a lost connection or a deadlock.
 */
function rowFault(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("23") || code.startsWith("22"));
}

async function recordBatch(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  const db = ctx.db.$client;

  const accepted = outcomes.filter((o) => o.kind === "accepted");
  if (accepted.length) {
    // A fast status callback may already have moved a row on: keep the later status.
    await q.markAccepted(
      db,
      accepted.map((o) => ({
        id: o.row.id,
        sid: o.result.sid,
        segments: o.result.segments,
        status: fromTwilio(o.result.status) ?? "Queued",
      })),
    );
  }

  const later = outcomes.filter((o) => o.kind === "retry" || o.kind === "hold");
  if (later.length) {
    // Only a claim still this worker's is given back (its claim count unchanged): one that
    // lapsed and was claimed by another worker is that worker's now.
    await q.giveBackClaims(
      db,
      later.map((o) => ({
        id: o.row.id,
        at: o.kind === "hold" ? o.until : new Date(ctx.clock.now().getTime() + o.afterMs),
        hold: o.kind === "hold",
        renew: o.kind === "hold" && o.renew === true,
        uncertain: o.kind === "retry" && o.uncertain === true,
        attempts: o.row.attempts,
      })),
    );
  }

  const failed = outcomes.filter((o) => o.kind === "failed");
  if (failed.length) {
    const changed = new Set(
      await q.markFailed(
        db,
        failed.map((o) => ({ id: o.row.id, status: o.status, code: o.code })),
      ),
    );
    for (const o of failed) {
      if (!changed.has(o.row.id)) continue;
      carrierErrors.inc({ code: String(o.code ?? "none") });
      const ref = { messageId: o.row.id, runId: o.row.runId };
      await refundCredits(db, o.row.accountId, o.row.credits, ref);
      await refundCredits(db, o.row.accountId, o.row.internationalCredits, ref, "international");
      if (o.byCarrier && o.code === TWILIO_ERRORS.OPTED_OUT)
        await recordCarrierOptOut(ctx, o.row.accountId, o.row.toNumber, o.row.id);
      if (o.row.runId === null)
        publish(
          ctx,
          o.row.accountId,
          "message-status",
          { messageId: o.row.id, status: o.status },
          { phoneNumberId: o.row.phoneNumberId },
        );
    }
  }
}
