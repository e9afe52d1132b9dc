import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PARLEY_VERSION } from "../version";

describe("admin: version", () => {
  it("prints the release this checkout runs, without opening a database", async () => {
    const out = await promisify(execFile)(process.execPath, [
      path.join("scripts", "admin.mjs"),
      "version",
    ]);
    expect(out.stdout.trim()).toBe(`Parley ${PARLEY_VERSION}`);
    expect(PARLEY_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
