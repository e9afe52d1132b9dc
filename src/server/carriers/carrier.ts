/**
 * The one carrier interface. The Twilio adapter implements it over Twilio's REST API; in the
 * default set-up that API is served by our own emulator, so demos and tests run the production
 * code path.
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
}

export interface Carrier {
  readonly name: "twilio" | "emulator";
  /** The secret that signs the carrier's webhooks (X-Twilio-Signature). */
  readonly authToken: string;
  send(request: SendRequest): Promise<SendResult>;
  /**
   * A message this account sent from `from` to `to` with this body, created at or after `since`
   * (newest first), or null. Asked before sending again a message whose earlier try ended
   * unknown (a worker died mid-call): Twilio does not document idempotency keys.
   */
  findSent(query: {
    from: string;
    to: string;
    body: string;
    since: Date;
  }): Promise<SendResult | null>;
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
