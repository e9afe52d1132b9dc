import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../http/app";
import { CSRF_HEADER } from "../../http/session";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer, nextIp } from "../../test/harness";

// AUTH_RATE_LIMIT=2: the third request a minute from one address is refused.
const t = await createTestServer({ env: { AUTH_RATE_LIMIT: "2", LOGIN_RATE_LIMIT: "2" } });

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

describe("rate limits of the sign-in steps (per client address, per minute)", () => {
  const cases: { name: string; url: string; body?: unknown; allowed: number }[] = [
    { name: "login", url: "/api/auth/login", body: { username: "x", password: "y" }, allowed: 2 },
    {
      name: "forgot password",
      url: "/api/auth/forgot-password",
      body: { email: "a@b.test" },
      allowed: 2,
    },
    {
      name: "two-factor code",
      url: "/api/auth/tfa/validate",
      body: { token: "123456" },
      allowed: 4,
    },
    { name: "two-factor SMS send", url: "/api/auth/tfa/sms", allowed: 2 },
    {
      name: "phone code send",
      url: "/api/auth/phone-verification/send",
      body: { phone: "312-555-0142" },
      allowed: 2,
    },
    {
      name: "phone code check",
      url: "/api/auth/phone-verification/verify",
      body: { verificationCode: "1234", phoneNumber: "312-555-0142" },
      allowed: 4,
    },
    { name: "sign-in link", url: "/api/auth/magic-link", body: { email: "a@b.test" }, allowed: 2 },
    {
      name: "sign-in link check",
      url: "/api/auth/magic-token",
      body: { token: "nope" },
      allowed: 2,
    },
    { name: "verification mail resend", url: "/api/auth/verification-email/resend", allowed: 2 },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.allowed} a minute, then 429 with words to act on`, async () => {
      const ip = nextIp();
      for (let i = 0; i < c.allowed; i++) {
        const res = await t.post(c.url, c.body, { remoteAddress: ip });
        expect(res.statusCode, `request ${i + 1}`).not.toBe(429);
      }
      const over = await t.post(c.url, c.body, { remoteAddress: ip });
      expect(over.statusCode).toBe(429);
      expect(over.json().error.message).toBe(TOO_MANY);
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await t.post(c.url, c.body, { remoteAddress: nextIp() })).statusCode).not.toBe(429);
    });
  }
});

describe("limits shared through PostgreSQL", () => {
  it("stops guesses at one account from many addresses, and counts only failures", async () => {
    const t2 = await createTestServer({
      env: { LOGIN_RATE_LIMIT: "1000", LOGIN_ACCOUNT_FAILURES: "3" },
    });
    const { user } = await buildAccountWithUser(t2.db);
    const attempt = (password: string, i: number) =>
      t2.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: `198.51.100.${i}`,
        headers: { [CSRF_HEADER]: "1" },
        payload: { username: user.username, password },
      });
    expect((await attempt(user.password, 1)).statusCode).toBe(200);
    for (let i = 2; i <= 4; i++)
      expect((await attempt("wrong guess here", i)).statusCode).toBe(401);
    const paused = await attempt(user.password, 5);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.message).toBe(
      "Too many wrong passwords for this account. Wait 15 minutes, or reset your password.",
    );
    // The window is in the shared table: ending it (as time would) lets the owner back in.
    await t2.db.execute(
      sql`update rate_limits set reset_at = now() where key like 'login-failures|%'`,
    );
    expect((await attempt(user.password, 6)).statusCode).toBe(200);
  });

  it("two web processes on one database share a route's limit", async () => {
    const a = await createTestServer({ env: { LOGIN_RATE_LIMIT: "3" } });
    // A second app on the same database and configuration: what a second web process is.
    const b = await buildApp(a.ctx);
    await b.ready();
    const hit = (app: typeof b) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "192.0.2.77",
        headers: { [CSRF_HEADER]: "1" },
        payload: { username: "nobody", password: "x" },
      });
    expect((await hit(a.app)).statusCode).toBe(401);
    expect((await hit(b)).statusCode).toBe(401);
    expect((await hit(a.app)).statusCode).toBe(401);
    expect((await hit(b)).statusCode).toBe(429);
    // Each route counts on its own: the login limit is not another route's.
    const keys = await a.db.execute<{ key: string; count: number }>(
      sql`select key, count from rate_limits where key like '%192.0.2.77'`,
    );
    expect(keys.rows).toEqual([{ key: "POST /api/auth/login|192.0.2.77", count: 4 }]);
    const other = await b.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      remoteAddress: "192.0.2.77",
      headers: { [CSRF_HEADER]: "1" },
      payload: { email: "nobody@example.test" },
    });
    expect(other.statusCode).toBe(200);
    await b.close();
  });
});
