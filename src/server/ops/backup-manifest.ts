import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { OpsError } from "./ops-error";

/** Raised when the layout of a backup changes; restore refuses formats it does not know. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";
/** Folders under DATA_DIR that hold files the database points to. */
export const DATA_FOLDERS = ["uploads", "imports"] as const;
export const SECRET_KEY_FILE = "secret.key";

export interface BackupManifest {
  format: number;
  createdAt: string;
  migrations: { count: number; lastTag: string | null; lastWhen: number | null };
  tables: {
    schema: string;
    name: string;
    columns: string[];
    rows: number;
    /** Relative to the backup: gzip of COPY's text format. */
    file: string;
    sha256: string;
  }[];
  files: { path: string; size: number; sha256: string }[];
  secretKey: boolean;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8"));
  } catch {
    throw new OpsError(`not a Parley backup: ${MANIFEST_FILE} is missing or unreadable`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new OpsError(
      `this backup has format ${manifest.format}; this version of Parley reads format ${BACKUP_FORMAT}`,
    );
  }
  return manifest;
}

/** Every table file and data file still has the checksum it was written with. */
export async function verifyChecksums(dir: string, manifest: BackupManifest): Promise<void> {
  const entries = [
    ...manifest.tables.map((t) => ({ path: t.file, sha256: t.sha256 })),
    ...manifest.files.map((f) => ({ path: path.join("files", f.path), sha256: f.sha256 })),
  ];
  for (const e of entries) {
    const actual = await sha256File(path.join(dir, e.path)).catch(() => "missing");
    if (actual !== e.sha256)
      throw new OpsError(
        `the backup is damaged: ${e.path} ${actual === "missing" ? "is missing" : "does not match its checksum"}`,
      );
  }
}
