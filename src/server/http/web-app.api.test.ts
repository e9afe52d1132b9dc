import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "../../../scripts/precompress.mjs";
import {
  APP_ROUTES,
  PUBLIC_ROUTES,
  SECTION_REDIRECTS,
  SSO_SERVICES,
} from "../../domain/app-routes";
import { asSystem } from "../db/tenant-scope";
import { insertDeeplink } from "../features/auth/deeplinks.queries";
import { buildAccount } from "../test/factories";
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

/** A route pattern made concrete: `:param` filled in, `:param?` left out. */
function example(pattern: string): string {
  return pattern
    .split("/")
    .filter((seg) => !seg.endsWith("?"))
    .map((seg) => (seg.startsWith(":") ? "x1" : seg))
    .join("/");
}

describe("pages", () => {
  it("answers every route of the web app's map with the app shell and 200", async () => {
    const pages = [
      "/",
      ...[...PUBLIC_ROUTES, ...APP_ROUTES].map((r) => example(r.path)),
      ...Object.keys(SECTION_REDIRECTS),
      ...SSO_SERVICES.map((s) => `/${s}`),
    ];
    for (const url of pages) {
      const res = await t.get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("answers a path the app has no page for with the shell and 404", async () => {
    for (const url of ["/dashbaord", "/healthzz", "/settings/nope", "/reports/sent-messages/x/y"]) {
      const res = await t.get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["x-robots-tag"]).toBe("noindex");
    }
  });

  it("knows a saved deeplink id from a made-up single segment", async () => {
    const account = await buildAccount(t.db);
    await asSystem(() =>
      insertDeeplink(t.db, { id: "SaVeD1234", accountId: account.id, uri: null }),
    );
    expect((await t.get("/SaVeD1234")).statusCode).toBe(200);
    expect((await t.get("/NotSaved99")).statusCode).toBe(404);
  });
});
