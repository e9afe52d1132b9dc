import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../../config";

/**
 * Secrets kept at rest (authenticator keys) are sealed with AES-256-GCM. The key comes from
 * SECRET_KEY, or from a random key file made once under DATA_DIR (0600). A sealed value reads
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64url); anything else is a plaintext from before.
 */
const PREFIX = "enc:v1:";
const KEY_FILE = "secret.key";

const keys = new Map<string, Buffer>();

export function secretKey(config: Pick<Config, "SECRET_KEY" | "DATA_DIR">): Buffer {
  const cacheKey = config.SECRET_KEY ? `env:${config.SECRET_KEY}` : `file:${config.DATA_DIR}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = config.SECRET_KEY
      ? createHash("sha256").update(config.SECRET_KEY).digest()
      : keyFromFile(config.DATA_DIR);
    keys.set(cacheKey, key);
  }
  return key;
}

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32);
  try {
    // wx: two processes starting at once keep whichever key was written first.
    writeFileSync(file, fresh.toString("base64url"), { mode: 0o600, flag: "wx" });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  }
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString("base64url")}:${tag.toString("base64url")}:${body.toString("base64url")}`;
}

/** The plaintext of a sealed value (a plaintext from before sealing is returned as is). */
export function open(key: Buffer, value: string): string {
  if (!isSealed(value)) return value;
  const [iv, tag, body] = value.slice(PREFIX.length).split(":");
  if (!iv || !tag || body === undefined) throw new Error("A sealed secret is damaged.");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
