import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEXT } from "../../../domain/texts";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp, type RequestOptions, sessionCookieOf } from "../../test/harness";

const t = await createTestServer();
const { user } = await buildAccountWithUser(t.db, {
  user: { username: "Alice.Owner", email: "Alice@Example.test", password: "s3cret-password" },
});

/** A login from an address of its own (the per-client limit is tested on its own below). */
function login(body: unknown, opts: Omit<RequestOptions, "url" | "method" | "body"> = {}) {
  return t.post("/api/auth/login", body, { remoteAddress: nextIp(), ...opts });
}

async function me(cookie: string) {
  return t.get("/api/account/me", { cookie });
}

describe("login", () => {
  it("signs in with the username and sets an httpOnly SameSite=Lax session cookie", async () => {
    const res = await login({ username: "Alice.Owner", password: "s3cret-password" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      emailVerificationRequired: false,
      phoneVerificationRequired: false,
      deviceVerificationRequired: false,
    });
    const cookie = res.cookies.find((c) => c.name === "parley_session");
    expect(cookie).toBeDefined();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.path).toBe("/");
    expect(cookie!.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Plain http in tests: the cookie is not marked Secure (COOKIE_SECURE=auto).
    expect(cookie!.secure).toBeFalsy();

    const account = await me(sessionCookieOf(res));
    expect(account.statusCode).toBe(200);
    expect(account.json().userId).toBe(user.id);
  });

  it("signs in with the e-mail address, whatever its case", async () => {
    for (const username of ["alice@example.test", "ALICE@EXAMPLE.TEST", "  alice@example.test  "]) {
      const res = await login({ username, password: "s3cret-password" });
      expect(res.statusCode, username).toBe(200);
      expect((await me(sessionCookieOf(res))).json().userId).toBe(user.id);
    }
  });

  it("accepts the username in any case too", async () => {
    const res = await login({ username: "alice.owner", password: "s3cret-password" });
    expect(res.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown user alike: 401 and the same words", async () => {
    const wrongPassword = await login({ username: "Alice.Owner", password: "not-her-password" });
    const unknownUser = await login({
      username: "nobody@example.test",
      password: "s3cret-password",
    });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe("Invalid Email / Username or Password");
      expect(res.json().error.code).toBe("INVALID_CREDENTIALS");
      expect(res.cookies.find((c) => c.name === "parley_session")).toBeUndefined();
    }
    // The password is case-sensitive even though the login name is not.
    const upper = await login({ username: "Alice.Owner", password: "S3CRET-PASSWORD" });
    expect(upper.statusCode).toBe(401);
  });

  it("asks for the username first, then the password", async () => {
    const noUsername = await login({ username: "", password: "whatever" });
    expect(noUsername.statusCode).toBe(400);
    expect(noUsername.json().error.message).toBe("Email / Username Is Required");
    expect(noUsername.json().error.message).toBe(TEXT.usernameRequired);

    const blankUsername = await login({ username: "   ", password: "whatever" });
    expect(blankUsername.statusCode).toBe(400);
    expect(blankUsername.json().error.message).toBe("Email / Username Is Required");

    const noPassword = await login({ username: "Alice.Owner", password: "" });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.message).toBe("Password Is Required");
  });

  it("refuses a login without the CSRF header and sets no cookie", async () => {
    const res = await login(
      { username: "Alice.Owner", password: "s3cret-password" },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("CSRF");
    expect(res.cookies).toEqual([]);
  });

  it("gives a new session at every login: the cookie presented to it stops working", async () => {
    const first = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    expect((await me(first)).statusCode).toBe(200);

    const second = await loginAs(t.app, "Alice.Owner", "s3cret-password", { cookie: first });
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it("leaves other sessions of the same user alone", async () => {
    const laptop = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    const phone = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it("lets 10 attempts a minute through from one client and refuses the 11th with 429", async () => {
    const remoteAddress = "10.99.0.1";
    for (let i = 1; i <= 10; i++) {
      const res = await login(
        { username: "Alice.Owner", password: `wrong-${i}` },
        { remoteAddress },
      );
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await login(
      { username: "Alice.Owner", password: "s3cret-password" },
      { remoteAddress },
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Too many attempts. Please wait a minute and try again.",
      },
    });
    expect(eleventh.headers["retry-after"]).toBeDefined();
    expect(eleventh.cookies).toEqual([]);

    // X-Forwarded-For is not believed unless TRUST_PROXY is set: it cannot reset the count.
    const spoofed = await login(
      { username: "Alice.Owner", password: "s3cret-password" },
      { remoteAddress, headers: { "x-forwarded-for": "203.0.113.9" } },
    );
    expect(spoofed.statusCode).toBe(429);

    // Another client is not affected.
    const other = await login(
      { username: "Alice.Owner", password: "s3cret-password" },
      { remoteAddress: "10.99.0.2" },
    );
    expect(other.statusCode).toBe(200);
  });
});

describe("session", () => {
  it("says whether the session is valid", async () => {
    const cookie = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    expect((await t.get("/api/auth/check", { cookie })).json()).toEqual({ valid: true });
    expect((await t.get("/api/auth/check")).json()).toEqual({ valid: false });
    expect((await t.get("/api/auth/check", { cookie: "parley_session=forged" })).json()).toEqual({
      valid: false,
    });
  });

  it("ends at logout: the cookie is cleared and no longer opens anything", async () => {
    const cookie = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    const res = await t.post("/api/auth/logout", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === "parley_session");
    expect(cleared?.value).toBe("");
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("UNAUTHENTICATED");
    expect((await t.get("/api/auth/check", { cookie })).json()).toEqual({ valid: false });
  });

  it("refuses a logout without the CSRF header and keeps the session", async () => {
    const cookie = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    const res = await t.post("/api/auth/logout", undefined, { cookie, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      "This request was refused: reload the page and try again.",
    );
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("logs out without a session too (nothing to end)", async () => {
    const res = await t.post("/api/auth/logout");
    expect(res.statusCode).toBe(200);
  });

  it("keeps a session in use alive: its expiry moves forward at most once a minute", async () => {
    const cookie = await loginAs(t.app, "Alice.Owner", "s3cret-password");
    const id = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    const expiry = async () =>
      (
        await t.db.execute<{ expires: string }>(
          sql`select expires_at::text as expires from sessions where id = ${id}`,
        )
      ).rows[0]!.expires;
    // Seen within the minute: a request leaves the expiry as it is.
    await t.db.execute(
      sql`update sessions set expires_at = now() + interval '1 hour' where id = ${id}`,
    );
    const soon = await expiry();
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await expiry()).toBe(soon);
    // Last seen two minutes ago: the next request moves it a full session length ahead.
    await t.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 minutes' where id = ${id}`,
    );
    expect((await me(cookie)).statusCode).toBe(200);
    const moved = new Date(await expiry()).getTime();
    expect(moved).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Then not again within the minute.
    await t.db.execute(
      sql`update sessions set expires_at = now() + interval '1 hour' where id = ${id}`,
    );
    const again = await expiry();
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await expiry()).toBe(again);
  });

  it("answers 401 without a session", async () => {
    const res = await me("parley_session=not-a-real-token");
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Your session has ended. Please log in again.");
  });
});
