import { sql } from "drizzle-orm";
import type { PoolClient } from "pg";
import { AppError } from "../../../domain/errors";
import { type Actor, isRestricted, systemActor } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import {
  callStatusRank,
  FINAL_CALL_STATUSES,
  VOICE_CHOICES,
  VOICE_CONSENT_METHODS,
  VOICE_CONSENT_TEXT,
  VOICE_UNAVAILABLE_TEXT,
  type VoiceBroadcastInput,
  type VoiceBroadcastRow,
  type VoiceConsentMethod,
  voiceCallCredits,
} from "../../../domain/voice";
import { inTransaction as inTransactionOn } from "../../db/connection";
import type { AppContext } from "../../http/context";
import {
  chargeCredits,
  chargeCreditsIfCovered,
  getCredits,
  returnCredits,
} from "../credits/credits.service";
import { type Recipients, recipientCondition } from "../sends/recipients";
import { accountForSend, sendingNumbers } from "../sends/sends.service";
import { subscribers } from "../subscribers/subscribers.public";
import { BROADCAST_SELECT } from "./voice.queries";
import { toPg, voiceAudience, voiceCallable } from "./voice-audience";

// The outbound dispatcher places the calls: it claims the due ones and releases those it leaves.
export { claimDueCalls, type DueCall, releaseCalls } from "./voice.queries";

export const VOICE_STATUS_PATH = "/webhooks/twilio/voice-status";
const NOT_FOUND = "That voice broadcast does not exist.";

function choiceOf(value: string) {
  const choice = VOICE_CHOICES.find((v) => v.value === value);
  if (!choice) throw new AppError("VALIDATION", "Choose a voice from the list.");
  return choice;
}

async function assertNumber(ctx: AppContext, actor: Actor, phoneNumberId: number) {
  const restrictedTo = isRestricted(actor) ? actor.userId : null;
  const numbers = await sendingNumbers(ctx.db.$client, actor.accountId, restrictedTo);
  const number = numbers.find((n) => n.id === phoneNumberId);
  if (number?.state !== "active") {
    throw new AppError("VALIDATION", "Choose one of your active numbers to call from.");
  }
  return number;
}

function sendAtOf(input: VoiceBroadcastInput, now: Date): Date {
  const at = input.sendAt ? new Date(input.sendAt) : now;
  if (input.sendAt && at.getTime() < now.getTime() - 60_000) {
    throw new AppError("VALIDATION", "Choose a time in the future, or send now.");
  }
  return at;
}

export async function listBroadcasts(
  ctx: AppContext,
  actor: Actor,
  filter: { status?: "scheduled" },
): Promise<VoiceBroadcastRow[]> {
  const res = await ctx.db.$client.query<VoiceBroadcastRow>(
    `${BROADCAST_SELECT}
      where b.account_id = $1 and ($2::text is null or b.status = $2)
      order by ${filter.status ? "b.send_at asc" : "b.created_at desc"}, b.id desc
      limit 500`,
    [actor.accountId, filter.status ?? null],
  );
  return res.rows;
}

export async function getBroadcast(ctx: AppContext, actor: Actor, id: number) {
  const res = await ctx.db.$client.query<VoiceBroadcastRow>(
    `${BROADCAST_SELECT} where b.account_id = $1 and b.id = $2`,
    [actor.accountId, id],
  );
  const row = res.rows[0];
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const calls = await ctx.db.$client.query(
    `select id::int, to_number as "toNumber", status, duration_seconds as "durationSeconds",
            credits, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
       from voice_calls where account_id = $1 and broadcast_id = $2 order by id limit 1000`,
    [actor.accountId, id],
  );
  return { ...row, calls: calls.rows };
}

/** Who a broadcast would call, and who it leaves out and why (the composer's count). */
export async function audienceOf(ctx: AppContext, actor: Actor, recipients: Recipients) {
  const account = await accountForSend(ctx.db.$client, actor.accountId);
  const tz = timezoneById(account.timezoneId).iana;
  const cond = await recipientCondition(ctx, actor, recipients, tz);
  const [audience, credits] = await Promise.all([
    voiceAudience(ctx, actor.accountId, cond),
    getCredits(ctx, actor.accountId),
  ]);
  return { ...audience, balance: credits.balance };
}

/** A carrier that places no calls: refuse the broadcast up front, not call by call. */
function assertVoiceCarrier(ctx: AppContext) {
  if (!ctx.carrier.supportsVoice) throw new AppError("VALIDATION", VOICE_UNAVAILABLE_TEXT);
}

