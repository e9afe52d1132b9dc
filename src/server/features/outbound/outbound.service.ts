import type { Pool, PoolClient } from "pg";
import {
  CREDIT_RULE,
  creditsOfText,
  internationalCreditsOf,
  type MessageSource,
} from "../../../domain/credit-rule";
import { type DeliveryStatus, statusGroup } from "../../../domain/delivery-status";
import { classOfSource, LANE, type MessageClass } from "../../../domain/outbound-policy";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { assertSendable } from "../compliance/compliance.service";
import { chargeCredits } from "../credits/credits.service";
import { sendGate } from "./account-gate";
import * as q from "./outbound.queries";
import { wakePipeline } from "./wake";

/**
 * The one way to send a text. Every outgoing message (campaign deliveries are written in bulk by
 * the fan-out, everything else here) becomes a `messages` row that the dispatcher hands to the
 * carrier: paced per sending number, transactional before marketing, retried until its deadline,
 * charged once and refunded once, and sent once even when a process dies mid-way.
 */
export interface OutboundMessage {
  accountId: number;
  from: { id: number; number: string };
  to: string;
  body: string;
  mediaUrls?: string[];
  /**
   * What created it (compliance, inbox, test, two_factor, …): it sets the class, and what the
   * text costs by the credit rule (src/domain/credit-rule.ts).
   */
  source: MessageSource;
  /** Overrides the class the source implies. */
  messageClass?: MessageClass;
  subscriberId?: number;
  userId?: number;
  /**
   * Credits the caller charged for it by the credit rule (in its own transaction, before
   * queueing): given back once if it finally fails. Left out, queueMessage charges the rule's.
   */
  credits?: number;
  /**
   * International credits charged for it (a text abroad, `chargeTexts`): given back likewise.
   * Left out, a text abroad is taken to have spent as many as its credits.
   */
  internationalCredits?: number;
  /**
   * The STOP confirmation goes to a number that has just opted out: that single reply is what
   * the rules require, so it alone skips the suppression check.
   */
  complianceReply?: boolean;
}

export interface QueuedMessage {
  id: number;
  status: DeliveryStatus;
  errorCode: number | null;
}

/**
 * Writes the message for the dispatcher and wakes it. A number that opted out or is blocked is
 * refused here at once (the caller shows why); the dispatcher asks again before it sends. A
 * message whose caller charged nothing is charged here what the credit rule says, with its
 * queueing (in the caller's transaction when given a client): short of credits, it throws and
 * nothing is queued.
 */
export async function queueMessage(
  ctx: AppContext,
  msg: OutboundMessage,
  db: Pool | PoolClient = ctx.db.$client,
): Promise<QueuedMessage> {
  if (!msg.complianceReply) await assertSendable(ctx, msg.accountId, msg.to, db);
  if (msg.credits !== undefined) return insertMessage(msg, db);
  const credits = creditsOfText({
    source: msg.source,
    body: msg.body,
    isMms: (msg.mediaUrls?.length ?? 0) > 0,
  });
  if (credits === 0) return insertMessage({ ...msg, credits }, db);
  const charged = { ...msg, credits };
  const queueAndCharge = async (client: Pool | PoolClient) => {
    const queued = await insertMessage(charged, client);
    await chargeTexts(client, msg.accountId, [charged], {
      reason: "charge",
      description: CREDIT_RULE[msg.source].label,
      messageId: queued.id,
    });
    return queued;
  };
  // A client handed in is the caller's transaction. Otherwise row and charge get one of their
  // own: from the pool, or a savepoint when the context is itself a transaction's (the ingress
  // worker's), so a charge refused takes its row back with it.
  if ("release" in db && (db as unknown) !== ctx.db.$client) return queueAndCharge(db);
  return inTransaction(ctx.db, (_tx, client) => queueAndCharge(client));
}

async function insertMessage(msg: OutboundMessage, db: Pool | PoolClient): Promise<QueuedMessage> {
  const lane = LANE[msg.messageClass ?? classOfSource(msg.source)];
  const id = await q.insertQueuedMessage(db, {
    accountId: msg.accountId,
    phoneNumberId: msg.from.id,
    fromNumber: msg.from.number,
    to: msg.to,
    body: msg.body,
    mediaUrls: msg.mediaUrls ?? [],
    source: msg.source,
    subscriberId: msg.subscriberId ?? null,
    userId: msg.userId ?? null,
    credits: msg.credits ?? 0,
    lane,
    internationalCredits: internationalCreditsOfMessage(msg),
  });
  if (id === undefined) throw new Error(`account ${msg.accountId} not found`);
  await wakePipeline(db);
  return { id, status: "Queued", errorCode: null };
}

