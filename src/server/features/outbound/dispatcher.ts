import { fromTwilio } from "../../../domain/delivery-status";
import { LANE } from "../../../domain/outbound-policy";
import { CarrierError, type LookupResult, type SendResult } from "../../carriers/carrier";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { expectedAtShutdown } from "../../shutdown";
import {
  applyCallStatus,
  claimDueCalls,
  type DueCall,
  releaseCalls,
  stillCallable,
  VOICE_STATUS_PATH,
} from "../voice/voice.service";
import { type Claimed, claimDue, leaseSeconds } from "./dispatch-claim";
import { decideBatch } from "./dispatch-decide";
import { type Outcome, recordOutcomes } from "./dispatch-record";
import * as q from "./outbound.queries";

const IDLE_POLL_MS = 250;
const RECORD_EVERY_MS = 20;
const MAX_BACKOFF_MS = 60_000;

/**
 * Hands claimed messages to the carrier. Claiming, sending and recording overlap: a claim is
 * made whenever there is room, each message is sent at its turn by the first free slot of a
 * pool of DISPATCH_CONCURRENCY, and answers are written in batches every few milliseconds. So
 * the carrier is never idle while the database works, and the reverse.
 */
export class Dispatcher {
  private stopped = false;
  private backlog = 0;
  private inFlight = 0;
  private outcomes: Outcome[] = [];
  private recording: Promise<void> = Promise.resolve();
  private recordTimer: NodeJS.Timeout | null = null;
  private ready: Claimed[] = [];
  private waiting = new Map<number, { row: Claimed; timer: NodeJS.Timeout }>();
  private wakeUp: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;
  /** Every row this worker has claimed and not yet written an outcome for. */
  private held = new Map<number, Claimed>();
  private heartbeat: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.loopDone = this.loop();
    // A claim is short so that a dead worker's rows go to another soon; a live worker keeps
    // what it holds (a slow carrier, a long queue for a number) by renewing it in time.
    const ms = Math.max(250, (leaseSeconds(this.ctx.config) * 1000) / 4);
    this.heartbeat = setInterval(() => void this.renew(), ms);
    this.heartbeat.unref();
  }

  /** New work may be there (a notice, a finished fan-out). */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loopDone;
    if (this.heartbeat) clearInterval(this.heartbeat);
    // Messages claimed for a turn not yet come go back at once, not after their lease.
    const early = [...this.waiting.values()].map((w) => w.row).concat(this.ready);
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
    this.ready = [];
    for (const row of early) this.held.delete(row.id);
    if (early.length) await q.releaseClaims(this.ctx.db.$client, early).catch(() => {});
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 10));
    await this.flush();
  }

  /**
   * Extends the claims this worker still holds that are past a quarter of their lease, each only
   * while it is still this worker's (the claim count unchanged, not lapsed): a row whose claim was
   * lost is never sent by this worker (its lease end is set in the past; pump hands it back).
   */
  private async renew(): Promise<void> {
    if (this.renewing || this.stopped) return;
    const lease = leaseSeconds(this.ctx.config) * 1000;
    const now = performance.now();
    const due = [...this.held.values()].filter((r) => (r.leaseEndsAt ?? 0) - now < (lease * 3) / 4);
    if (!due.length) return;
    this.renewing = true;
    try {
      const kept = new Set(await q.renewClaims(this.ctx.db.$client, due, lease / 1000));
      for (const row of due) {
        if (kept.has(row.id)) row.leaseEndsAt = now + lease;
        // Recorded meanwhile (no longer pending) or lost: either way not ours to send.
        else if (this.held.has(row.id)) row.leaseEndsAt = Math.min(row.leaseEndsAt ?? 0, now);
      }
    } catch (err) {
      // The claims still run to their end; the next beat tries again.
      log.warn({ component: "dispatcher", err }, "could not renew claims");
    } finally {
      this.renewing = false;
    }
  }

  /** Claim again once a tenth of a batch has gone: the carrier never waits for a claim. */
  private get claimAt(): number {
    return Math.max(1, Math.floor(this.ctx.config.DISPATCH_BATCH / 10));
  }

  private get room(): number {
    const max = this.ctx.config.DISPATCH_BATCH * 2;
    return max - this.backlog;
  }

  private async loop(): Promise<void> {
    const { config } = this.ctx;
    while (!this.stopped) {
      let claimed = 0;
      try {
        if (this.room >= this.claimAt) {
          // Before the claim: the lease the database grants ends no earlier than this.
          const leaseEndsAt = performance.now() + leaseSeconds(config) * 1000;
          const rows = await claimDue(this.ctx, Math.min(this.room, config.DISPATCH_BATCH));
          for (const row of rows) {
            row.leaseEndsAt = leaseEndsAt;
            this.held.set(row.id, row);
          }
          claimed = rows.length;
          if (rows.length)
            await this.accept(rows).catch((err) => {
              // Nothing of them was scheduled: their claims lapse, not renewed, and another round
              // (here or elsewhere) takes them.
              for (const row of rows) this.held.delete(row.id);
              throw err;
            });
        }
      } catch (err) {
        if (this.stopped) break;
        if (expectedAtShutdown(err)) {
          log.debug({ component: "dispatcher", err }, "dispatch round cut short by shutdown");
          break;
        }
        log.error({ component: "dispatcher", err }, "dispatch round failed");
      }
      if (this.stopped) break;
      if (claimed === 0 || this.room < this.claimAt)
        await this.idle(claimed === 0 ? IDLE_POLL_MS : 5);
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Decides each claimed message (the one rule) and sends those that may go, at their turn. */
  private async accept(rows: Claimed[]): Promise<void> {
    const decisions = await decideBatch(this.ctx, rows, this.ctx.clock.now());
    const now = this.ctx.clock.now().getTime();
    rows.forEach((row, i) => {
      const d = decisions[i]!;
      if (d.kind === "hold")
        this.push({ kind: "hold", row, until: d.until, renew: d.reason === "carrier_cap" });
      else if (d.kind === "drop")
        this.push({ kind: "failed", row, status: d.status, code: d.errorCode, byCarrier: false });
      else this.schedule(row, now);
    });
  }

  private schedule(row: Claimed, now: number): void {
    this.backlog++;
    const delay = Math.max(0, new Date(row.sendAt).getTime() - now);
    if (delay < 2) {
      this.send(row);
      return;
    }
    const timer = setTimeout(() => {
      this.waiting.delete(row.id);
      this.send(row);
    }, delay);
    this.waiting.set(row.id, { row, timer });
  }

  /** Its turn has come: it waits only for a free slot of the pool (transactional texts first). */
  private send(row: Claimed): void {
    if (row.lane === LANE.transactional) this.ready.unshift(row);
    else this.ready.push(row);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < this.ctx.config.DISPATCH_CONCURRENCY && this.ready.length) {
      const row = this.ready.shift()!;
      // Too little of the claim left for a whole carrier call: hand it back (not an attempt)
      // rather than risk another worker claiming it while this call is open.
      if (performance.now() + this.ctx.config.CARRIER_TIMEOUT_MS > (row.leaseEndsAt ?? Infinity)) {
        this.backlog--;
        this.push({ kind: "hold", row, until: this.ctx.clock.now() });
        continue;
      }
      this.inFlight++;
      void sendOne(this.ctx, row)
        .then((outcome) => this.push(outcome))
        .finally(() => {
          this.inFlight--;
          this.backlog--;
          this.pump();
          if (this.room >= this.claimAt) this.wake();
        });
    }
  }

  private push(outcome: Outcome): void {
    this.outcomes.push(outcome);
    if (this.outcomes.length >= this.ctx.config.DISPATCH_BATCH) void this.flush();
    else this.recordTimer ??= setTimeout(() => void this.flush(), RECORD_EVERY_MS);
  }

  /** One writer at a time; what the carrier answered must be written down, so failures retry. */
  private flush(): Promise<void> {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    const batch = this.outcomes;
    this.outcomes = [];
    if (!batch.length) return this.recording;
    this.recording = this.recording.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await recordOutcomes(this.ctx, batch);
          for (const o of batch) this.held.delete(o.row.id);
          return;
        } catch (err) {
          // Left to the lease, these rows would be sent again: keep trying for a while.
          if (attempt >= 20) {
            log.error({ component: "dispatcher", err }, "could not record outcomes");
            for (const o of batch) this.held.delete(o.row.id);
            return;
          }
          await new Promise((r) => setTimeout(r, Math.min(100 * attempt, 2000)));
        }
      }
    });
    return this.recording;
  }
}