export async function createBroadcast(ctx: AppContext, actor: Actor, input: VoiceBroadcastInput) {
  assertVoiceCarrier(ctx);
  const choice = choiceOf(input.voice);
  await assertNumber(ctx, actor, input.phoneNumberId);
  const sendAt = sendAtOf(input, ctx.clock.now());
  const audience = await audienceOf(ctx, actor, input.recipients);
  if (audience.callable === 0) {
    throw new AppError("VALIDATION", "None of these recipients has given consent to voice calls.");
  }
  if (audience.callable > audience.balance) {
    throw new AppError(
      "INSUFFICIENT_CREDITS",
      `This broadcast needs ${audience.callable} credits and you have ${audience.balance}.`,
    );
  }
  const res = await ctx.db.$client.query<{ id: number }>(
    `insert into voice_broadcasts (account_id, phone_number_id, name, text, voice, language,
                                   recipients, send_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      actor.accountId,
      input.phoneNumberId,
      input.name,
      input.text,
      choice.voice,
      choice.language,
      JSON.stringify(input.recipients),
      sendAt,
    ],
  );
  return getBroadcast(ctx, actor, res.rows[0]!.id);
}

/** Edits a broadcast that has not started; a started or canceled one cannot change. */
export async function updateBroadcast(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: VoiceBroadcastInput,
) {
  assertVoiceCarrier(ctx);
  const choice = choiceOf(input.voice);
  await getBroadcast(ctx, actor, id);
  await assertNumber(ctx, actor, input.phoneNumberId);
  const sendAt = sendAtOf(input, ctx.clock.now());
  const res = await ctx.db.$client.query(
    `update voice_broadcasts set name = $3, text = $4, voice = $5, language = $6, recipients = $7,
            send_at = $8, phone_number_id = $9, updated_at = now()
      where account_id = $1 and id = $2 and status = 'scheduled'`,
    [
      actor.accountId,
      id,
      input.name,
      input.text,
      choice.voice,
      choice.language,
      JSON.stringify(input.recipients),
      sendAt,
      input.phoneNumberId,
    ],
  );
  if (!res.rowCount)
    throw new AppError("CONFLICT", "This broadcast has started: it can no longer change.");
  return getBroadcast(ctx, actor, id);
}

export async function cancelBroadcast(ctx: AppContext, actor: Actor, id: number) {
  await getBroadcast(ctx, actor, id);
  const res = await ctx.db.$client.query(
    `update voice_broadcasts set status = 'canceled', updated_at = now()
      where account_id = $1 and id = $2 and status = 'scheduled'`,
    [actor.accountId, id],
  );
  if (!res.rowCount)
    throw new AppError("CONFLICT", "This broadcast has started: it can no longer be canceled.");
  return getBroadcast(ctx, actor, id);
}

/**
 * Records (or withdraws) a subscriber's consent to voice calls, with its evidence and the user
 * in the consent ledger. A change that changes nothing (consent given twice, withdrawn when
 * never given) is refused, so the ledger holds only real changes.
 */
export async function setVoiceConsent(
  ctx: AppContext,
  actor: Actor,
  input: { subscriberId: number; given: boolean; evidence: string; method?: VoiceConsentMethod },
) {
  const detail = input.method
    ? `${VOICE_CONSENT_METHODS[input.method]}: ${input.evidence}`
    : input.evidence;
  return inTransaction(ctx, async (client) => {
    const current = await client.query<{ phone: string; given: boolean }>(
      `select phone, voice_consent_at is not null as given from subscribers
        where account_id = $1 and id = $2 for update`,
      [actor.accountId, input.subscriberId],
    );
    const before = current.rows[0];
    if (!before) throw new AppError("NOT_FOUND", "That subscriber does not exist.");
    if (before.given === input.given)
      throw new AppError(
        "VALIDATION",
        input.given ? VOICE_CONSENT_TEXT.alreadyGiven : VOICE_CONSENT_TEXT.notGiven,
      );
    const res = await client.query<{ voiceConsentAt: Date | null }>(
      `update subscribers set voice_consent_at = case when $3 then now() end, updated_at = now()
        where account_id = $1 and id = $2
        returning voice_consent_at as "voiceConsentAt"`,
      [actor.accountId, input.subscriberId, input.given],
    );
    await client.query(
      `insert into consent_events (account_id, phone, action, source, detail, user_id)
       values ($1, $2, $3, 'manual', $4, $5)`,
      [
        actor.accountId,
        before.phone,
        input.given ? "voice_opt_in" : "voice_opt_out",
        detail,
        actor.userId ?? null,
      ],
    );
    return {
      subscriberId: input.subscriberId,
      voiceConsentAt: res.rows[0]?.voiceConsentAt?.toISOString() ?? null,
    };
  });
}

function inTransaction<T>(ctx: AppContext, work: (c: PoolClient) => Promise<T>): Promise<T> {
  return inTransactionOn(ctx.db, (_tx, client) => work(client));
}

/**
 * Starts due broadcasts: one call row per consenting, not opted-out recipient (unique per number,
 * so a restarted fan-out adds none twice), and their credits reserved, in one transaction.
 */
export async function startDueBroadcasts(ctx: AppContext): Promise<number> {
  let started = 0;
  for (;;) {
    const did = await inTransaction(ctx, async (client) => {
      const res = await client.query<{
        id: number;
        accountId: number;
        phoneNumberId: number;
        recipients: Recipients;
        creditsPerCall: number;
      }>(
        `select id, account_id as "accountId", phone_number_id as "phoneNumberId", recipients,
                credits_per_call as "creditsPerCall"
           from voice_broadcasts where status = 'scheduled' and send_at <= now()
          order by send_at limit 1 for update skip locked`,
      );
      const b = res.rows[0];
      if (!b) return false;
      const fail = async (error: string) => {
        await client.query(
          `update voice_broadcasts set status = 'failed', error = $2, updated_at = now() where id = $1`,
          [b.id, error],
        );
      };
      const account = await accountForSend(client, b.accountId);
      const tz = timezoneById(account.timezoneId).iana;
      const actor = systemActor("send_pipeline", b.accountId);
      const numbers = await sendingNumbers(client, b.accountId, null);
      const from = numbers.find((n) => n.id === b.phoneNumberId);
      if (from?.state !== "active") {
        await fail("The number to call from is no longer active.");
        return true;
      }
      const cond = await recipientCondition(ctx, actor, b.recipients, tz);
      const insert = toPg(sql`insert into voice_calls
          (account_id, broadcast_id, subscriber_id, from_number, to_number, credits)
        select ${b.accountId}::int, ${b.id}::int, ${subscribers.id}, ${from.number}::text,
               ${subscribers.phone}, ${b.creditsPerCall}::int
          from ${subscribers} where (${cond}) and ${voiceCallable(b.accountId)}
        on conflict (broadcast_id, to_number) do nothing`);
      const inserted = await client.query(insert.text, insert.params);
      const n = inserted.rowCount ?? 0;
      try {
        await client.query("savepoint charge");
        await chargeCredits(client, b.accountId, n * b.creditsPerCall, {
          reason: "reserve",
          description: `Voice broadcast #${b.id}: ${n} calls`,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await client.query("rollback to savepoint charge");
        await client.query("delete from voice_calls where broadcast_id = $1", [b.id]);
        await fail(err.message);
        return true;
      }
      await client.query(
        `update voice_broadcasts set status = $2, updated_at = now() where id = $1`,
        [b.id, n ? "sending" : "sent"],
      );
      return true;
    });
    if (!did) return started;
    started++;
  }
}

