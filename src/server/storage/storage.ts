import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploads, MMS media, imports and exports are kept, so that every web and worker process
 * sees the same files: a folder under DATA_DIR (the default; several processes need it shared)
 * or an S3-compatible bucket (STORAGE=s3). Keys are relative paths such as
 * `uploads/<accountId>/<name>`; the local store keeps a key at DATA_DIR/<key>, the bucket under
 * the same key.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores bytes under the key (replacing what was there). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Moves a finished file of this machine in under the key (the file is gone afterwards). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /**
   * The stored file, or null when there is none. Rows written before the store existed hold an
   * absolute path under DATA_DIR; those are read too.
   */
  open(ref: string): Promise<StoredFile | null>;
  /**
   * The file on this machine's disk that holds the reference (the local store), or null where
   * the files are elsewhere (the bucket): code that must read a file twice or append to it works
   * on it in place, or on a copy.
   */
  localFile(ref: string): string | null;
  /** Forgets the file; nothing when there is none. */
  remove(ref: string): Promise<void>;
  /**
   * A folder of this machine to write a file in before putFile (on the same disk as the local
   * store, so moving it in is a rename). The caller removes it.
   */
  scratchDir(): Promise<string>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key from its parts; each part is one plain path segment (never `..`, never a slash). */
export function storageKey(...parts: (string | number)[]): string {
  for (const p of parts) {
    if (!SEGMENT.test(String(p)) || String(p).includes(".."))
      throw new Error(`not a storage key segment: ${JSON.stringify(p)}`);
  }
  return parts.join("/");
}

/**
 * The key a stored reference names: a key as it is, and an absolute path under DATA_DIR (rows
 * written before the store) as its path below DATA_DIR. Null for anything else.
 */
export function keyOf(dataDir: string, ref: string): string | null {
  if (!path.isAbsolute(ref)) return validKey(ref) ? ref : null;
  const rel = path.relative(dataDir, ref);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const key = rel.split(path.sep).join("/");
  return validKey(key) ? key : null;
}

function validKey(key: string): boolean {
  return key.split("/").every((p) => SEGMENT.test(p) && !p.includes(".."));
}

/** Runs `write` with a scratch folder of the store's and removes the folder afterwards. */
export async function withScratchDir<T>(
  storage: FileStorage,
  write: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await storage.scratchDir();
  try {
    return await write(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A copy of a stored file at `file` on this machine; false when the store has none. */
export async function copyToLocal(
  storage: FileStorage,
  ref: string,
  file: string,
): Promise<boolean> {
  const stored = await storage.open(ref);
  if (!stored) return false;
  await mkdir(path.dirname(file), { recursive: true });
  // Whole or not at all: a copy cut short is never taken for the file.
  const part = `${file}.part`;
  await pipeline(stored.stream, createWriteStream(part));
  await rename(part, file);
  return true;
}

/** A scratch folder under `base` (made when missing). */
export async function makeScratchDir(base: string = os.tmpdir()): Promise<string> {
  await mkdir(base, { recursive: true });
  return mkdtemp(path.join(base, "parley-"));
}
