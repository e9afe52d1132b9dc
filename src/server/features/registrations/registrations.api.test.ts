import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REJECTION } from "../../../domain/registry-review";
import { registeredMps } from "../../carriers/registry/registered-throughput";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { relayEvents } from "../events/event-relay";
import { claimDue } from "../outbound/dispatch-claim";
import { queueMessage } from "../outbound/outbound.service";
import { runDueReviews } from "./registry-reviews.service";

// The registry reviews at once here (REGISTRY_REVIEW_SECONDS=0) and runDueReviews is called by
// hand; the outbound path runs against the carrier emulator over HTTP.
const t = await createTestServer({
  listen: true,
  env: { REGISTRY_REVIEW_SECONDS: "0", EMULATOR_LATENCY_MS: "20" },
});
const db = t.db.$client;
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
const agentCookie = await loginAs(t.app, agent.username, agent.password);

async function giveNumber(accountId: number, tollFree: boolean) {
  const [found] = await t.ctx.carrier.searchNumbers({
    areaCode: tollFree ? undefined : "212",
    tollFree,
    limit: 1,
  });
  const owned = await t.ctx.carrier.buyNumber(found!.number, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  const res = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included, toll_free)
     values ($1, $2, $3, true, $4) returning id`,
    [accountId, found!.number, owned.sid, tollFree],
  );
  return { id: res.rows[0]!.id, number: found!.number };
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const goodVerification = {
  businessName: "Bean There Cafe",
  website: "https://beanthere.coffee",
  contactEmail: "owner@beanthere.coffee",
  contactPhone: "2125550199",
  useCase: "Order updates and weekly offers",
  sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
  optInDescription: "Customers text JOIN to our number or tick a box at checkout.",
  monthlyVolume: "1000",
};
const goodBrand = {
  legalName: "Bean There Coffee LLC",
  ein: "12-3456789",
  website: "https://beanthere.coffee",
  vertical: "Restaurants",
  street: "1 Congress Ave",
  city: "Austin",
  state: "TX",
  zip: "78701",
  contactEmail: "owner@beanthere.coffee",
};
const goodCampaign = {
  useCase: "Marketing",
  description: "Weekly offers and order updates for customers who joined at our counter.",
  sampleMessages: [
    "Bean There: 2-for-1 lattes today only! Reply STOP to opt out.",
    "Bean There: your order is ready at the counter.",
  ],
};

describe("registry reviews", () => {
  it("verifies a toll-free number after its review, lifts the banner and notifies", async () => {
    const tf = await giveNumber(a.account.id, true);
    const before = (await t.get("/api/registrations/status", { cookie: aCookie })).json();
    expect(before.tollFreeBanner).toMatchObject({ state: "unverified", number: tf.number });

    const submitted = await t.post(
      `/api/dedicated-numbers/${tf.id}/toll-free-verification`,
      goodVerification,
      { cookie: aCookie },
    );
    expect(submitted.statusCode).toBe(200);
    expect(
      (await t.get("/api/registrations/status", { cookie: aCookie })).json().tollFreeBanner,
    ).toMatchObject({ state: "pending" });

    expect(await runDueReviews(t.ctx)).toBe(1);
    const status = (await t.get("/api/registrations/status", { cookie: aCookie })).json();
    // A verified toll-free number is a valid sending number: the banner is gone.
    expect(status.tollFreeBanner).toBeNull();
    expect(status.tollFree).toMatchObject([{ phoneNumberId: tf.id, status: "approved" }]);
    const numbers = (
      await t.get("/api/dedicated-numbers?type=tollFree", { cookie: aCookie })
    ).json();
    expect(numbers.rows[0]).toMatchObject({ tfVerification: "verified", verified: true, hint: "" });
    const bell = (await t.get("/api/notifications?view=unread", { cookie: aCookie })).json();
    expect(JSON.stringify(bell)).toContain(`Toll-free verification of ${tf.number} approved`);

    // The other account sees none of it, and cannot submit for this number.
    const other = (await t.get("/api/registrations/status", { cookie: bCookie })).json();
    expect(other.tollFree).toEqual([]);
    expect(other.tollFreeBanner).toMatchObject({ state: "no_number" });
    const foreign = await t.post(
      `/api/dedicated-numbers/${tf.id}/toll-free-verification`,
      goodVerification,
      { cookie: bCookie },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("rejects a toll-free verification with a placeholder website, with the reason", async () => {
    const tf = await giveNumber(b.account.id, true);
    await t.post(
      `/api/dedicated-numbers/${tf.id}/toll-free-verification`,
      { ...goodVerification, website: "https://beanthere.example" },
      { cookie: bCookie },
    );
    await runDueReviews(t.ctx);
    const status = (await t.get("/api/registrations/status", { cookie: bCookie })).json();
    expect(status.tollFree).toMatchObject([
      { phoneNumberId: tf.id, status: "rejected", reason: REJECTION.website },
    ]);
    expect(status.tollFreeBanner).toMatchObject({ state: "rejected" });
    const bell = (await t.get("/api/notifications?view=unread", { cookie: bCookie })).json();
    expect(JSON.stringify(bell)).toContain(REJECTION.website);

    // Corrected and sent again: reviewed again, and approved.
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, goodVerification, {
      cookie: bCookie,
    });
    await runDueReviews(t.ctx);
    const again = (await t.get("/api/registrations/status", { cookie: bCookie })).json();
    expect(again.tollFree).toMatchObject([{ status: "approved", reason: null }]);
    expect(again.tollFreeBanner).toBeNull();
  });

  it("holds a review until its delay has passed", async () => {
    const later = await createTestServer({ env: { REGISTRY_REVIEW_SECONDS: "3600" } });
    const c = await buildAccountWithUser(later.db);
    const cookie = await loginAs(later.app, c.user.username, c.user.password);
    await later.put("/api/brand-registration/brand", goodBrand, { cookie });
    expect(await runDueReviews(later.ctx)).toBe(0);
    expect(await runDueReviews(later.ctx, new Date(Date.now() + 3601_000))).toBe(1);
    const reg = (await later.get("/api/brand-registration", { cookie })).json();
    expect(reg.brandStatus).toBe("approved");
  });

  it("rejects a test-named brand, approves the real one, then its campaign; the tier sets the pace", async () => {
    const long = await giveNumber(a.account.id, false);
    await t.put(
      "/api/brand-registration/brand",
      { ...goodBrand, legalName: "Test Company" },
      {
        cookie: aCookie,
      },
    );
    await t.put("/api/brand-registration/campaign", goodCampaign, { cookie: aCookie });
    await runDueReviews(t.ctx);
    let status = (await t.get("/api/registrations/status", { cookie: aCookie })).json();
    expect(status.brand).toEqual({
      status: "rejected",
      reason: REJECTION.placeholderName,
      waitingFor: null,
    });
    // The campaign waits for an approved brand.
    expect(status.campaign.status).toBe("pending");

    // Unregistered: no tier for the carrier either.
    expect(await registeredMps(t.db, long.number)).toBeNull();

    await t.put("/api/brand-registration/brand", goodBrand, { cookie: aCookie });
    await t.put("/api/brand-registration/campaign", goodCampaign, { cookie: aCookie });
    await runDueReviews(t.ctx); // the brand
    await runDueReviews(t.ctx); // then its campaign
    status = (await t.get("/api/registrations/status", { cookie: aCookie })).json();
    expect(status.brand).toEqual({ status: "approved", reason: null, waitingFor: null });
    expect(status.campaign).toEqual({ status: "approved", reason: null });
    // EIN, full address and an e-mail on the website's domain: the high tier.
    expect(status.trust).toEqual({ score: 100, tier: "high", mps: 75, dailyCap: 200000 });
    // No carrier reviewed any of it: the screens say so.
    expect(status.registry).toEqual({ name: "emulator", simulated: true, fees: [] });
    expect(await registeredMps(t.db, long.number)).toBe(75);
    const reg = (await t.get("/api/brand-registration", { cookie: aCookie })).json();
    expect(reg).toMatchObject({ brandStatus: "approved", campaignStatus: "approved" });
    expect(status.reviewSeconds).toBe(0);
    const other = (await t.get("/api/registrations/status", { cookie: bCookie })).json();
    expect(other.trust).toBeNull();
  });

  it("paces an unregistered long code at 1 a second and a registered one at its tier", async () => {
    // A server of its own without the send pipeline: the claims are made here.
    const p = await createTestServer({ env: { REGISTRY_REVIEW_SECONDS: "0" } });
    const registered = await buildAccountWithUser(p.db);
    const unregistered = await buildAccountWithUser(p.db);
    const cookie = await loginAs(p.app, registered.user.username, registered.user.password);
    await p.put("/api/brand-registration/brand", goodBrand, { cookie });
    await p.put("/api/brand-registration/campaign", goodCampaign, { cookie });
    await runDueReviews(p.ctx);
    await runDueReviews(p.ctx);
    const insert = async (accountId: number, number: string) =>
      (
        await p.db.$client.query<{ id: number; number: string }>(
          `insert into phone_numbers (account_id, number, carrier_sid) values ($1, $2, 'PN')
           returning id, number`,
          [accountId, number],
        )
      ).rows[0]!;
    const fast = await insert(registered.account.id, "+12125550301");
    const slow = await insert(unregistered.account.id, "+12125550302");
    for (const [accountId, from] of [
      [registered.account.id, fast],
      [unregistered.account.id, slow],
    ] as const) {
      for (let i = 0; i < 4; i++) {
        await queueMessage(p.ctx, {
          accountId,
          from,
          to: `+1212555${String(2000 + i)}`,
          body: "Pace check",
          source: "inbox",
        });
      }
    }
    const claimed = await claimDue(p.ctx, 100);
    const slowClaims = claimed.filter((c) => c.phoneNumberId === slow.id);
    const fastClaims = claimed.filter((c) => c.phoneNumberId === fast.id);
    // One look-ahead second: 1 message for the unregistered number, all 4 at the high tier.
    expect(slowClaims).toHaveLength(1);
    expect(fastClaims).toHaveLength(4);
    const turns = fastClaims.map((c) => new Date(c.sendAt).getTime()).sort();
    expect(turns.at(-1)! - turns[0]!).toBeLessThan(100);
  });
});

describe("brand registration prompt", () => {
  it("'Skip for now' marks it skipped; only the owner may", async () => {
    const me = (await t.get("/api/account/me", { cookie: bCookie })).json();
    expect(me.brandRegistrationStatus).toBe("unseen");
    const bad = await t.post(
      "/api/registrations/brand-prompt",
      { status: "done" },
      {
        cookie: bCookie,
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeDefined();
    const res = await t.post(
      "/api/registrations/brand-prompt",
      { status: "skipped" },
      {
        cookie: bCookie,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await t.get("/api/account/me", { cookie: bCookie })).json().brandRegistrationStatus,
    ).toBe("skipped");
    const denied = await t.post(
      "/api/registrations/brand-prompt",
      { status: "skipped" },
      {
        cookie: agentCookie,
      },
    );
    expect(denied.statusCode).toBe(403);
  });
});

describe("guided tour", () => {
  it("is kept per user: advance, skip, restart and finish", async () => {
    expect((await t.get("/api/tour", { cookie: aCookie })).json()).toEqual({ step: 0 });
    // Advancing a tour that never started does nothing.
    expect((await t.put("/api/tour", { action: "advance" }, { cookie: aCookie })).json()).toEqual({
      step: 0,
    });
    expect((await t.put("/api/tour", { action: "restart" }, { cookie: aCookie })).json()).toEqual({
      step: 1,
    });
    await t.put("/api/tour", { action: "advance" }, { cookie: aCookie });
    expect((await t.put("/api/tour", { action: "advance" }, { cookie: aCookie })).json()).toEqual({
      step: 3,
    });
    expect((await t.put("/api/tour", { action: "advance" }, { cookie: aCookie })).json()).toEqual({
      step: 4,
    });
    // Finished: advancing stays; Finish saves 0 (disabled).
    expect((await t.put("/api/tour", { action: "advance" }, { cookie: aCookie })).json()).toEqual({
      step: 4,
    });
    expect((await t.put("/api/tour", { action: "finish" }, { cookie: aCookie })).json()).toEqual({
      step: 0,
    });
    // Another user's tour is their own.
    await t.put("/api/tour", { action: "restart" }, { cookie: agentCookie });
    expect((await t.put("/api/tour", { action: "skip" }, { cookie: agentCookie })).json()).toEqual({
      step: 5,
    });
    expect((await t.get("/api/tour", { cookie: aCookie })).json()).toEqual({ step: 0 });
    const bad = await t.put("/api/tour", { action: "jump" }, { cookie: aCookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe("phone alerts", () => {
  it("texts the owner when a reply arrives, not in quiet hours, not for STOP", async () => {
    const number = (
      await db.query<{ id: number; number: string }>(
        `select id, number from phone_numbers where account_id = $1 and not toll_free`,
        [a.account.id],
      )
    ).rows[0]!;
    expect(
      (
        await t.put(
          "/api/addons/phone-alerts",
          { enabled: true, phone: "555" },
          {
            cookie: aCookie,
          },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.put("/api/addons/phone-alerts", { enabled: true }, { cookie: aCookie })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.put(
          "/api/addons/phone-alerts",
          { enabled: true, phone: "2125550177" },
          {
            cookie: agentCookie,
          },
        )
      ).statusCode,
    ).toBe(403);
    const saved = await t.put(
      "/api/addons/phone-alerts",
      { enabled: true, phone: "(212) 555-0177", quietStart: null, quietEnd: null },
      { cookie: aCookie },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      phone: "+12125550177",
      quietStart: null,
      quietEnd: null,
    });
    expect((await t.get("/api/account/me", { cookie: aCookie })).json().phoneAlerts).toBe(true);
    expect((await t.get("/api/addons/phone-alerts", { cookie: bCookie })).json()).toMatchObject({
      enabled: false,
      phone: null,
    });

    const reply = async (body: string) => {
      await receiveInbound(t.ctx, {
        sid: `SM${randomBytes(16).toString("hex")}`,
        from: "+19175550123",
        to: number.number,
        body,
        mediaUrls: [],
        segments: 1,
      });
      // This server's own relay loop may hold the event (skip locked): wait until no work of
      // the account's events is left, so what the alert handler wrote is committed.
      for (let tries = 0; ; tries++) {
        while (await relayEvents(t.ctx)) {}
        const left = await db.query<{ n: number }>(
          `select count(*)::int as n from account_event_work w
             join account_events e on e.id = w.event_id where e.account_id = $1`,
          [a.account.id],
        );
        if (left.rows[0]!.n === 0) break;
        if (tries > 400) throw new Error("the account's events were not relayed within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const alerts = async () =>
      (
        await db.query<{ body: string; lane: number; source: string }>(
          `select body, lane, source from messages
            where account_id = $1 and to_number = '+12125550177' order by id`,
          [a.account.id],
        )
      ).rows;

    await reply("Is the patio open today?");
    const [alert] = await alerts();
    expect(alert).toMatchObject({
      body: 'Parley: new reply from (917) 555-0123: "Is the patio open today?"',
      source: "phone_alert",
      lane: 0,
    });
    await reply("HELP");
    expect(await alerts()).toHaveLength(1);

    // Quiet hours all day long (00:00 to 23:59): nothing more.
    await t.put(
      "/api/addons/phone-alerts",
      { enabled: true, phone: "2125550177", quietStart: "00:00", quietEnd: "23:59" },
      { cookie: aCookie },
    );
    await reply("Still there?");
    expect(await alerts()).toHaveLength(1);
    // Off: nothing either.
    await t.put(
      "/api/addons/phone-alerts",
      { enabled: false, phone: "2125550177" },
      {
        cookie: aCookie,
      },
    );
    await reply("Hello?");
    expect(await alerts()).toHaveLength(1);
  });
});

describe("international credits", () => {
  it("a text to Canada needs international credits and spends them", async () => {
    const number = (
      await db.query<{ id: number }>(
        `select id from phone_numbers where account_id = $1 and not toll_free`,
        [a.account.id],
      )
    ).rows[0]!;
    const test = (to: string) =>
      t.post(
        "/api/messages/test",
        { subscribers: to, message: "Hello from Bean There", longcodeId: number.id, isMMS: false },
        { cookie: aCookie },
      );
    await db.query(`update account_credits set international_balance = 0 where account_id = $1`, [
      a.account.id,
    ]);
    const before = (await t.get("/api/credits", { cookie: aCookie })).json();
    const refused = await test("+14165550123");
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: "INSUFFICIENT_INTERNATIONAL_CREDITS",
      message: "Failed to send to international recipients",
    });
    // Nothing was charged or queued.
    const same = (await t.get("/api/credits", { cookie: aCookie })).json();
    expect(same.balance).toBe(before.balance);

    await db.query(`update account_credits set international_balance = 20 where account_id = $1`, [
      a.account.id,
    ]);
    const sent = await test("+14165550123");
    expect(sent.statusCode).toBe(200);
    const after = (await t.get("/api/credits", { cookie: aCookie })).json();
    expect(after.internationalBalance).toBe(19);
    // A US number spends none.
    expect((await test("+12125550166")).statusCode).toBe(200);
    expect((await t.get("/api/credits", { cookie: aCookie })).json().internationalBalance).toBe(19);
  });
});

describe("send settings", () => {
  it("a sent text carries the header and footer, with foreign characters made plain", async () => {
    const saved = await t.put(
      "/api/account/settings/send_settings",
      { val: { header: "Bean There Café", footer: "Txt STOP to end", allowForeignChars: false } },
      { cookie: aCookie },
    );
    expect(saved.statusCode).toBe(200);
    await db.query(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       values ($1, '+12125550188', 'Zoë', now())`,
      [a.account.id],
    );
    const res = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Crème brûlée “today” only" },
      { cookie: aCookie },
    );
    expect(res.statusCode).toBe(201);
    const body = await until(async () => {
      const r = await db.query<{ body: string }>(
        `select body from messages where account_id = $1 and to_number = '+12125550188'
           and source = 'campaign'`,
        [a.account.id],
      );
      return r.rows[0]?.body;
    });
    // è and é are in the SMS alphabet and stay; û and the curly quotes become plain.
    expect(body).toBe('Bean There Café\nCrème brulée "today" only\nTxt STOP to end');
  });
});
