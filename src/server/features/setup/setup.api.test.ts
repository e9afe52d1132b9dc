import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PERMISSION_LEVEL } from "../../../domain/permissions";
import { SETUP_TEXT } from "../../../domain/setup.schemas";
import { TestClock } from "../../clock";
import { createAccountWithOwner } from "../../ops/create-account";
import { createTestServer, nextIp, sessionCookieOf } from "../../test/harness";
import { announceSetupLink } from "./setup.service";

// A fresh install reachable from elsewhere has no known password: its first owner comes through
// a link printed at start, which only the operator reading the log has.
// Near the real time: sessions are checked against the database's clock.
const start = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = new TestClock(start);
const dayLater = new Date(start.getTime() + 24 * 3_600_000).toISOString();
const t = await createTestServer({
  clock,
  env: { PUBLIC_URL: "https://texts.example.com", AUTH_RATE_LIMIT: "100" },
});

const form = (over: Record<string, unknown> = {}) => ({
  businessName: "Joe's Pizza",
  username: "joe",
  email: "joe@pizza.test",
  password: "crust-and-basil-42",
  timezoneId: 5,
  ...over,
});

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
const count = async (table: string) =>
  Number((await t.db.$client.query(`select count(*) from ${table}`)).rows[0].count);
const check = (token: string) => t.get(`/api/setup/${token}`, { remoteAddress: nextIp() });
const submit = (token: string, body: unknown) =>
  t.post(`/api/setup/${token}`, body, { remoteAddress: nextIp() });

describe("first owner by a one-time setup link", () => {
  let link = "";

  it("a fresh install gets a link at start, stored only as its hash, good for 24 hours", async () => {
    expect(await count("users")).toBe(0);
    const setup = await announceSetupLink(t.ctx);
    expect(setup).not.toBeNull();
    link = tokenOf(setup!.url);
    expect(setup!.url).toBe(`https://texts.example.com/setup/${link}`);
    expect(link.length).toBeGreaterThanOrEqual(40);
    expect(setup!.expiresAt.toISOString()).toBe(dayLater);

    const stored = await t.db.$client.query(
      "select token_hash from auth_tokens where kind = 'setup_link'",
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(link);
    expect(stored.rows[0].token_hash).toBe(createHash("sha256").update(link).digest("hex"));

    const res = await check(link);
    expect(res.statusCode).toBe(200);
    expect(res.json().expiresAt).toBe(dayLater);
  });

  it("bad input is refused with the field's message and changes nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: "short" }, "password", "at least 8"],
      [{ email: "not-an-address" }, "email", "mail"],
      [{ username: "joe baker" }, "username", "spaces"],
      [{ businessName: "  " }, "businessName", "Business name"],
      [{ timezoneId: 999 }, "timezoneId", "time zone"],
    ];
    for (const [over, field, words] of cases) {
      const res = await submit(link, form(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.body).toContain(words);
    }
    // A password the strength rules refuse (it is the business name), as sign-up refuses it.
    const weak = await submit(
      link,
      form({ businessName: "Pizzeria Napoli", password: "pizzerianapoli" }),
    );
    expect(weak.statusCode).toBe(400);
    expect(await count("users")).toBe(0);
    expect(await count("accounts")).toBe(0);
    expect((await check(link)).statusCode).toBe(200);
  });

  it("a second start ends the earlier link and says why", async () => {
    const second = await announceSetupLink(t.ctx);
    const old = await check(link);
    expect(old.statusCode).toBe(403);
    expect(old.json().error.message).toBe(SETUP_TEXT.replaced);
    const refused = await submit(link, form());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SETUP_TEXT.replaced);
    expect(await count("users")).toBe(0);
    link = tokenOf(second!.url);
    expect((await check(link)).statusCode).toBe(200);
  });

  it("an expired link is refused with a clear message", async () => {
    clock.advance(24 * 3_600_000);
    const res = await check(link);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SETUP_TEXT.expired);
    const refused = await submit(link, form());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SETUP_TEXT.expired);
    expect(await count("users")).toBe(0);
    expect((await check("no-such-link")).json().error.message).toBe(SETUP_TEXT.unknown);
  });

  it("works once: the owner is made, signed in, and named in the audit log", async () => {
    clock.set(start);
    link = tokenOf((await announceSetupLink(t.ctx))!.url);
    const res = await submit(link, form());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, accountName: "joes-pizza", signedIn: true });
    const cookie = sessionCookieOf(res);
    const me = await t.get("/api/account/me", { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ businessName: "Joe's Pizza" });

    const users = await t.db.$client.query(
      "select username, email, permission_level, account_id from users",
    );
    expect(users.rows).toEqual([
      expect.objectContaining({
        username: "joe",
        email: "joe@pizza.test",
        permission_level: PERMISSION_LEVEL.OWNER,
      }),
    ]);
    const audit = await t.db.$client.query(
      "select actor_kind, actor_name, action, changes from audit_events where account_id = $1",
      [users.rows[0].account_id],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ actor_kind: "user", actor_name: "joe", action: "account.create" }),
    ]);
    expect(audit.rows[0].changes.via.after).toBe("one-time setup link");

    const again = await submit(link, form({ username: "mallory", email: "m@evil.test" }));
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(SETUP_TEXT.used);
    expect((await check(link)).json().error.message).toBe(SETUP_TEXT.used);
    expect(await count("users")).toBe(1);
    expect(await count("accounts")).toBe(1);
  });

  it("no link is printed once an owner exists", async () => {
    const before = await count("auth_tokens where kind = 'setup_link'");
    expect(await announceSetupLink(t.ctx)).toBeNull();
    expect(await count("auth_tokens where kind = 'setup_link'")).toBe(before);
  });
});

describe("first owner by the admin command", () => {
  it("create-account makes the first owner; the printed link then refuses and none is printed", async () => {
    const fresh = await createTestServer();
    const printed = await announceSetupLink(fresh.ctx);
    expect(printed).not.toBeNull();
    await createAccountWithOwner(fresh.db, {
      businessName: "Ada's Bakery",
      username: "ada",
      email: "ada@bakery.test",
    });
    const res = await fresh.get(`/api/setup/${tokenOf(printed!.url)}`, { remoteAddress: nextIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SETUP_TEXT.ownerExists);
    expect(await announceSetupLink(fresh.ctx)).toBeNull();
  });
});
