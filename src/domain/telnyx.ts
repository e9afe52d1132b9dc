import { TWILIO_ERRORS } from "./delivery-status";

/**
 * Telnyx's messaging vocabulary (API v2 statuses, delivery and request error codes) in the terms
 * the rest of Parley speaks: Twilio's MessageStatus and error codes, which `fromTwilio`,
 * `healthFromError` and the error dictionary already understand. Translating at the edge keeps
 * one status machine and one error dictionary for both carriers.
 */

/** Telnyx delivery errors (40xxx, in message.finalized `errors`) with a Twilio equivalent. */
const DELIVERY_ERRORS: Record<number, number> = {
  // Not routable: a landline or a number that cannot take texts.
  40001: TWILIO_ERRORS.LANDLINE,
  // Spam filters (carrier temporary / permanent, Telnyx internal): a content or sender problem.
  40002: TWILIO_ERRORS.CARRIER_VIOLATION,
  40003: TWILIO_ERRORS.CARRIER_VIOLATION,
  40015: TWILIO_ERRORS.CARRIER_VIOLATION,
  // Rejected by the destination for no stated reason.
  40004: TWILIO_ERRORS.MESSAGE_BLOCKED,
  // Expired in transit, recipient's carrier unavailable: the phone could not be reached now.
  40005: TWILIO_ERRORS.UNREACHABLE,
  40006: TWILIO_ERRORS.UNREACHABLE,
  // Too much traffic upstream, or left in Telnyx's queue past its validity.
  40011: TWILIO_ERRORS.QUEUE_OVERFLOW,
  40014: TWILIO_ERRORS.QUEUE_OVERFLOW,
  // The destination number was refused as a number.
  40012: TWILIO_ERRORS.INVALID_TO,
  // Our sending number was refused (inactive or not messaging-enabled).
  40013: 21612,
  // The recipient texted STOP to this number: Telnyx blocks further sends itself.
  40300: TWILIO_ERRORS.OPTED_OUT,
};

/** Request errors (10xxx, answered synchronously by POST /v2/messages) with a Twilio equivalent. */
const REQUEST_ERRORS: Record<number, number> = {
  10001: TWILIO_ERRORS.INVALID_TO,
  10002: TWILIO_ERRORS.INVALID_TO,
  10016: TWILIO_ERRORS.INVALID_TO,
  40012: TWILIO_ERRORS.INVALID_TO,
  40013: 21612,
  40300: TWILIO_ERRORS.OPTED_OUT,
};

/** The Twilio code meaning the same as a Telnyx error code, or null when there is none. */
export function twilioCodeOf(telnyxCode: string | number | null | undefined): number | null {
  const code = Number(telnyxCode);
  if (!Number.isInteger(code)) return null;
  return DELIVERY_ERRORS[code] ?? REQUEST_ERRORS[code] ?? null;
}

export interface TelnyxErrorItem {
  code?: string | number;
  title?: string;
  detail?: string;
}

/**
 * A recipient's Telnyx status (payload.to[].status) as Twilio's MessageStatus with its error
 * code; null for statuses that say nothing about an outbound message (webhook_delivered, …).
 */
export function telnyxStatusToTwilio(
  status: string,
  errors: readonly TelnyxErrorItem[] = [],
): { messageStatus: string; errorCode: number | null } | null {
  const errorCode =
    errors.map((e) => twilioCodeOf(e.code)).find((c): c is number => c !== null) ?? null;
  switch (status) {
    case "queued":
      return { messageStatus: "queued", errorCode: null };
    case "sending":
      return { messageStatus: "sending", errorCode: null };
    case "sent":
      return { messageStatus: "sent", errorCode: null };
    case "delivered":
      return { messageStatus: "delivered", errorCode: null };
    // Never left Telnyx.
    case "sending_failed":
      return { messageStatus: "failed", errorCode };
    // Left Telnyx and was refused or lost on the way.
    case "delivery_failed":
    case "expired":
      return { messageStatus: "undelivered", errorCode };
    // The carrier gave no receipt: Twilio's 30008 is our "Delivery Unconfirmed".
    case "delivery_unconfirmed":
      return { messageStatus: "undelivered", errorCode: TWILIO_ERRORS.UNKNOWN_ERROR };
    default:
      return null;
  }
}

export interface TelnyxRefusal {
  message: string;
  /** The Twilio equivalent of the refusal's code, when there is one. */
  code: number | null;
  /** The same request may succeed later: 429 (rate limited), 5xx, or Telnyx's own "try again". */
  retryable: boolean;
  retryAfterMs?: number;
}

/**
 * A non-2xx answer of the Telnyx API (`{ errors: [{ code, title, detail }] }`) judged: 429 and
 * 5xx are worth trying again (after Retry-After when given), every other 4xx is final.
 */
export function classifyTelnyxRefusal(
  httpStatus: number,
  body: unknown,
  retryAfterHeader?: string | string[],
): TelnyxRefusal {
  const errors = Array.isArray((body as { errors?: unknown } | null)?.errors)
    ? ((body as { errors: TelnyxErrorItem[] }).errors ?? [])
    : [];
  const first = errors[0];
  const message =
    first?.detail || first?.title || `The carrier answered ${httpStatus} to this request.`;
  const code = errors.map((e) => twilioCodeOf(e.code)).find((c): c is number => c !== null) ?? null;
  // 10007 "unexpected error" and 10008 "request timeout" are Telnyx's own passing faults; a 409
  // other than the STOP block (40300) is the same Idempotency-Key still in flight.
  const passing =
    errors.some((e) => String(e.code) === "10007" || String(e.code) === "10008") ||
    (httpStatus === 409 && code !== TWILIO_ERRORS.OPTED_OUT);
  const retryable = httpStatus === 429 || httpStatus >= 500 || passing;
  const header = Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader;
  const seconds = Number(header);
  return {
    message,
    code,
    retryable,
    retryAfterMs: retryable && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
  };
}

/** Telnyx's signed webhooks older (or newer) than this are refused as replays. */
export const TELNYX_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Whether a telnyx-timestamp header (Unix seconds) is within the tolerance of `nowMs`. */
export function isFreshTelnyxTimestamp(
  header: string | undefined,
  nowMs: number,
  toleranceSeconds = TELNYX_WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  if (!header || !/^\d{1,12}$/.test(header)) return false;
  return Math.abs(nowMs / 1000 - Number(header)) <= toleranceSeconds;
}

/** A Telnyx Number Lookup carrier type (`data.carrier.type`) as our line type. */
export function lineTypeOfTelnyx(
  type: string | null | undefined,
): "mobile" | "landline" | "voip" | "unknown" | null {
  if (!type) return null;
  const t = type.toLowerCase();
  if (t === "mobile") return "mobile";
  if (t === "fixed line" || t === "landline" || t === "fixed_line") return "landline";
  if (t === "voip") return "voip";
  return "unknown";
}
