import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";
import { mailMessages } from "../mail/mail.schema";
import { notify } from "../notifications/notifications.service";

const t = await createTestServer({ env: { AUTH_RATE_LIMIT: "100" } });

class Browser {
  jar = new Map<string, string>();
  constructor(readonly ip = nextIp()) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: TestResponse) {
    for (const c of res.cookies) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(await t.get(url, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  async post(url: string, body?: unknown) {
    return this.keep(await t.post(url, body, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  async put(url: string, body?: unknown) {
    return this.keep(await t.put(url, body, { cookie: this.cookie, remoteAddress: this.ip }));
  }
}

const form = (over: Record<string, unknown> = {}) => ({
  firstName: "Joe",
  lastName: "Baker",
  email: `joe${Math.random().toString(36).slice(2, 8)}@pizza.test`,
  password: "a-good-password",
  businessName: "Joe's Pizza & Co.",
  industry: 1,
  timezoneId: 5,
  phone: "(415) 555-0142",
  ...over,
});

async function verifyLink(to: string): Promise<string> {
  const [mail] = await t.db
    .select({ text: mailMessages.textBody })
    .from(mailMessages)
    .where(sql`${mailMessages.toAddress} = ${to} and ${mailMessages.kind} = 'verify_email'`)
    .orderBy(sql`${mailMessages.id} desc`)
    .limit(1);
  const url = new URL(/(http:\/\/\S+)/.exec(mail?.text ?? "")![1]!);
  return `/api/auth/verify-email?token=${encodeURIComponent(url.searchParams.get("verify_email")!)}`;
}

describe("admin sign-up", () => {
  it("creates the account on a trial, verifies the e-mail, then signs the owner in", async () => {
    const b = new Browser();
    const input = form();
    const res = await b.post("/api/auth/admin-signup", input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountName: "joes-pizza-co",
      emailVerificationRequired: true,
    });
    expect((await b.get("/api/account/me")).statusCode).toBe(401);

    const link = await b.get(await verifyLink(input.email));
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe("/dashboard");
    const me = await b.get("/api/account/me");
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({
      accountName: "joes-pizza-co",
      businessName: "Joe's Pizza & Co.",
      superUser: true,
      subscriptionType: "trial",
      timezoneId: 5,
      industry: 1,
    });
    const days = (Date.parse(body.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const credits = (await b.get("/api/credits")).json();
    expect(credits.balance).toBe(500);

    // The same business name again gets its own public name.
    const second = await new Browser().post("/api/auth/admin-signup", form());
    expect(second.json().accountName).toBe("joes-pizza-co-2");
  });

  it("answers a taken address as a new one, in about the same time, and mails its owner instead", async () => {
    const taken = await buildAccountWithUser(t.db, {
      user: { email: "known@pizza.test", firstName: "Kim" },
    });
    const fresh = () => form({ businessName: "Same Shop" });
    const sameName = () => form({ businessName: "Same Shop", email: taken.user.email });
    const a = await new Browser().post("/api/auth/admin-signup", fresh());
    const b = await new Browser().post("/api/auth/admin-signup", sameName());
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual({ ...a.json(), accountName: "same-shop-2" });
    expect(b.cookies.map((c) => c.name).sort()).toEqual(a.cookies.map((c) => c.name).sort());
    // No second account, and the owner of the address hears of the attempt (no link to anything).
    const { rows } = await t.db.$client.query(
      "select count(*)::int as n from users where lower(email) = 'known@pizza.test'",
    );
    expect(rows[0].n).toBe(1);
    const mails = await t.db.$client.query(
      "select kind, text_body from mail_messages where to_address = 'known@pizza.test'",
    );
    expect(mails.rows).toEqual([
      expect.objectContaining({
        kind: "signup_attempt",
        text_body: expect.stringContaining("already has an account"),
      }),
    ]);

    // The time does not tell either: both hash the password (the slow part) and send one mail.
    // Compared pair by pair (each pair runs back to back, in alternating order), so a machine
    // that slows down for a while slows both sides of the pairs it touches alike.
    const ratios: number[] = [];
    const timed = async (body: ReturnType<typeof form>) => {
      const started = performance.now();
      const res = await new Browser().post("/api/auth/admin-signup", body);
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    for (let i = 0; i < 9; i++) {
      let freshMs: number;
      let takenMs: number;
      if (i % 2 === 0) {
        freshMs = await timed(fresh());
        takenMs = await timed(sameName());
      } else {
        takenMs = await timed(sameName());
        freshMs = await timed(fresh());
      }
      ratios.push(takenMs / freshMs);
    }
    const median = ratios.sort((m, n) => m - n)[Math.floor(ratios.length / 2)]!;
    expect(median).toBeGreaterThan(0.5);
  });

  it("refuses passwords that are easy to guess, with the other forms' message", async () => {
    for (const password of ["password", "12345678"]) {
      const res = await new Browser().post("/api/auth/admin-signup", form({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toMatch(
        /^This password is too easy to guess\. Add another word or two, or use a passphrase\./,
      );
    }
  });

  it("refuses bad input with the field's message", async () => {
    const b = new Browser();
    const res = await b.post("/api/auth/admin-signup", form({ phone: "12", password: "short" }));
    expect(res.statusCode).toBe(400);
    const bad = await b.post("/api/auth/admin-signup", form({ industry: 999 }));
    expect(bad.json().error.message).toBe("Choose your industry");
  });
});

describe("business profile", () => {
  it("saves and reads back, scoped to the account, admins only", async () => {
    const { account, user } = await buildAccountWithUser(t.db);
    const owner = await loginAs(t.app, user.username, user.password);
    const put = await t.put(
      "/api/account/profile",
      {
        businessName: "Renamed Bakery",
        email: "hello@bakery.test",
        industry: 2,
        timezoneId: 3,
        businessPhone: "4155550199",
        messageValidityMinutes: 60,
      },
      { cookie: owner },
    );
    expect(put.statusCode).toBe(200);
    const got = (await t.get("/api/account/profile", { cookie: owner })).json();
    expect(got).toMatchObject({
      accountName: account.accountName,
      businessName: "Renamed Bakery",
      timezoneId: 3,
      businessPhone: "+14155550199",
      messageValidityMinutes: 60,
    });
    const other = await buildAccountWithUser(t.db);
    const theirs = await loginAs(t.app, other.user.username, other.user.password);
    const seen = (await t.get("/api/account/profile", { cookie: theirs })).json();
    expect(seen.businessName).toBe(other.account.businessName);

    const agent = await buildAccountWithUser(t.db, { user: { permissionLevel: 0 } });
    const agentCookie = await loginAs(t.app, agent.user.username, agent.user.password);
    const refused = await t.put(
      "/api/account/profile",
      { ...got, businessPhone: "" },
      { cookie: agentCookie },
    );
    expect(refused.statusCode).toBe(403);
  });

  it("keeps send settings and quiet hours across midnight in the settings store", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, user.username, user.password);
    const send = { header: "Acme:", footer: "Reply STOP to opt out", allowForeignChars: true };
    expect(
      (await t.put("/api/account/settings/send_settings", { val: send }, { cookie })).statusCode,
    ).toBe(200);
    expect((await t.get("/api/account/settings/send_settings", { cookie })).json().value).toEqual(
      send,
    );
    const quiet = [["21:00", "08:00"]];
    await t.put("/api/account/settings/quiet_hours", { val: quiet }, { cookie });
    expect((await t.get("/api/account/settings/quiet_hours", { cookie })).json().value).toEqual(
      quiet,
    );
  });
});

describe("notifications", () => {
  it("lists one user's own, unread first, marks read one or all", async () => {
    const { account, user } = await buildAccountWithUser(t.db);
    const other = await buildAccountWithUser(t.db);
    for (let i = 1; i <= 12; i++)
      await notify(t.db.$client, {
        accountId: account.id,
        kind: "import_done",
        title: `Import ${i} finished`,
        body: `${i} subscribers added`,
        link: "/subscribers/import/history",
      });
    await notify(t.db.$client, { accountId: other.account.id, kind: "billing", title: "Theirs" });
    const cookie = await loginAs(t.app, user.username, user.password);
    const first = (await t.get("/api/notifications?view=unread&limit=10", { cookie })).json();
    expect(first.rows).toHaveLength(10);
    expect(first.unreadCount).toBe(12);
    expect(first.rows[0]).toMatchObject({ title: "Import 12 finished", unread: 1 });
    const more = (await t.get("/api/notifications?view=unread&limit=20", { cookie })).json();
    expect(more.rows).toHaveLength(12);

    const id = first.rows[0].id;
    const one = await t.post(`/api/notifications/${id}/read`, undefined, { cookie });
    expect(one.json().unreadCount).toBe(11);
    const read = (await t.get("/api/notifications?view=read", { cookie })).json();
    expect(read.rows.map((r: { id: number }) => r.id)).toEqual([id]);

    const theirs = await loginAs(t.app, other.user.username, other.user.password);
    expect(
      (await t.post(`/api/notifications/${id}/read`, undefined, { cookie: theirs })).statusCode,
    ).toBe(404);
    expect((await t.get("/api/notifications", { cookie: theirs })).json().unreadCount).toBe(1);

    await t.post("/api/notifications/read-all", undefined, { cookie });
    expect((await t.get("/api/notifications", { cookie })).json().unreadCount).toBe(0);
  });
});
