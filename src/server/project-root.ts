import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding Parley's package.json. The server runs from its sources (tests, `tsx`) or
 * from the compiled bundle in dist/server (`npm start`, the image), so a file the code ships beside
 * itself (migrations, the embed scripts) is found from here, never relative to the running file.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("Parley's package.json was not found above the server code");
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot();

/** A path under src/server, e.g. `serverFile("db", "migrations")`. */
export function serverFile(...parts: string[]): string {
  return path.join(PROJECT_ROOT, "src", "server", ...parts);
}