/** One message to the carrier, after asking the carrier first when an earlier try is unknown. */
async function sendOne(ctx: AppContext, row: Claimed): Promise<Outcome> {
  try {
    if (row.outcomeUnknown) {
      // A worker died after claiming it: the carrier may have it already. Twilio does not
      // promise to honour idempotency keys, so look for it before sending again (a carrier that
      // honours them answers null here and replays the first answer to the same key).
      const found = await findEarlierTry(ctx, row);
      if (found) return { kind: "accepted", row, result: found };
    }
    const result: SendResult = await ctx.carrier.send({
      from: row.fromNumber,
      to: row.toNumber,
      body: row.body,
      mediaUrls: row.mediaUrls.length ? row.mediaUrls : undefined,
      statusCallback: `${ctx.config.webhookBase}${ctx.carrier.webhookPaths.status}?m=${row.id}`,
      // Where a carrier honours it, a resend after a lost answer is recognised.
      idempotencyKey: `parley-message-${row.id}`,
    });
    return { kind: "accepted", row, result };
  } catch (err) {
    if (!(err instanceof CarrierError) || err.retryable) {
      const backoff =
        err instanceof CarrierError && err.retryAfterMs
          ? err.retryAfterMs
          : Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(row.attempts, 10));
      // Retried until the deadline: the next claim asks the one rule, which expires it then.
      const deadline = row.deadlineAt ? new Date(row.deadlineAt).getTime() : Infinity;
      // No answer, or a server error: the text may exist at the carrier all the same.
      const uncertain =
        !(err instanceof CarrierError) || err.httpStatus === 0 || err.httpStatus >= 500;
      return {
        kind: "retry",
        row,
        afterMs: Math.max(0, Math.min(backoff, deadline - ctx.clock.now().getTime())),
        uncertain,
      };
    }
    return {
      kind: "failed",
      row,
      status: fromTwilio("failed", err.code) ?? "Send Rejected",
      code: err.code,
      byCarrier: true,
    };
  }
}

