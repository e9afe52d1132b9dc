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
  // A client is the caller's transaction; from the pool, row and charge get one of their own.
  if ("release" in db) return queueAndCharge(db);
  return inTransaction(ctx.db, (_tx, client) => queueAndCharge(client));
}

async function insertMessage(msg: OutboundMessage, db: Pool | PoolClient): Promise<QueuedMessage> {
  const lane = LANE[msg.messageClass ?? classOfSource(msg.source)];
  const res = await db.query<{ id: number }>(
    `with ins as (
       insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                             media_urls, status, source, subscriber_id, user_id, credits,
                             international_credits, pending_dispatch, not_before, lane, deadline_at)
       select $1, 'outbound', $2, $3, $4, $5, $6::jsonb, 'Queued', $7, $8, $9, $10, $12, true, now(),
              $11, now() + a.message_validity_minutes * interval '1 minute'
         from accounts a where a.id = $1
       returning id::int
     ),
     pace as (insert into dispatch_pace (phone_number_id) values ($2) on conflict do nothing)
     select id from ins`,
    [
      msg.accountId,
      msg.from.id,
      msg.from.number,
      msg.to,
      msg.body,
      JSON.stringify(msg.mediaUrls ?? []),
      msg.source,
      msg.subscriberId ?? null,
      msg.userId ?? null,
      msg.credits ?? 0,
      lane,
      internationalCreditsOfMessage(msg),
    ],
  );
  const id = res.rows[0]?.id;
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
  const res = await db.query<{ id: number; ord: number }>(
    `with input as (
       select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::bigint[], $9::smallint[], $10::smallint[], $11::smallint[])
         with ordinality as t(account_id, number_id, from_number, to_number, body, media, source,
                              subscriber_id, credits, lane, international_credits, ord)
     ),
     ins as (
       insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                             media_urls, status, source, subscriber_id, credits,
                             international_credits, pending_dispatch, not_before, lane, deadline_at)
       select i.account_id, 'outbound', i.number_id, i.from_number, i.to_number, i.body,
              i.media::jsonb, 'Queued', i.source, i.subscriber_id, i.credits,
              i.international_credits, true, now(), i.lane,
              now() + a.message_validity_minutes * interval '1 minute'
         from input i join accounts a on a.id = i.account_id
        order by i.ord
       returning id::int
     ),
     pace as (
       insert into dispatch_pace (phone_number_id)
       select distinct number_id from input on conflict do nothing
     )
     select id, (row_number() over (order by id))::int as ord from ins`,
    [
      msgs.map((m) => m.accountId),
      msgs.map((m) => m.from.id),
      msgs.map((m) => m.from.number),
      msgs.map((m) => m.to),
      msgs.map((m) => m.body),
      msgs.map((m) => JSON.stringify(m.mediaUrls ?? [])),
      msgs.map((m) => m.source),
      msgs.map((m) => m.subscriberId ?? null),
      msgs.map((m) => m.credits ?? 0),
      msgs.map((m) => LANE[m.messageClass ?? classOfSource(m.source)]),
      msgs.map(internationalCreditsOfMessage),
    ],
  );
  if (res.rows.length !== msgs.length) throw new Error("queueMessages: an account was not found");
  await wakePipeline(db);
  // Identity values follow the insert's order (ordered by the input), so sorted ids map back.
  return res.rows.sort((a, b) => a.ord - b.ord).map((r) => r.id);
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
    const res = await ctx.db.$client.query<{
      status: DeliveryStatus;
      errorCode: number | null;
      pending: boolean;
    }>(
      `select status, error_code as "errorCode", pending_dispatch as pending from messages where id = $1`,
      [id],
    );
    const row = res.rows[0];
    if (!row) throw new Error(`message ${id} not found`);
    const failed = ["failed", "blocked"].includes(statusGroup(row.status));
    if (!row.pending || failed || performance.now() >= until) return { ...row, failed };
    await new Promise((r) => setTimeout(r, 40));
  }
}
