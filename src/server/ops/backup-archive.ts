import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { OpsError } from "./ops-error";

const run = promisify(execFile);

/** A .tar.gz (or .tgz) name is packed with the system tar; any other name is a folder. */
export function isArchiveName(file: string): boolean {
  return /\.(tar\.gz|tgz)$/i.test(file);
}

export async function packFolder(dir: string, archive: string): Promise<void> {
  try {
    await run("tar", ["-czf", path.resolve(archive), "-C", dir, "."]);
  } catch (err) {
    throw new OpsError(`tar could not write ${archive}: ${(err as Error).message.split("\n")[0]}`);
  }
}

/** Unpacks into a new temporary folder and returns it (the caller removes it). */
export async function unpackArchive(archive: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "parley-restore-"));
  try {
    await run("tar", ["-xzf", path.resolve(archive), "-C", dir]);
  } catch (err) {
    throw new OpsError(`tar could not read ${archive}: ${(err as Error).message.split("\n")[0]}`);
  }
  return dir;
}
