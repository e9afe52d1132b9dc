import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { isLegacySecret, newWebhookSecret, signatureHeaders } from "./webhook-signature";

describe("webhook signatures", () => {
  const body = JSON.stringify({ id: "evt_1", type: "subscriber.created", data: {} });
  const at = new Date("2026-11-28T12:00:00Z");

  it("signs per Standard Webhooks: base64 HMAC-SHA256 of id.timestamp.body with the decoded key", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(isLegacySecret(secret)).toBe(false);
    const h = signatureHeaders(secret, "evt_1", at, body);
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key)
      .update(`evt_1.${at.getTime() / 1000}.${body}`)
      .digest("base64");
    expect(h).toEqual({
      "webhook-id": "evt_1",
      "webhook-timestamp": String(at.getTime() / 1000),
      "webhook-signature": `v1,${expected}`,
    });
  });

  it("keys an older secret by its text and adds the older header", () => {
    const legacy = `whsec_${randomBytes(24).toString("base64url")}`;
    expect(isLegacySecret(legacy)).toBe(true);
    const h = signatureHeaders(legacy, "evt_1", at, body);
    expect(h["webhook-signature"]).toBe(
      new Webhook(legacy, { format: "raw" }).sign("evt_1", at, body),
    );
    const t = at.getTime() / 1000;
    expect(h["parley-signature"]).toBe(
      `t=${t},v1=${createHmac("sha256", legacy).update(`${t}.${body}`).digest("hex")}`,
    );
  });
});