/** Whether a call may still be placed: consent and opt-outs read at the moment of calling. */
export async function stillCallable(ctx: AppContext, callId: number): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from voice_calls v
    join ${subscribers} on ${subscribers.id} = v.subscriber_id and ${subscribers.accountId} = v.account_id
    where v.id = ${callId} and ${voiceCallable(sql`v.account_id`)}`);
  return res.rows.length > 0;
}

/**
 * A status callback of one call. Statuses only move forward; a call that ends unanswered or
 * failed gets its credits back, a completed one pays each started minute. One transaction.
 */
export async function applyCallStatus(
  ctx: AppContext,
  input: {
    callId: number;
    sid: string | null;
    status: string;
    durationSeconds?: number | null;
    error?: string | null;
  },
): Promise<"applied" | "stale" | "unknown"> {
  return inTransaction(ctx, async (client) => {
    const res = await client.query<{
      accountId: number;
      broadcastId: number;
      status: string;
      carrierSid: string | null;
      credits: number;
    }>(
      `select account_id as "accountId", broadcast_id as "broadcastId", status,
              carrier_sid as "carrierSid", credits
         from voice_calls where id = $1 for update`,
      [input.callId],
    );
    const row = res.rows[0];
    if (!row || (input.sid && row.carrierSid && row.carrierSid !== input.sid)) return "unknown";
    if (
      callStatusRank(input.status) <= callStatusRank(row.status) ||
      FINAL_CALL_STATUSES.includes(row.status)
    ) {
      return "stale";
    }
    let credits = row.credits;
    if (["busy", "no-answer", "failed", "canceled"].includes(input.status) && credits > 0) {
      await returnCredits(
        client,
        row.accountId,
        credits,
        `Voice call not answered (${input.status})`,
      );
      credits = 0;
    }
    if (input.status === "completed" && input.durationSeconds) {
      const extra = voiceCallCredits(input.durationSeconds) - credits;
      if (
        extra > 0 &&
        (await chargeCreditsIfCovered(client, row.accountId, extra, "Voice call minutes"))
      ) {
        credits += extra;
      }
    }
    await client.query(
      `update voice_calls set status = $2, carrier_sid = coalesce(carrier_sid, $3),
              duration_seconds = coalesce($4, duration_seconds), credits = $5, error = coalesce($6, error),
              claimed_until = case when $2 = 'failed' then null else claimed_until end, updated_at = now()
        where id = $1`,
      [
        input.callId,
        input.status,
        input.sid,
        input.durationSeconds ?? null,
        credits,
        input.error ?? null,
      ],
    );
    if (FINAL_CALL_STATUSES.includes(input.status)) {
      await client.query(
        `update voice_broadcasts set status = 'sent', updated_at = now()
          where id = $1 and status = 'sending' and not exists (
            select 1 from voice_calls where broadcast_id = $1
               and status not in ('completed', 'busy', 'no-answer', 'failed', 'canceled'))`,
        [row.broadcastId],
      );
    }
    return "applied";
  });
}
