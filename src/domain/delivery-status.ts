/**
 * Delivery statuses of spec doc 1 §3, their display groups, and how the Twilio protocol's
 * message statuses and error codes map onto them.
 */
export const DELIVERY_STATUSES = [
  "Queued",
  "Sending",
  "Sent",
  "Delivered",
  "Sending Failed",
  "Delivery Failed",
  "Delivery Unconfirmed",
  "Delivery Rejected",
  "Undelivered",
  "Invalid Number",
  "Stopped Number",
  "Failed Landline Delivery",
  "Send Rejected",
  "Queue Failed",
  "Read",
  "Blocked",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type StatusGroup = "sending" | "sent" | "delivered" | "unconfirmed" | "failed" | "blocked";

/** Grouping for display: sending (first two), unconfirmed (7th), failed (5th, 6th, 8th-14th), blocked (16th). */
export function statusGroup(status: DeliveryStatus): StatusGroup {
  switch (status) {
    case "Queued":
    case "Sending":
      return "sending";
    case "Sent":
      return "sent";
    case "Delivered":
    case "Read":
      return "delivered";
    case "Delivery Unconfirmed":
      return "unconfirmed";
    case "Blocked":
      return "blocked";
    default:
      return "failed";
  }
}

/** Final statuses never change again; a late callback cannot move a message out of one. */
export function isFinal(status: DeliveryStatus): boolean {
  const group = statusGroup(status);
  return (
    group === "delivered" || group === "failed" || group === "blocked" || group === "unconfirmed"
  );
}

const PROGRESS: Partial<Record<DeliveryStatus, number>> = { Queued: 0, Sending: 1, Sent: 2 };

/**
 * Whether a callback may move a message from `current` to `next`. Statuses only move forward:
 * a late 'sent' never overwrites 'delivered', a repeat changes nothing. 'Read' may follow
 * 'Delivered'; a final failure may follow an unconfirmed delivery.
 */
export function canTransition(current: DeliveryStatus, next: DeliveryStatus): boolean {
  if (current === next) return false;
  if (current === "Delivered") return next === "Read";
  if (current === "Delivery Unconfirmed")
    return next === "Delivered" || next === "Read" || statusGroup(next) === "failed";
  if (isFinal(current)) return false;
  const from = PROGRESS[current] ?? 0;
  const to = PROGRESS[next];
  return to === undefined || to > from;
}

/** Twilio error codes that mean something about the number itself (subscriber hygiene). */
export const TWILIO_ERRORS = {
  INVALID_TO: 21211,
  NOT_MOBILE: 21614,
  OPTED_OUT: 21610,
  QUEUE_OVERFLOW: 30001,
  ACCOUNT_SUSPENDED: 30002,
  UNREACHABLE: 30003,
  MESSAGE_BLOCKED: 30004,
  UNKNOWN_DESTINATION: 30005,
  LANDLINE: 30006,
  CARRIER_VIOLATION: 30007,
  UNKNOWN_ERROR: 30008,
} as const;

export type NumberHealth = "opted_out" | "landline" | "invalid" | "unreachable" | "carrier_blocked";

export function healthFromError(code: number | null | undefined): NumberHealth | null {
  switch (code) {
    case TWILIO_ERRORS.OPTED_OUT:
      return "opted_out";
    case TWILIO_ERRORS.NOT_MOBILE:
    case TWILIO_ERRORS.LANDLINE:
      return "landline";
    case TWILIO_ERRORS.INVALID_TO:
    case TWILIO_ERRORS.UNKNOWN_DESTINATION:
      return "invalid";
    case TWILIO_ERRORS.UNREACHABLE:
      return "unreachable";
    case TWILIO_ERRORS.CARRIER_VIOLATION:
    case TWILIO_ERRORS.MESSAGE_BLOCKED:
      return "carrier_blocked";
    default:
      return null;
  }
}

/** Maps a Twilio MessageStatus (+ ErrorCode) to our status; null for statuses we do not track. */
export function fromTwilio(
  messageStatus: string,
  errorCode?: number | null,
): DeliveryStatus | null {
  switch (messageStatus) {
    case "accepted":
    case "scheduled":
    case "queued":
      return "Queued";
    case "sending":
      return "Sending";
    case "sent":
      return "Sent";
    case "delivered":
      return "Delivered";
    case "read":
      return "Read";
    case "canceled":
      return "Send Rejected";
    case "undelivered":
    case "failed":
      return failureStatus(messageStatus, errorCode);
    default:
      return null;
  }
}

function failureStatus(
  messageStatus: "undelivered" | "failed",
  errorCode?: number | null,
): DeliveryStatus {
  switch (healthFromError(errorCode)) {
    case "opted_out":
      return "Stopped Number";
    case "landline":
      return "Failed Landline Delivery";
    case "invalid":
      return "Invalid Number";
    case "carrier_blocked":
      return "Delivery Rejected";
    case "unreachable":
      return "Undelivered";
    default:
      if (errorCode === TWILIO_ERRORS.UNKNOWN_ERROR) return "Delivery Unconfirmed";
      if (errorCode === TWILIO_ERRORS.QUEUE_OVERFLOW) return "Queue Failed";
      return messageStatus === "failed" ? "Sending Failed" : "Delivery Failed";
  }
}

/** The statuses a message may be in for a callback to move it to `next` (canTransition, inverted). */
export function allowedFrom(next: DeliveryStatus): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter((current) => canTransition(current, next));
}
