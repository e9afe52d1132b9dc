import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../../config";

/**
 * The server's key ring. Secrets kept at rest (authenticator keys, webhook signing secrets, other
 * systems' tokens) are sealed with AES-256-GCM under the ring's current key, and every sealed
 * value names the key that sealed it: `enc:v2:<key id>:<iv>:<tag>:<ciphertext>` (base64url).
 * Values from before key ids (`enc:v1:<iv>:<tag>:<ciphertext>`) are tried with every key of the
 * ring (GCM refuses a wrong key, so nothing is ever misread); anything else is a plaintext from
 * before sealing.
 *
 * The current key is SECRET_KEY, or a random key file made once under DATA_DIR (0600). Keys being
 * retired are listed in SECRET_KEYS_OLD: they still open and verify, never seal or sign. A key id
 * is a fingerprint of the key itself, so an operator never keeps ids and keys in step by hand, and
 * every process with the same keys agrees on the ids. A key file left under DATA_DIR from before
 * SECRET_KEY was set joins the ring as an old key, so moving to SECRET_KEY loses nothing.
 */
const PREFIX_V1 = "enc:v1:";
const PREFIX_V2 = "enc:v2:";
const KEY_FILE = "secret.key";

export interface RingKey {
  /** 8 hex digits: a fingerprint of the key, written into what it seals. */
  id: string;
  key: Buffer;
}

export interface KeyRing {
  /** What seals and signs now. */
  current: RingKey;
  /** Every key that opens and verifies: the current one first, then the old ones. */
  keys: RingKey[];
}

export type KeyConfig = Pick<Config, "SECRET_KEY" | "DATA_DIR"> & {
  secretKeysOld?: readonly string[];
};

const rings = new Map<string, KeyRing>();

/** The key ring the settings name (cached per settings). */
export function keyRing(config: KeyConfig): KeyRing {
  const old = config.secretKeysOld ?? [];
  const cacheKey = JSON.stringify([config.SECRET_KEY ?? null, old, config.DATA_DIR]);
  let ring = rings.get(cacheKey);
  if (!ring) {
    const current = config.SECRET_KEY
      ? ringKey(keyOfText(config.SECRET_KEY))
      : ringKey(keyFromFile(config.DATA_DIR));
    const keys = [current];
    const add = (key: Buffer) => {
      const k = ringKey(key);
      if (!keys.some((have) => have.id === k.id)) keys.push(k);
    };
    for (const text of old) add(keyOfText(text));
    if (config.SECRET_KEY) {
      const leftover = readKeyFile(config.DATA_DIR);
      if (leftover) add(leftover);
    }
    ring = { current, keys };
    rings.set(cacheKey, ring);
  }
  return ring;
}

/** The current key's bytes: what keys derived for signing start from. */
export function secretKey(config: KeyConfig): Buffer {
  return keyRing(config).current.key;
}

/**
 * A signing key for one purpose, derived from each ring key (current first): sign with the first,
 * accept a signature made with any (a token signed before a rotation still verifies).
 */
export function derivedKeys(config: KeyConfig, purpose: string): Buffer[] {
  return keyRing(config).keys.map((k) => createHmac("sha256", k.key).update(purpose).digest());
}

/** True when `given` equals `sign(key)` for some ring key (constant time per comparison). */
export function verifiesWithAny(
  keys: readonly Buffer[],
  given: string,
  sign: (key: Buffer) => string,
): boolean {
  const got = Buffer.from(given);
  return keys.some((key) => {
    const want = Buffer.from(sign(key));
    return want.length === got.length && timingSafeEqual(want, got);
  });
}

function keyOfText(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function ringKey(key: Buffer): RingKey {
  const id = createHmac("sha256", key).update("parley key id").digest("hex").slice(0, 8);
  return { id, key };
}

/** The id SECRET_KEY (or a key file's contents) gives: what `admin -- rotate-secrets` reports. */
export function keyIdOf(secretKeyText: string): string {
  return ringKey(keyOfText(secretKeyText)).id;
}

function readKeyFile(dataDir: string): Buffer | null {
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) return null;
  return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
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
  return value.startsWith(PREFIX_V2) || value.startsWith(PREFIX_V1);
}

/** The id of the key that sealed a value; null for one sealed before ids, or a plaintext. */
export function sealedKeyId(value: string): string | null {
  if (!value.startsWith(PREFIX_V2)) return null;
  return value.slice(PREFIX_V2.length).split(":")[0] ?? null;
}

/** Sealed with the ring's current key already: nothing for a rotation to do. */
export function sealedWithCurrent(ring: KeyRing, value: string): boolean {
  return sealedKeyId(value) === ring.current.id;
}

export function seal(ring: KeyRing, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX_V2}${ring.current.id}:${iv.toString("base64url")}:${tag.toString("base64url")}:${body.toString("base64url")}`;
}

/** A sealed value that no key of the ring opens: the key that sealed it is not configured. */
export class UnknownKeyError extends Error {
  override name = "UnknownKeyError";
  constructor(readonly keyId: string | null) {
    super(
      keyId
        ? `A stored secret was sealed with key ${keyId}, which is neither SECRET_KEY nor in SECRET_KEYS_OLD.`
        : "A stored secret was sealed with a key that is neither SECRET_KEY nor in SECRET_KEYS_OLD.",
    );
  }
}

/** The plaintext of a sealed value (a plaintext from before sealing is returned as is). */
export function open(ring: KeyRing, value: string): string {
  if (value.startsWith(PREFIX_V2)) {
    const [id, iv, tag, body] = value.slice(PREFIX_V2.length).split(":");
    if (!id || !iv || !tag || body === undefined) throw new Error("A sealed secret is damaged.");
    const k = ring.keys.find((candidate) => candidate.id === id);
    if (!k) throw new UnknownKeyError(id);
    return decrypt(k.key, iv, tag, body);
  }
  if (value.startsWith(PREFIX_V1)) {
    const [iv, tag, body] = value.slice(PREFIX_V1.length).split(":");
    if (!iv || !tag || body === undefined) throw new Error("A sealed secret is damaged.");
    for (const k of ring.keys) {
      try {
        return decrypt(k.key, iv, tag, body);
      } catch {
        // Another key of the ring may have sealed it.
      }
    }
    throw new UnknownKeyError(null);
  }
  return value;
}

function decrypt(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

/** Whether some key of the ring opens the value (a plaintext always "opens"). */
export function opens(ring: KeyRing, value: string): boolean {
  try {
    open(ring, value);
    return true;
  } catch {
    return false;
  }
}