/**
 * This message's own text at the carrier, if its earlier try reached it. The same words to the
 * same person may be there for another message of ours (a daily send, a repeated reply): a text
 * whose sid is recorded for another message is not this one's, so look past it. Taking it would
 * leave this message unsent and collide with the other one's sid.
 */
async function findEarlierTry(ctx: AppContext, row: Claimed): Promise<SendResult | null> {
  const exclude: string[] = [];
  for (let i = 0; i < 20; i++) {
    const found = await ctx.carrier.findSent({
      from: row.fromNumber,
      to: row.toNumber,
      body: row.body,
      since: new Date(row.createdAt),
      exclude,
    });
    if (!found) return null;
    const owner = await q.messageOfCarrierSid(ctx.db.$client, found.sid);
    if (owner === undefined || owner === row.id) return found;
    exclude.push(found.sid);
  }
  return null;
}

// Voice broadcasts' calls leave through here too: all carrier traffic has one exit.

/** Places the claimed calls through the carrier interface; answers how many it handled. */
export async function dispatchCalls(ctx: AppContext, limit = 20): Promise<number> {
  const leaseEndsAt = performance.now() + leaseSeconds(ctx.config) * 1000;
  const due = await claimDueCalls(ctx.db.$client, limit, leaseSeconds(ctx.config));
  for (const [i, call] of due.entries()) {
    // Calls are placed one after another: one that could outlast the claim is handed back, or
    // another worker could call the same person while this one is still dialling.
    if (performance.now() + ctx.config.CARRIER_TIMEOUT_MS > leaseEndsAt) {
      await releaseCalls(
        ctx.db.$client,
        due.slice(i).map((c) => c.id),
      );
      return i;
    }
    await placeCall(ctx, call);
  }
  return due.length;
}

