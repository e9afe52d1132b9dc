import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// drizzle-kit writes the next migration from the difference between the tables in the code and
// the newest snapshot in migrations/meta. When a table changes without its snapshot (a migration
// written by hand), the next `npm run db:generate` would repeat old changes: this fails first.
describe("the migration snapshots", () => {
  it("match the tables in the code: `npm run db:generate` has nothing to write", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const work = mkdtempSync(path.join(os.tmpdir(), "parley-snapshot-"));
    try {
      const out = path.join(work, "migrations");
      cpSync(path.join(root, "src/server/db/migrations"), out, { recursive: true });
      const config = path.join(work, "drizzle.config.mjs");
      writeFileSync(
        config,
        `export default ${JSON.stringify({
          dialect: "postgresql",
          schema: "./src/server/db/schema.ts",
          // drizzle-kit reads both paths relative to the working folder.
          out: path.relative(root, out),
        })};\n`,
      );
      const before = readdirSync(out).sort();
      const run = spawnSync(
        process.execPath,
        [path.join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", config],
        { cwd: root, encoding: "utf8", timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain("No schema changes");
      expect(readdirSync(out).sort(), run.stdout).toEqual(before);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
