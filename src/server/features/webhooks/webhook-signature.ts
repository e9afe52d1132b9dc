import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * Deliveries are signed per Standard Webhooks (https://www.standardwebhooks.com):
 * `webhook-id` (the event id, the same on a retry or replay), `webhook-timestamp` (unix
 * seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, so any
 * receiver library verifies them (`new Webhook(secret).verify(rawBody, headers)`).
 *
 * Secrets: `whsec_` + base64 of 32 random bytes, the bytes being the key. Secrets made before
 * (`whsec_` + 32 base64url characters) were used whole, as text, for the HMAC: they keep that
 * key (a receiver verifies with `new Webhook(secret, { format: "raw" })`) and their deliveries
 * also keep the old `Parley-Signature` header, so receivers written for it go on working.
 */

const STANDARD_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** A secret from before Standard Webhooks: its text is the key. */
export function isLegacySecret(secret: string): boolean {
  return !STANDARD_SECRET.test(secret);
}

/** The Standard Webhooks signer/verifier for an endpoint's secret, either kind. */
export function webhookOf(secret: string): Webhook {
  return isLegacySecret(secret) ? new Webhook(secret, { format: "raw" }) : new Webhook(secret);
}

/** The signature headers of one delivery. */
export function signatureHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  const headers: Record<string, string> = {
    "webhook-id": messageId,
    "webhook-timestamp": String(seconds),
    "webhook-signature": webhookOf(secret).sign(messageId, at, body),
  };
  if (isLegacySecret(secret))
    headers[LEGACY_SIGNATURE_HEADER] = legacySignature(secret, seconds, body);
  return headers;
}

/** The header before Standard Webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const LEGACY_SIGNATURE_HEADER = "parley-signature";

function legacySignature(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
