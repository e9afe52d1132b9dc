/**
 * The one carrier interface. The Twilio adapter implements it over Twilio's REST API (in the
 * default set-up served by our own emulator, so demos and tests run the production code path);
 * the Telnyx adapter over Telnyx's API v2. Statuses and error codes cross it in Twilio's terms.
 */
export interface SendRequest {
  from: string;
  to: string;
  body: string;
  mediaUrls?: string[];
  /** Where the carrier posts status callbacks for this message. */
  statusCallback: string;
  /** Our message id: a retried send with the same key is not sent twice (where the carrier honours it). */
  idempotencyKey: string;
}

export interface SendResult {
  sid: string;
  /** Twilio MessageStatus at acceptance (queued, accepted, …). */
  status: string;
  errorCode: number | null;
  segments: number;
}

/** A text-to-speech call (Twilio Calls API with TwiML <Say>). */
export interface CallRequest {
  from: string;
  to: string;
  text: string;
  /** TwiML <Say> voice (man, woman, alice) and language (en-US, es-ES, …). */
  voice: string;
  language: string;
  statusCallback: string;
  /** Our call id: a retried call with the same key is not placed twice (where honoured). */
  idempotencyKey: string;
}

export interface CallResult {
  sid: string;
  /** Twilio CallStatus (queued, ringing, in-progress, completed, busy, no-answer, failed). */
  status: string;
}

export interface AvailableNumber {
  number: string;
  locality: string;
  region: string;
  tollFree: boolean;
}

export interface OwnedNumber {
  sid: string;
  number: string;
}

export interface LookupResult {
  valid: boolean;
  number: string | null;
  lineType: "mobile" | "landline" | "voip" | "unknown" | null;
  /** The network the number is on now, as the carrier names it ("T-Mobile USA, Inc."); null if unknown. */
  carrierName: string | null;
}

export interface Carrier {
  readonly name: "twilio" | "emulator" | "telnyx";
  /**
   * Paths (under WEBHOOK_BASE_URL) where this carrier's protocol posts inbound texts and
   * delivery statuses; the status path takes our message id as `?m=`.
   */
  readonly webhookPaths: { inbound: string; status: string };
  /** Whether `call` places calls; a carrier without it refuses calls with a final CarrierError. */
  readonly supportsVoice: boolean;
  send(request: SendRequest): Promise<SendResult>;
  /**
   * A message this account sent from `from` to `to` with this body, created at or after `since`
   * (newest first), or null. Asked before sending again a message whose earlier try ended
   * unknown (a worker died mid-call): Twilio does not document idempotency keys. `exclude`: sids
   * to pass over (texts already recorded as other messages of ours with the same words).
   */
  findSent(query: {
    from: string;
    to: string;
    body: string;
    since: Date;
    exclude?: readonly string[];
  }): Promise<SendResult | null>;
  call(request: CallRequest): Promise<CallResult>;
  /** A call from `from` to `to` started at or after `since`, or null (asked after a lapsed claim). */
  findCall(query: { from: string; to: string; since: Date }): Promise<CallResult | null>;
  searchNumbers(query: {
    areaCode?: string;
    tollFree: boolean;
    limit: number;
  }): Promise<AvailableNumber[]>;
  buyNumber(
    number: string,
    hooks: { smsUrl: string; statusCallback: string; friendlyName: string },
  ): Promise<OwnedNumber>;
  releaseNumber(sid: string): Promise<void>;
  lookup(number: string): Promise<LookupResult>;
}

/**
 * A refusal from the carrier. `code` is the carrier's error code (21610 opted out, 21211 invalid
 * number, …); `retryable` says whether the same request may succeed later (429, 5xx, network).
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "CarrierError";
  }
}
