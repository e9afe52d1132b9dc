import { type DeliveryStatus, fromTwilio, TWILIO_ERRORS } from "../../../domain/delivery-status";
import { UNRECORDABLE_OUTCOME_ERROR } from "../../../domain/international";
import type { SendResult } from "../../carriers/carrier";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { carrierErrors, dispatched } from "../../ops/metrics";
import { publish } from "../../realtime/realtime";
import { recordCarrierOptOut } from "../compliance/compliance.service";
import { refundCredits } from "../credits/credits.service";
import { updateMessagesInIdOrder } from "../messages/ordered-update";
import { STATUS_EVENTS_SQL } from "../messages/status-events";
import { runProgressed } from "../sends/run-progress";
import type { Claimed } from "./dispatch-claim";

export type Outcome =
  | { kind: "accepted"; row: Claimed; result: SendResult }
  /** `uncertain`: no answer came (timeout, 5xx), so the carrier may have the text already. */
  | { kind: "retry"; row: Claimed; afterMs: number; uncertain?: boolean }
  | { kind: "hold"; row: Claimed; until: Date }
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
    await updateMessagesInIdOrder(
      db,
      accepted.map((o) => o.row.id),
      `update messages m
          set pending_dispatch = false, claimed_until = null, carrier_sid = v.sid,
              segments = v.segments, sent_at = coalesce(m.sent_at, now()),
              status = case when m.status = 'Queued' then v.status else m.status end,
              updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::int[], $4::text[]) as v(id, sid, segments, status)
        where m.id = v.id and $locked`,
      [
        accepted.map((o) => o.row.id),
        accepted.map((o) => o.result.sid),
        accepted.map((o) => o.result.segments),
        accepted.map((o) => fromTwilio(o.result.status) ?? "Queued"),
      ],
    );
  }

  const later = outcomes.filter((o) => o.kind === "retry" || o.kind === "hold");
  if (later.length) {
    // Only a claim still this worker's is given back (its claim count unchanged): one that
    // lapsed and was claimed by another worker is that worker's now.
    await db.query(
      `update messages m
          set claimed_until = null, not_before = v.at,
              attempts = case when v.hold then greatest(m.attempts - 1, 0) else m.attempts end,
              carrier_uncertain = m.carrier_uncertain or v.uncertain
         from unnest($1::bigint[], $2::timestamptz[], $3::bool[], $4::bool[], $5::int[])
              as v(id, at, hold, uncertain, attempts)
        where m.id = v.id and m.pending_dispatch and m.attempts = v.attempts`,
      [
        later.map((o) => o.row.id),
        later.map((o) =>
          o.kind === "hold" ? o.until : new Date(ctx.clock.now().getTime() + o.afterMs),
        ),
        later.map((o) => o.kind === "hold"),
        later.map((o) => o.kind === "retry" && o.uncertain === true),
        later.map((o) => o.row.attempts),
      ],
    );
  }

  const failed = outcomes.filter((o) => o.kind === "failed");
  if (failed.length) {
    const done = await updateMessagesInIdOrder<{ id: number }>(
      db,
      failed.map((o) => o.row.id),
      `, upd as (
         update messages m
            set pending_dispatch = false, claimed_until = null, status = v.status,
                error_code = v.code, updated_at = now()
           from unnest($1::bigint[], $2::text[], $3::int[]) as v(id, status, code)
          where m.id = v.id and m.pending_dispatch and $locked
          returning m.id, m.account_id, m.subscriber_id, m.status, m.error_code, m.to_number,
                    m.from_number
       ),
       ${STATUS_EVENTS_SQL}
       select id::int from upd`,
      [failed.map((o) => o.row.id), failed.map((o) => o.status), failed.map((o) => o.code)],
    );
    const changed = new Set(done.rows.map((r) => r.id));
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
