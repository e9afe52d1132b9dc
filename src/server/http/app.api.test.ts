import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { markReady, registerHealth } from "../ops/readiness";
import { createTestServer } from "../test/harness";
import { buildApp } from "./app";

const t = await createTestServer();

describe("app", () => {
  it("answers /healthz once the database answers", async () => {
    const res = await t.get("/healthz");
    expect(res.statusCode).toBe(200);
    // The release is named, as package.json has it, so a report names the version it ran.
    expect(res.json()).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(res.json().version).toBe(
      JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version,
    );
  });

  it("answers /readyz with 503 while the process is starting, 200 once it has started", async () => {
    const starting = await t.get("/readyz");
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ ok: false, reason: "starting" });
    markReady();
    const ready = await t.get("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });

  it("answers /readyz with 503 and the reason when the database is unreachable or behind", async () => {
    markReady();
    // A bare app, as a worker serves its probes beside its metrics.
    const probe = async (query: () => Promise<{ rows: unknown[] }>) => {
      const app = Fastify();
      registerHealth(app, { query });
      const alive = await app.inject({ method: "GET", url: "/healthz" });
      const res = await app.inject({ method: "GET", url: "/readyz" });
      await app.close();
      expect(alive.statusCode).toBe(200);
      return { status: res.statusCode, body: res.json() };
    };
    expect(
      await probe(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"))),
    ).toEqual({
      status: 503,
      body: { ok: false, reason: "database unreachable: connect ECONNREFUSED 127.0.0.1:5432" },
    });
    expect(await probe(async () => ({ rows: [{ last: "1" }] }))).toEqual({
      status: 503,
      body: { ok: false, reason: "database migrations not applied" },
    });
    const never = Object.assign(
      new Error('relation "drizzle.__drizzle_migrations" does not exist'),
      {
        code: "42P01",
      },
    );
    expect((await probe(() => Promise.reject(never))).body.reason).toBe(
      "database migrations not applied",
    );
    // The real database of this test server: migrated, answering.
    expect(
      await probe(() =>
        t.ctx.db.$client.query(
          "select max(created_at)::text as last from drizzle.__drizzle_migrations",
        ),
      ),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it("publishes an OpenAPI document that lists the login route", async () => {
    const res = await t.get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Parley API");
    expect(Object.keys(doc.paths)).toContain("/api/auth/login");
    expect(doc.paths["/api/auth/login"]).toHaveProperty("post");
  });

  it("compresses the OpenAPI document and API answers by Accept-Encoding, not small ones", async () => {
    const plain = await t.get("/api/docs/json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const size = plain.rawPayload.length;
    for (const encoding of ["br", "gzip"] as const) {
      const res = await t.get("/api/docs/json", { headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body =
        encoding === "br"
          ? zlib.brotliDecompressSync(res.rawPayload)
          : zlib.gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString()).openapi).toMatch(/^3\./);
      // JSON this repetitive shrinks at least five-fold.
      expect(res.rawPayload.length).toBeLessThan(size / 5);
    }
    // Under the 1 KB threshold (631 bytes): sent as it is, compressing would gain next to nothing.
    const small = await t.get("/api/data/industries", {
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toContainEqual({ id: 17, name: "Political" });
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    for (const res of [await t.get("/api/nope"), await t.post("/api/nope", {})]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const res = await t.post("/api/auth/login", '{"username": "a", "password":');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
    expect(res.json().error.message).toEqual(expect.any(String));
  });

  it("answers a body of the wrong media type with a 4xx, not 500", async () => {
    const res = await t.post("/api/auth/login", "username=a&password=b", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });

  it("tells that the web app is not built when a page is asked for without a build", async () => {
    const res = await t.get("/dashboard");
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain("npm run build");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it("sends strict security headers and denies framing by default", async () => {
    const res = await t.get("/healthz");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    // Also on an answer for no route.
    const missing = await t.get("/api/no-such-route");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-frame-options"]).toBe("DENY");
    // Plain http (no proxy trusted): no HSTS.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("pins HTTPS with HSTS when served over HTTPS behind a trusted proxy", async () => {
    const proxied = await createTestServer({ env: { TRUST_PROXY: "true" } });
    const res = await proxied.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const plain = await proxied.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("logs one info line per request, without the query, and none for probes or static files", async () => {
    const stream = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    stream.on("data", (c: Buffer) => {
      for (const l of c.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(l));
    });
    const logger = createLogger({ level: "info", format: "json", destination: stream });
    const app = await buildApp(t.ctx, { loggerInstance: logger as FastifyBaseLogger });
    try {
      await app.inject({ method: "GET", url: "/api/data/timezones?token=secret123" });
      for (const url of ["/healthz", "/readyz", "/metrics", "/assets/index-abc123.js"])
        await app.inject({ method: "GET", url });
      await new Promise((r) => setImmediate(r));
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: "GET",
      path: "/api/data/timezones",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(requests[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(lines)).not.toContain("secret123");
    // Fastify's own per-request lines are off.
    expect(
      lines.filter((l) => l.msg === "incoming request" || l.msg === "request completed"),
    ).toEqual([]);
  });

  it("serves the reference data without a session", async () => {
    const tz = await t.get("/api/data/timezones");
    expect(tz.statusCode).toBe(200);
    expect(tz.json()["1"]).toMatchObject({
      code: "ET",
      name: "Eastern Time",
      iana: "America/New_York",
    });
    expect(tz.json()["4"].offset).toBe("-07:00");
    const industries = await t.get("/api/data/industries");
    expect(industries.statusCode).toBe(200);
    expect(industries.json()).toContainEqual({ id: 17, name: "Political" });
  });
});