async function placeCall(ctx: AppContext, call: DueCall): Promise<void> {
  try {
    // A lapsed claim may have reached the carrier before its worker died: ask before calling again.
    const earlier = call.outcomeUnknown
      ? await ctx.carrier.findCall({
          from: call.fromNumber,
          to: call.toNumber,
          since: call.createdAt,
        })
      : null;
    // Consent is read again at the moment of calling: a withdrawal or an opt-out after the
    // broadcast started stops the call (and gives its credits back).
    if (!earlier && !(await stillCallable(ctx, call.id))) {
      await applyCallStatus(ctx, {
        callId: call.id,
        sid: null,
        status: "canceled",
        error:
          "Not called: voice consent withdrawn or number opted out after the broadcast started.",
      });
      return;
    }
    const placed =
      earlier ??
      (await ctx.carrier.call({
        from: call.fromNumber,
        to: call.toNumber,
        text: call.text,
        voice: call.voice,
        language: call.language,
        statusCallback: `${ctx.config.webhookBase}${VOICE_STATUS_PATH}?c=${call.id}`,
        idempotencyKey: `voice-call-${call.id}`,
      }));
    // The status callbacks may already have moved it on: only a pending call takes "queued".
    await q.recordPlacedCall(
      ctx.db.$client,
      call.id,
      placed.sid,
      placed.status === "pending" ? "queued" : placed.status,
    );
  } catch (err) {
    if (err instanceof CarrierError && !err.retryable) {
      await applyCallStatus(ctx, {
        callId: call.id,
        sid: null,
        status: "failed",
        error: err.message,
      });
      return;
    }
    // Retryable (or unknown): the lease lapses and the next claim asks the carrier first.
  }
}

/** Look-ups at once: quick with the emulator, and polite to a real carrier's rate limits. */
const LOOKUP_CONCURRENCY = 8;

/**
 * The carrier's line-type look-up (Twilio Lookup) for each number, in order, a few at a time:
 * paid carrier traffic like texts and calls, so it leaves from here too. Throws the first
 * failure (the caller's round is then retried whole; nothing was recorded yet).
 */
export async function lookUpLines(ctx: AppContext, phones: string[]): Promise<LookupResult[]> {
  const results: LookupResult[] = new Array(phones.length);
  let next = 0;
  const worker = async () => {
    while (next < phones.length) {
      const i = next++;
      results[i] = await ctx.carrier.lookup(phones[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, phones.length) }, worker));
  return results;
}

/** Numbers the carrier offers for sale (the buy-a-number search). */
export function searchCarrierNumbers(
  ctx: AppContext,
  query: { areaCode?: string; tollFree: boolean },
) {
  return ctx.carrier.searchNumbers({ ...query, limit: 20 });
}

/** Buys a number at the carrier, pointed at our inbound and status webhooks. */
export function buyCarrierNumber(ctx: AppContext, number: string, friendlyName: string) {
  return ctx.carrier.buyNumber(number, {
    smsUrl: `${ctx.config.webhookBase}${ctx.carrier.webhookPaths.inbound}`,
    statusCallback: `${ctx.config.webhookBase}${ctx.carrier.webhookPaths.status}`,
    friendlyName,
  });
}

/** Gives a number back to the carrier (it stops being billed there). */
export function releaseCarrierNumber(ctx: AppContext, sid: string) {
  return ctx.carrier.releaseNumber(sid);
}
