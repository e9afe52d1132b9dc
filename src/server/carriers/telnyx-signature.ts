import { createPublicKey, type KeyObject, sign, verify } from "node:crypto";

/**
 * Telnyx signs each webhook with Ed25519 over `${telnyx-timestamp}|${raw body}` and sends the
 * base64 signature in telnyx-signature-ed25519. The portal gives the public key as 32 raw bytes
 * in base64; a PEM (SPKI) key is accepted too. node:crypto verifies Ed25519 natively.
 */
export function telnyxPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) {
    const key = createPublicKey(trimmed);
    if (key.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 public key");
    return key;
  }
  const raw = Buffer.from(trimmed, "base64");
  if (raw.length !== 32) throw new Error("an Ed25519 public key is 32 bytes in base64");
  return createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") },
    format: "jwk",
  });
}

export function telnyxSignedPayload(timestamp: string, rawBody: string): Buffer {
  return Buffer.from(`${timestamp}|${rawBody}`, "utf8");
}

/** The signature a holder of the private key makes (the stand-in signs its webhooks with it). */
export function telnyxSignature(privateKey: KeyObject, timestamp: string, rawBody: string): string {
  return sign(null, telnyxSignedPayload(timestamp, rawBody), privateKey).toString("base64");
}

/** Whether the signature is Telnyx's over this timestamp and exact body. Never throws. */
export function isValidTelnyxSignature(
  publicKey: KeyObject,
  timestamp: string | undefined,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!timestamp || !signature) return false;
  const sig = Buffer.from(signature, "base64");
  if (sig.length !== 64) return false;
  try {
    return verify(null, telnyxSignedPayload(timestamp, rawBody), publicKey, sig);
  } catch {
    return false;
  }
}
