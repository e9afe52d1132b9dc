import { type DeliveryStatus, fromTwilio, TWILIO_ERRORS } from "../../../domain/delivery-status";
import { CarrierError, type SendResult } from "../../carriers/carrier";
import type { AppContext } from "../../http/context";
import { recordCarrierOptOut } from "../compliance/compliance.service";
import { refundCredits } from "../credits/credits.service";
import { updateMessagesInIdOrder } from "../messages/ordered-update";
import { STATUS_WEBHOOK_PATH } from "../numbers/numbers.service";
import { runProgressed } from "./run-progress";

/** Attempts before a delivery the carrier keeps refusing with a retryable error is given up. */
const MAX_ATTEMPTS = 6;

interface Claimed {
  id: number;
  accountId: number;
  fromNumber: string;
  toNumber: string;
  body: string;
  mediaUrls: string[];
  runId: number | null;
  credits: number;
  attempts: number;
}

/**
 * Claims up to `limit` deliveries that are due: each row gets a lease (claimed_until) in the same
 * statement that picks it, skipping rows another worker holds, so two workers never send the
 * same row; a dead worker's lease lapses and its rows are claimed again.
 */
async function claim(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const res = await ctx.db.$client.query<Claimed>(
    `update messages m
        set claimed_until = now() + make_interval(secs => $2), attempts = m.attempts + 1
       from (select id from messages
              where pending_dispatch and not_before <= now()
                and (claimed_until is null or claimed_until < now())
              order by not_before, id
              limit $1
              for update skip locked) c
      where m.id = c.id
      returning m.id::int, m.account_id as "accountId", m.from_number as "fromNumber",
                m.to_number as "toNumber", m.body, m.media_urls as "mediaUrls",
                m.run_id::int as "runId", m.credits, m.attempts`,
    [limit, ctx.config.DISPATCH_LEASE_SECONDS],
  );
  return res.rows;
}

type Outcome =
  | { kind: "accepted"; row: Claimed; result: SendResult }
  | { kind: "retry"; row: Claimed; afterMs: number }
  | { kind: "failed"; row: Claimed; status: DeliveryStatus; code: number | null };

async function sendOne(ctx: AppContext, row: Claimed): Promise<Outcome> {
  try {
    const result = await ctx.carrier.send({
      from: row.fromNumber,
      to: row.toNumber,
      body: row.body,
      mediaUrls: row.mediaUrls.length ? row.mediaUrls : undefined,
      statusCallback: `${ctx.config.webhookBase}${STATUS_WEBHOOK_PATH}?m=${row.id}`,
      // The delivery id: a resend after a crash is recognised and not delivered twice.
      idempotencyKey: `parley-message-${row.id}`,
    });
    return { kind: "accepted", row, result };
  } catch (err) {
    if (!(err instanceof CarrierError)) {
      return { kind: "retry", row, afterMs: 2000 * row.attempts };
    }
    if (err.retryable && row.attempts < MAX_ATTEMPTS) {
      return { kind: "retry", row, afterMs: err.retryAfterMs ?? 1000 * 2 ** (row.attempts - 1) };
    }
    const status: DeliveryStatus = err.retryable
      ? "Sending Failed"
      : (fromTwilio("failed", err.code) ?? "Send Rejected");
    return { kind: "failed", row, status, code: err.code };
  }
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pooled<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

/**
 * One round: claim a batch, hand each delivery to the carrier, record the outcomes in three set
 * statements. Answers how many it claimed (0 = nothing due).
 */
export async function dispatchBatch(ctx: AppContext, limit: number): Promise<number> {
  const rows = await claim(ctx, limit);
  if (!rows.length) return 0;
  const outcomes = await pooled(rows, ctx.config.DISPATCH_CONCURRENCY, (r) => sendOne(ctx, r));
  // What the carrier answered must be written down: a failed write is tried again (the writes
  // are idempotent) rather than left to the lease, which would send these rows a second time.
  for (let attempt = 1; ; attempt++) {
    try {
      await record(ctx, outcomes);
      break;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
  return rows.length;
}

async function record(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  const db = ctx.db.$client;
  for (const o of outcomes)
    if (o.row.runId !== null) runProgressed(ctx, o.row.accountId, o.row.runId);
  const accepted = outcomes.filter((o) => o.kind === "accepted");
  if (accepted.length) {
    // A fast status callback may already have moved a row on: keep the later status.
    await updateMessagesInIdOrder(
      db,
      accepted.map((o) => o.row.id),
      `update messages m
          set pending_dispatch = false, claimed_until = null, carrier_sid = v.sid,
              segments = v.segments,
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

  const retries = outcomes.filter((o) => o.kind === "retry");
  if (retries.length) {
    await db.query(
      `update messages m
          set claimed_until = null, not_before = now() + v.after_ms * interval '1 millisecond'
         from unnest($1::bigint[], $2::int[]) as v(id, after_ms)
        where m.id = v.id`,
      [retries.map((o) => o.row.id), retries.map((o) => o.afterMs)],
    );
  }

  const failed = outcomes.filter((o) => o.kind === "failed");
  if (failed.length) {
    await updateMessagesInIdOrder(
      db,
      failed.map((o) => o.row.id),
      `update messages m
          set pending_dispatch = false, claimed_until = null, status = v.status,
              error_code = v.code, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::int[]) as v(id, status, code)
        where m.id = v.id and $locked`,
      [failed.map((o) => o.row.id), failed.map((o) => o.status), failed.map((o) => o.code)],
    );
    for (const o of failed) {
      await refundCredits(db, o.row.accountId, o.row.credits, {
        messageId: o.row.id,
        runId: o.row.runId,
      });
      if (o.code === TWILIO_ERRORS.OPTED_OUT)
        await recordCarrierOptOut(ctx, o.row.accountId, o.row.toNumber, o.row.id);
    }
  }
}
