import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "../../../scripts/precompress.mjs";
import { createTestServer } from "../test/harness";

/** A web build in miniature, precompressed as the vite build does (scripts/precompress.mjs). */
const dist = mkdtempSync(path.join(os.tmpdir(), "parley-web-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, "assets"));
const script = `console.log(${JSON.stringify("a bundle ".repeat(500))});\n`;
writeFileSync(
  path.join(dist, "index.html"),
  "<!doctype html><title>Parley</title><div id=root></div>",
);
writeFileSync(path.join(dist, "assets", "index-abc123.js"), script);
writeFileSync(path.join(dist, "assets", "tiny-abc123.js"), "export {};\n");
await precompress(dist);

const t = await createTestServer({ env: { WEB_DIST: dist } });

describe("web app files", () => {
  it("sends the build's .br or .gz by Accept-Encoding, and the plain file otherwise", async () => {
    const url = "/assets/index-abc123.js";
    const br = await t.get(url, { headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.get(url, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    // Files under the threshold get no compressed copy: sent as they are.
    const tiny = await t.get("/assets/tiny-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("export {};\n");
  });
});
