import { createHmac, timingSafeEqual } from "node:crypto";

export type FormParams = Record<string, string | string[]>;

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL followed by
 * every POST parameter (sorted by name) as name+value with no separators.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    for (const v of Array.isArray(value) ? value : [value]) data += key + v;
  }
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Constant-time comparison, so a forger learns nothing from how long a refusal takes. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
