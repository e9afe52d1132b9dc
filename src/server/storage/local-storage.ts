import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type FileStorage, keyOf, makeScratchDir, type StoredFile } from "./storage";

/**
 * The files in folders under DATA_DIR (uploads/, imports/, exports/), as Parley always kept them.
 * Several processes on several machines must then share that one folder (a network file system).
 */
export class LocalStorage implements FileStorage {
  readonly kind = "local" as const;

  constructor(private readonly dataDir: string) {}

  /** The file a reference names; an absolute path of an older row is read where it is. */
  private fileOf(ref: string): string | null {
    if (path.isAbsolute(ref)) return ref;
    const key = keyOf(this.dataDir, ref);
    return key ? path.join(this.dataDir, ...key.split("/")) : null;
  }

  private target(key: string): string {
    const file = this.fileOf(key);
    if (!file || path.isAbsolute(key)) throw new Error(`not a storage key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.target(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async putFile(key: string, from: string): Promise<void> {
    const file = this.target(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(from, file);
    } catch (err) {
      // Another disk (a scratch folder elsewhere): copied, then removed.
      if ((err as { code?: string }).code !== "EXDEV") throw err;
      await copyFile(from, file);
      await rm(from, { force: true });
    }
  }

  async open(ref: string): Promise<StoredFile | null> {
    const file = this.fileOf(ref);
    if (!file) return null;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch {
      return null;
    }
  }

  localFile(ref: string): string | null {
    return this.fileOf(ref);
  }

  async remove(ref: string): Promise<void> {
    const file = this.fileOf(ref);
    if (file) await rm(file, { force: true });
  }

  scratchDir(): Promise<string> {
    // Beside the stored files, so a finished file moves in by a rename.
    return makeScratchDir(path.join(this.dataDir, "tmp"));
  }
}
