import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  derivedKeys,
  isSealed,
  keyIdOf,
  keyRing,
  open,
  opens,
  seal,
  sealedKeyId,
  secretKey,
  UnknownKeyError,
  verifiesWithAny,
} from "./secret-box";

const A = "a".repeat(40);
const B = "b".repeat(40);
const noDir = "/nonexistent";

/** A value as sealed before key ids: enc:v1:<iv>:<tag>:<body> under sha256(SECRET_KEY). */
function sealV1(secret: string, plaintext: string): string {
  const key = createHash("sha256").update(secret).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const b64 = (b: Buffer) => b.toString("base64url");
  return `enc:v1:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(body)}`;
}

describe("secret box", () => {
  const ring = keyRing({ SECRET_KEY: A, DATA_DIR: noDir });

  it("seals with AES-256-GCM under the current key's id and opens again; each seal differs", () => {
    const a = seal(ring, "JBSWY3DPEHPK3PXP");
    const b = seal(ring, "JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(a.startsWith(`enc:v2:${keyIdOf(A)}:`)).toBe(true);
    expect(sealedKeyId(a)).toBe(keyIdOf(A));
    expect(open(ring, a)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("reads a plaintext from before sealing as it is", () => {
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(open(ring, "JBSWY3DPEHPK3PXP")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a tampered value or another key, naming the key it lacks", () => {
    const sealed = seal(ring, "secret");
    const other = keyRing({ SECRET_KEY: B, DATA_DIR: noDir });
    expect(() => open(other, sealed)).toThrow(UnknownKeyError);
    expect(() => open(other, sealed)).toThrow(keyIdOf(A));
    const parts = sealed.split(":");
    parts[5] = Buffer.from("SECRET").toString("base64url");
    expect(() => open(ring, parts.join(":"))).toThrow();
  });

  it("a value sealed under A opens once B is current and A is old; new seals use B", () => {
    const underA = seal(ring, "written with A");
    const legacyA = sealV1(A, "sealed before key ids");
    const rotated = keyRing({ SECRET_KEY: B, secretKeysOld: [A], DATA_DIR: noDir });
    expect(rotated.current.id).toBe(keyIdOf(B));
    expect(open(rotated, underA)).toBe("written with A");
    expect(open(rotated, legacyA)).toBe("sealed before key ids");
    expect(sealedKeyId(seal(rotated, "new"))).toBe(keyIdOf(B));
    // Once A is gone, only what B sealed opens, and the refusal names the missing key.
    const onlyB = keyRing({ SECRET_KEY: B, DATA_DIR: noDir });
    expect(opens(onlyB, underA)).toBe(false);
    expect(() => open(onlyB, legacyA)).toThrow(UnknownKeyError);
    expect(open(onlyB, seal(rotated, "new"))).toBe("new");
  });

  it("an existing install's plain SECRET_KEY opens what it sealed before key ids", () => {
    expect(open(ring, sealV1(A, "old"))).toBe("old");
  });

  it("signatures: made with the current key, accepted with any ring key", () => {
    const sign = (k: Buffer) => k.toString("hex").slice(0, 12);
    const [oldKey] = derivedKeys({ SECRET_KEY: A, DATA_DIR: noDir }, "purpose");
    const rotated = derivedKeys({ SECRET_KEY: B, secretKeysOld: [A], DATA_DIR: noDir }, "purpose");
    expect(rotated[0]!.equals(oldKey!)).toBe(false);
    expect(verifiesWithAny(rotated, sign(oldKey!), sign)).toBe(true);
    expect(
      verifiesWithAny(
        derivedKeys({ SECRET_KEY: B, DATA_DIR: noDir }, "purpose"),
        sign(oldKey!),
        sign,
      ),
    ).toBe(false);
  });

  it("makes a key file once under DATA_DIR (0600) and reuses it", () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "parley-key-")), "data");
    const first = secretKey({ SECRET_KEY: undefined, DATA_DIR: dir });
    const file = path.join(dir, "secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8"), "base64url").equals(first)).toBe(true);
    expect(first).toHaveLength(32);
  });

  it("a key file left from before SECRET_KEY was set still opens what it sealed", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "parley-key-"));
    writeFileSync(path.join(dir, "secret.key"), randomBytes(32).toString("base64url"));
    const fileRing = keyRing({ SECRET_KEY: undefined, DATA_DIR: dir });
    const sealed = seal(fileRing, "from the file's time");
    const envRing = keyRing({ SECRET_KEY: A, DATA_DIR: dir });
    expect(envRing.current.id).toBe(keyIdOf(A));
    expect(open(envRing, sealed)).toBe("from the file's time");
  });
});
