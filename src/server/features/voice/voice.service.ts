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
import {
  callStillCallable,
  callsOfBroadcast,
  cancelScheduledBroadcast,
  claimDueBroadcast,
  deleteBroadcastCalls,
  failBroadcast,
  findBroadcastRow,
  finishBroadcastIfDone,
  insertBroadcast,
  insertBroadcastCalls,
  insertManualConsentEvent,
  listBroadcastRows,
  lockCall,
  lockVoiceConsent,
  rollbackToSavepoint,
  savepoint,
  setBroadcastStatus,
  updateScheduledBroadcast,
  voiceAudience,
  writeCallStatus,
  writeVoiceConsent,
} from "./voice.queries";

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
  return listBroadcastRows(ctx.db.$client, actor.accountId, filter.status ?? null);
}

export async function getBroadcast(ctx: AppContext, actor: Actor, id: number) {
  const row = await findBroadcastRow(ctx.db.$client, actor.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const calls = await callsOfBroadcast(ctx.db.$client, actor.accountId, id);
  return { ...row, calls };
}

/** Who a broadcast would call, and who it leaves out and why (the composer's count). */
export async function audienceOf(ctx: AppContext, actor: Actor, recipients: Recipients) {
  const account = await accountForSend(ctx.db.$client, actor.accountId);
  const tz = timezoneById(account.timezoneId).iana;
  const cond = await recipientCondition(ctx, actor, recipients, tz);
  const [audience, credits] = await Promise.all([
    voiceAudience(ctx.db, actor.accountId, cond),
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
  const id = await insertBroadcast(ctx.db.$client, actor.accountId, {
    phoneNumberId: input.phoneNumberId,
    name: input.name,
    text: input.text,
    voice: choice.voice,
    language: choice.language,
    recipients: input.recipients,
    sendAt,
  });
  return getBroadcast(ctx, actor, id);
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
  const changed = await updateScheduledBroadcast(ctx.db.$client, actor.accountId, id, {
    phoneNumberId: input.phoneNumberId,
    name: input.name,
    text: input.text,
    voice: choice.voice,
    language: choice.language,
    recipients: input.recipients,
    sendAt,
  });
  if (!changed)
    throw new AppError("CONFLICT", "This broadcast has started: it can no longer change.");
  return getBroadcast(ctx, actor, id);
}

export async function cancelBroadcast(ctx: AppContext, actor: Actor, id: number) {
  await getBroadcast(ctx, actor, id);
  if (!(await cancelScheduledBroadcast(ctx.db.$client, actor.accountId, id)))
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
    const before = await lockVoiceConsent(client, actor.accountId, input.subscriberId);
    if (!before) throw new AppError("NOT_FOUND", "That subscriber does not exist.");
    if (before.given === input.given)
      throw new AppError(
        "VALIDATION",
        input.given ? VOICE_CONSENT_TEXT.alreadyGiven : VOICE_CONSENT_TEXT.notGiven,
      );
    const voiceConsentAt = await writeVoiceConsent(
      client,
      actor.accountId,
      input.subscriberId,
      input.given,
    );
    await insertManualConsentEvent(client, actor.accountId, {
      phone: before.phone,
      action: input.given ? "voice_opt_in" : "voice_opt_out",
      detail,
      userId: actor.userId ?? null,
    });
    return {
      subscriberId: input.subscriberId,
      voiceConsentAt: voiceConsentAt?.toISOString() ?? null,
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
      const b = await claimDueBroadcast(client);
      if (!b) return false;
      const fail = async (error: string) => {
        await failBroadcast(client, b.id, error);
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
      const n = await insertBroadcastCalls(client, b, from.number, cond);
      try {
        await savepoint(client, "charge");
        await chargeCredits(client, b.accountId, n * b.creditsPerCall, {
          reason: "reserve",
          description: `Voice broadcast #${b.id}: ${n} calls`,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await rollbackToSavepoint(client, "charge");
        await deleteBroadcastCalls(client, b.id);
        await fail(err.message);
        return true;
      }
      await setBroadcastStatus(client, b.id, n ? "sending" : "sent");
      return true;
    });
    if (!did) return started;
    started++;
  }
}

/** Whether a call may still be placed: consent and opt-outs read at the moment of calling. */
export async function stillCallable(ctx: AppContext, callId: number): Promise<boolean> {
  return callStillCallable(ctx.db, callId);
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
    const row = await lockCall(client, input.callId);
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
    await writeCallStatus(client, input.callId, {
      status: input.status,
      sid: input.sid,
      durationSeconds: input.durationSeconds ?? null,
      credits,
      error: input.error ?? null,
    });
    if (FINAL_CALL_STATUSES.includes(input.status)) {
      await finishBroadcastIfDone(client, row.broadcastId);
    }
    return "applied";
  });
}
