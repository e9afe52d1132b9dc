import { describe, expect, it } from "vitest";
import { markReady } from "../ops/readiness";
import { createTestServer } from "../test/harness";

const t = await createTestServer();

describe("app", () => {
  it("answers /healthz once the database answers", async () => {
    const res = await t.get("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
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

  it("publishes an OpenAPI document that lists the login route", async () => {
    const res = await t.get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Parley API");
    expect(Object.keys(doc.paths)).toContain("/api/auth/login");
    expect(doc.paths["/api/auth/login"]).toHaveProperty("post");
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
