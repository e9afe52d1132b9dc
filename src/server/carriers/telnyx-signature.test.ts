import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidTelnyxSignature, telnyxPublicKey, telnyxSignature } from "./telnyx-signature";

const pair = generateKeyPairSync("ed25519");
const portalKey = Buffer.from(pair.publicKey.export({ format: "jwk" }).x!, "base64url").toString(
  "base64",
);
const body = '{"data":{"event_type":"message.received","payload":{"text":"STOP"}}}';

describe("Telnyx webhook signatures", () => {
  it("verify Telnyx's signature over timestamp|body with the portal's base64 key or a PEM", () => {
    const signature = telnyxSignature(pair.privateKey, "1795500000", body);
    expect(Buffer.from(signature, "base64")).toHaveLength(64);
    expect(isValidTelnyxSignature(telnyxPublicKey(portalKey), "1795500000", body, signature)).toBe(
      true,
    );
    const pem = pair.publicKey.export({ format: "pem", type: "spki" }).toString();
    expect(isValidTelnyxSignature(telnyxPublicKey(pem), "1795500000", body, signature)).toBe(true);
  });

  it("refuse another key, another timestamp, another body, or no signature, without throwing", () => {
    const key = telnyxPublicKey(portalKey);
    const signature = telnyxSignature(pair.privateKey, "1795500000", body);
    const stranger = generateKeyPairSync("ed25519").privateKey;
    expect(
      isValidTelnyxSignature(
        key,
        "1795500000",
        body,
        telnyxSignature(stranger, "1795500000", body),
      ),
    ).toBe(false);
    expect(isValidTelnyxSignature(key, "1795500001", body, signature)).toBe(false);
    expect(isValidTelnyxSignature(key, "1795500000", `${body} `, signature)).toBe(false);
    expect(isValidTelnyxSignature(key, "1795500000", body, undefined)).toBe(false);
    expect(isValidTelnyxSignature(key, undefined, body, signature)).toBe(false);
    expect(isValidTelnyxSignature(key, "1795500000", body, "bm90IGEgc2lnbmF0dXJl")).toBe(false);
  });

  it("refuse a key that is not a 32-byte Ed25519 public key", () => {
    expect(() => telnyxPublicKey("c2hvcnQ=")).toThrow(
      "an Ed25519 public key is 32 bytes in base64",
    );
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ format: "pem", type: "spki" })
      .toString();
    expect(() => telnyxPublicKey(rsa)).toThrow("not an Ed25519 public key");
  });
});
