import { and, desc, eq } from "drizzle-orm";
import { isTollFree, toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { registeredMps } from "../registry/registered-throughput";
import { TwilioApiError } from "./api-error";
import { emuMessages } from "./emulator.schema";
import { outcomeFor, type RecipientOutcome } from "./recipient-rules";
import { countSegments } from "./segments";
import { SendBatcher } from "./send-batcher";
import { type TakeResult, takeSendSlot } from "./throughput-limiter";
import { type EmuMessageRow, newSid } from "./twilio-resources";

export interface SendInput {
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  idempotencyKey: string | null;
}

/** A status callback still to post; `attempts` counts failed posts of this step. */
export interface PlannedEvent {
  status: "sent" | "delivered" | "undelivered";
  errorCode?: number;
  at: string;
  attempts?: number;
}

const MAX_BODY = 1600;
/** No real number sends this fast: a setting this high (benchmarks) switches the limit off. */
const UNLIMITED_MPS = 1000;

/**
 * Messages.json create, in Twilio's order of checks: a repeated idempotency key returns the first
 * message before anything else (so a retry after a lost answer never sends twice), then the
 * configured share of 500s, validation, the recipient rules, and the sender's throughput.
 */
const batchers = new WeakMap<AppContext, SendBatcher>();

export function createMessage(ctx: AppContext, input: SendInput): Promise<EmuMessageRow> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = new SendBatcher(ctx.db, (i, senderOwned) => newMessage(ctx, i, senderOwned));
    batchers.set(ctx, batcher);
  }
  // Twilio does not document idempotency keys for Messages; by default behave as if ignored.
  const honour = ctx.config.EMULATOR_IDEMPOTENCY_KEYS === "honour";
  return batcher.submit(honour ? input : { ...input, idempotencyKey: null });
}

/** Messages.json list: To and From filters, newest first; `offset` is the page's start. */
export async function listMessages(
  ctx: AppContext,
  q: { to?: string; from?: string; pageSize: number; offset?: number },
): Promise<EmuMessageRow[]> {
  const conds = [
    q.to ? eq(emuMessages.toNumber, q.to) : undefined,
    q.from ? eq(emuMessages.fromNumber, q.from) : undefined,
  ];
  return ctx.db
    .select()
    .from(emuMessages)
    .where(and(...conds))
    .orderBy(desc(emuMessages.createdAt), desc(emuMessages.sid))
    .limit(Math.min(Math.max(q.pageSize, 1), 1001))
    .offset(q.offset ?? 0);
}

/** The checks after the idempotency key (which the batcher answers first), and the new row. */
async function newMessage(ctx: AppContext, input: SendInput, senderOwned: boolean) {
  if (Math.random() < ctx.config.EMULATOR_5XX_RATE) {
    throw new TwilioApiError(500, 20500, "An internal server error has occurred");
  }
  validate(input, senderOwned);

  const outcome = outcomeFor(input.to);
  if (outcome.kind === "refused" && outcome.code === 21211) {
    throw invalidTo(input.to);
  }
  if (outcome.kind === "refused") {
    throw new TwilioApiError(400, 21610, "Attempt to send to unsubscribed recipient");
  }

  const { EMULATOR_MPS_TOLL_FREE, EMULATOR_MPS_LONG_CODE } = ctx.config;
  let mps = isTollFree(input.from) ? EMULATOR_MPS_TOLL_FREE : EMULATOR_MPS_LONG_CODE;
  // A registered long code sends at its brand's trust tier (the registry emulator's decision).
  if (mps < UNLIMITED_MPS && !isTollFree(input.from))
    mps = Math.max(mps, (await registeredMps(ctx.db, input.from)) ?? 0);
  const slot: TakeResult =
    mps >= UNLIMITED_MPS ? { ok: true } : await takeSendSlot(ctx.db, input.from, mps);
  if (!slot.ok) {
    throw new TwilioApiError(429, 20429, "Too Many Requests", {
      "retry-after": String(slot.retryAfterSeconds),
    });
  }

  const events = planEvents(outcome, ctx.clock.now().getTime(), ctx.config.EMULATOR_LATENCY_MS);
  return {
    sid: newSid("SM"),
    direction: "outbound-api",
    fromNumber: input.from,
    toNumber: input.to,
    body: input.body,
    mediaUrls: input.mediaUrls,
    // An MMS travels as one message whatever its text.
    numSegments: input.mediaUrls.length > 0 ? 1 : countSegments(input.body).segments,
    status: "queued",
    statusCallback: input.statusCallback,
    idempotencyKey: input.idempotencyKey,
    pendingEvents: events,
    nextEventAt: new Date(events[0]!.at),
  };
}

export async function getMessage(ctx: AppContext, sid: string): Promise<EmuMessageRow> {
  const [row] = await ctx.db.select().from(emuMessages).where(eq(emuMessages.sid, sid));
  if (!row) throw notFound(`Messages/${sid}.json`);
  return row;
}

export function notFound(resource: string): TwilioApiError {
  return new TwilioApiError(404, 20404, `The requested resource ${resource} was not found`);
}

/** sent after one latency step, then the final status after another. */
function planEvents(outcome: RecipientOutcome, now: number, latencyMs: number): PlannedEvent[] {
  const at = (steps: number) => new Date(now + steps * latencyMs).toISOString();
  const final: PlannedEvent =
    outcome.kind === "undelivered"
      ? { status: "undelivered", errorCode: outcome.errorCode, at: at(2) }
      : { status: "delivered", at: at(2) };
  return [{ status: "sent", at: at(1) }, final];
}

function validate(input: SendInput, senderOwned: boolean) {
  if (!/^\+1\d{10}$/.test(input.to) || toE164(input.to) !== input.to) {
    throw invalidTo(input.to);
  }
  if (!senderOwned) {
    throw new TwilioApiError(
      400,
      21606,
      `The From phone number ${input.from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    );
  }
  if (!input.body && input.mediaUrls.length === 0) {
    throw new TwilioApiError(400, 21602, "Message body is required.");
  }
  if (input.body.length > MAX_BODY) {
    throw new TwilioApiError(
      400,
      21617,
      "The concatenated message body exceeds the 1600 character limit.",
    );
  }
  for (const url of input.mediaUrls) {
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      throw new TwilioApiError(400, 21620, `Media urls: ${url} are invalid.`);
    }
  }
}

function invalidTo(to: string): TwilioApiError {
  return new TwilioApiError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
}
