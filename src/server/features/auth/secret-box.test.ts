import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isSealed, open, seal, secretKey } from "./secret-box";

describe("secret box", () => {
  const key = secretKey({ SECRET_KEY: "x".repeat(40), DATA_DIR: "/nonexistent" });

  it("seals with AES-256-GCM and opens again; each seal differs", () => {
    const a = seal(key, "JBSWY3DPEHPK3PXP");
    const b = seal(key, "JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(open(key, a)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("reads a plaintext from before sealing as it is", () => {
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(open(key, "JBSWY3DPEHPK3PXP")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a tampered value or another key", () => {
    const sealed = seal(key, "secret");
    const other = secretKey({ SECRET_KEY: "y".repeat(40), DATA_DIR: "/nonexistent" });
    expect(() => open(other, sealed)).toThrow();
    const parts = sealed.split(":");
    parts[4] = Buffer.from("SECRET").toString("base64url");
    expect(() => open(key, parts.join(":"))).toThrow();
  });

  it("makes a key file once under DATA_DIR (0600) and reuses it", () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "parley-key-")), "data");
    const first = secretKey({ SECRET_KEY: undefined, DATA_DIR: dir });
    const file = path.join(dir, "secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8"), "base64url").equals(first)).toBe(true);
    expect(first).toHaveLength(32);
  });
});
