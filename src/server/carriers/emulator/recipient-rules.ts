import { isTollFree } from "../../../domain/phone";

/**
 * What the emulated carrier does with a recipient, decided by its last four digits so that tests
 * and demos can provoke every case on purpose. Numbers handed out by the emulator end in
 * 0100-0199, so they never hit a rule by accident.
 */
export type RecipientOutcome =
  | { kind: "refused"; code: 21211 | 21610 }
  | { kind: "undelivered"; errorCode: DeliveryErrorCode }
  | { kind: "delivered" };

export type DeliveryErrorCode = 30003 | 30006 | 30007;

/** Twilio's error_message for the delivery failures the emulator produces. */
export const DELIVERY_ERROR_MESSAGES: Record<DeliveryErrorCode, string> = {
  30003: "Unreachable destination handset",
  30006: "Landline or unreachable carrier",
  30007: "Message filtered",
};

const BY_LAST_FOUR: Record<string, RecipientOutcome> = {
  "0000": { kind: "refused", code: 21211 }, // invalid number, refused at the API
  "0004": { kind: "refused", code: 21610 }, // the recipient texted STOP to the carrier
  "0001": { kind: "undelivered", errorCode: 30006 }, // landline
  "0002": { kind: "undelivered", errorCode: 30003 }, // handset unreachable
  "0003": { kind: "undelivered", errorCode: 30007 }, // carrier filtering
};

export function outcomeFor(to: string): RecipientOutcome {
  return BY_LAST_FOUR[to.slice(-4)] ?? { kind: "delivered" };
}

/**
 * The mobile network of an emulated number, by its last digit, so that a test or a demo picks a
 * T-Mobile recipient on purpose (the names Twilio Lookup gives these networks): 0-3 Verizon, 4-6
 * T-Mobile, 7-9 AT&T, about as the US market splits. Landlines are on a local exchange carrier;
 * toll-free numbers on no mobile network.
 */
export function carrierNameOf(e164: string): string | null {
  const line = lineTypeOf(e164);
  if (line === null || line === "tollFree") return null;
  if (line === "landline") return "Lumen Technologies";
  const last = Number(e164.slice(-1));
  if (last <= 3) return "Verizon Wireless";
  if (last <= 6) return "T-Mobile USA, Inc.";
  return "AT&T Wireless";
}

/** Lookup's line type (Twilio's vocabulary); null for a number the carrier calls invalid. */
export function lineTypeOf(e164: string): "mobile" | "landline" | "tollFree" | null {
  const lastFour = e164.slice(-4);
  if (lastFour === "0000") return null;
  if (lastFour === "0001") return "landline";
  return isTollFree(e164) ? "tollFree" : "mobile";
}
