import { classifyInbound } from "../../../domain/compliance";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { expectedAtShutdown } from "../../shutdown";
import { applyInboundCompliance } from "../compliance/compliance.service";
import { recordEvent } from "../events/events.service";
import { receiveReply } from "../inbox/inbox.service";
import { recordInbound } from "../messages/messages.service";
import { numberByE164 } from "../numbers/numbers.service";
import * as q from "./inbound.queries";
import { dispatchInbound } from "./inbound-handlers";

export interface InboundWebhook {
  sid: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  segments: number;
}

export type InboundResult = "recorded" | "duplicate" | "unknown_number";

/** STOP/HELP/START words are taken before everything else waiting. */
const PRIORITY_COMPLIANCE = 0;
const PRIORITY_OTHER = 1;

/**
 * The webhook's whole part, so the carrier has its answer in a few milliseconds: route by our
 * number, record the text once (a carrier's retry finds its sid taken) and its work row, in one
 * transaction. The ingress worker (drainInbound) does the rest. Whether the words are STOP, HELP
 * or START is decided here, so those are answered first however many texts wait.
 */
export async function acceptInbound(ctx: AppContext, msg: InboundWebhook): Promise<InboundResult> {
  const number = await numberByE164(ctx, msg.to);
  if (!number) return "unknown_number";
  return inTransaction(ctx.db, async (tx) => {
    // A taken sid aborts the transaction: nothing is written and the commit rolls back.
    const row = await recordInbound(
      { ...ctx, db: tx },
      { accountId: number.accountId, phoneNumberId: number.id, ...msg },
    );
    if (!row) return "duplicate";
    await q.insertWork(tx, {
      messageId: row.id,
      accountId: number.accountId,
      phoneNumberId: number.id,
      toNumber: number.number,
      sender: msg.from,
      body: msg.body,
      mediaUrls: msg.mediaUrls,
      // Opted out or not: YES counts as START only from an opted-out number, first either way.
      priority: classifyInbound(msg.body, { optedOut: true })
        ? PRIORITY_COMPLIANCE
        : PRIORITY_OTHER,
    });
    return "recorded";
  });
}

// Small enough that a STOP queued behind a flood is answered within a second (it is taken in
// the next batch, which commits in a few hundred milliseconds), large enough that many texts
// share one commit.
const BATCH = 64;
/** A text whose handling failed waits this long, doubled per attempt, up to an hour. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 3_600_000;

/**
 * The ingress worker's round: takes a batch of recorded texts (q.takeWork: per sender in order,
 * STOP/HELP/START first) and handles them in one transaction, each in a savepoint of its own: a
 * text's effects commit together with the deletion of its work row, so each is handled exactly
 * once; one that fails rolls back alone and waits for a retry, logged. Returns how many it took.
 */
export async function drainInbound(ctx: AppContext, batch = BATCH): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const taken = await q.takeWork(tx, batch);
    // STOP/HELP/START go in a batch of their own, which commits at once rather than after the
    // keyword texts taken with them (the rest stay locked only until this commit).
    const rows =
      taken[0]?.priority === PRIORITY_COMPLIANCE
        ? taken.filter((r) => r.priority === PRIORITY_COMPLIANCE)
        : taken;
    // Every step reads and writes on this transaction; what tells open screens waits for its commit.
    const inTx: AppContext = { ...ctx, db: tx };
    const done: q.InboundWorkRow[] = [];
    const failed: (q.InboundWorkRow & { error: string })[] = [];
    for (const row of rows) {
      try {
        await inTransaction(tx, () => handleInbound(inTx, row));
        done.push(row);
      } catch (err) {
        if (expectedAtShutdown(err)) throw err;
        log.error(
          { component: "inbound", messageId: row.messageId, attempts: row.attempts, err },
          "inbound text waits for a retry",
        );
        failed.push({ ...row, error: err instanceof Error ? err.message : String(err) });
      }
    }
    await q.finishWork(tx, done);
    await q.retryWorkLater(tx, failed, RETRY_BASE_MS, RETRY_MAX_MS);
    return rows.length;
  });
}

/** Whether recorded texts are waiting for the worker now (not counting those backing off). */
export async function inboundWorkDue(ctx: AppContext): Promise<boolean> {
  return q.hasDueWork(ctx.db);
}

/**
 * Handles every recorded text now, with the worker's own drain, until none is due: for the demo's
 * seeded conversations, whose next step needs the text filed. A worker running beside it may
 * hold a batch meanwhile: that one is waited for.
 */
export async function handleInboundNow(ctx: AppContext): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    await drainInbound(ctx);
    if (!(await inboundWorkDue(ctx))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("inbound texts still waiting after 1000 rounds");
}

/**
 * One recorded text through the ingress pipeline: compliance reads the words (and records an
 * opt-out) → the inbox files the text → the handlers of inbound-handlers.ts, in the order of
 * TRIGGER_PRECEDENCE, until one takes it. A keyword is still filed in its conversation, with the
 * automatic answer after it.
 */
async function handleInbound(ctx: AppContext, w: q.InboundWorkRow): Promise<void> {
  const outcome = await applyInboundCompliance(ctx, {
    accountId: w.accountId,
    phoneNumberId: w.phoneNumberId,
    from: w.sender,
    body: w.body,
    messageId: w.messageId,
  });
  const kind = outcome.handled ? outcome.kind : null;
  // The inbox: conversation moved to the top, unread, live on open screens (after the commit).
  const subscriberId = await receiveReply(ctx, {
    accountId: w.accountId,
    phoneNumberId: w.phoneNumberId,
    messageId: w.messageId,
    from: w.sender,
    body: w.body,
    mediaUrls: w.mediaUrls,
    compliance: kind,
  });
  // For automations and webhooks; `compliance` says when the words were STOP, START or HELP.
  await recordEvent(ctx.db, {
    accountId: w.accountId,
    type: "message.received",
    subscriberId,
    data: {
      messageId: w.messageId,
      numberId: w.phoneNumberId,
      from: w.sender,
      body: w.body,
      mediaUrls: w.mediaUrls,
      compliance: kind,
    },
  });
  // Then the handlers in their order (compliance, marketing tools, keywords, chatbot,
  // workflows, automated replies): the first that takes the text consumes it.
  await dispatchInbound(ctx, {
    accountId: w.accountId,
    number: { id: w.phoneNumberId, number: w.toNumber },
    from: w.sender,
    body: w.body,
    messageId: w.messageId,
    subscriberId,
    compliance: outcome,
  });
}