/**
 * queueMessage for many messages in one statement (the automation engine's batch of due steps),
 * in the caller's transaction. The caller has already left out suppressed numbers in that same
 * transaction (the dispatcher asks again before it sends). Returns the ids in the input's order.
 */
export async function queueMessages(
  msgs: readonly OutboundMessage[],
  db: Pool | PoolClient,
): Promise<number[]> {
  if (msgs.length === 0) return [];
  const rows = await q.insertQueuedMessages(db, msgs.map(queuedRow));
  if (rows.length !== msgs.length) throw new Error("queueMessages: an account was not found");
  await wakePipeline(db);
  return rows.sort((a, b) => a.ord - b.ord).map((r) => r.id);
}

/**
 * queueMessages, and what the caller writes with the new ids in the same statement (the
 * engine's runs and step log: one statement a batch). `also` reads `queued_ids(id, ord)`, ord
 * being the message's place in `msgs` from 1. Same rules as queueMessages.
 */
export async function queueMessagesWith(
  msgs: readonly OutboundMessage[],
  db: Pool | PoolClient,
  also: q.AlsoWritten,
): Promise<void> {
  const queued = await q.insertQueuedMessagesWith(db, msgs.map(queuedRow), also);
  if (queued !== msgs.length) throw new Error("queueMessages: an account was not found");
  if (msgs.length) await wakePipeline(db);
}

export type { AlsoWritten } from "./outbound.queries";

function queuedRow(m: OutboundMessage) {
  return {
    accountId: m.accountId,
    phoneNumberId: m.from.id,
    fromNumber: m.from.number,
    to: m.to,
    body: m.body,
    mediaUrls: m.mediaUrls ?? [],
    source: m.source,
    subscriberId: m.subscriberId ?? null,
    credits: m.credits ?? 0,
    lane: LANE[m.messageClass ?? classOfSource(m.source)],
    internationalCredits: internationalCreditsOfMessage(m),
  };
}

function internationalCreditsOfMessage(msg: OutboundMessage): number {
  return msg.internationalCredits ?? internationalCreditsOf(msg.to, msg.credits ?? 0);
}

/**
 * Charges what texts cost, in the caller's transaction, before they are queued: their credits,
 * and for the texts abroad as many international credits as well (doc 2 §8). Short of either,
 * it throws and the caller's transaction charges nothing. Every sender that charges goes
 * through here, so a text abroad never spends standard credits alone.
 */
export async function chargeTexts(
  db: Pool | PoolClient,
  accountId: number,
  texts: Pick<OutboundMessage, "to" | "credits">[],
  charge: { reason: "test" | "charge"; description: string; messageId?: number },
): Promise<void> {
  let credits = 0;
  let abroad = 0;
  for (const t of texts) {
    credits += t.credits ?? 0;
    abroad += internationalCreditsOf(t.to, t.credits ?? 0);
  }
  await chargeCredits(db, accountId, credits, charge);
  if (abroad > 0) await chargeCredits(db, accountId, abroad, { ...charge, kind: "international" });
}

/**
 * Charges the message's credits and queues it in one transaction: both happen or neither. If it
 * finally fails, the dispatcher gives the credits back once. Short of international credits for
 * a text abroad, nothing is charged or queued and the composer offers the $20 purchase.
 */
export async function queueCharged(
  ctx: AppContext,
  msg: OutboundMessage & { credits: number },
  charge: { reason: "test" | "charge"; description: string },
): Promise<QueuedMessage> {
  return sendGate(ctx).run(msg.accountId, () =>
    inTransaction(ctx.db, async (_tx, client) => {
      await chargeTexts(client, msg.accountId, [msg], charge);
      return queueMessage(ctx, msg, client);
    }),
  );
}

export interface CarrierAnswer {
  status: DeliveryStatus;
  errorCode: number | null;
  /** Still waiting for the carrier when the wait ended. */
  pending: boolean;
  failed: boolean;
}

/**
 * Waits (up to `timeoutMs`) for the dispatcher to hand a message to the carrier, for the few
 * screens that say at once whether a text went (a test send, a sign-in code). Any process's
 * dispatcher may send it; this only reads the row.
 */
export async function waitForCarrier(
  ctx: AppContext,
  id: number,
  timeoutMs: number,
): Promise<CarrierAnswer> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const row = await q.messageDispatchState(ctx.db.$client, id);
    if (!row) throw new Error(`message ${id} not found`);
    const failed = ["failed", "blocked"].includes(statusGroup(row.status));
    if (!row.pending || failed || performance.now() >= until) return { ...row, failed };
    await new Promise((r) => setTimeout(r, 40));
  }
}
