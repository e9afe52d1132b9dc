import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runBillingCycle } from "./billing-cycle";
import { testCard, trialOwner } from "./billing-test-kit";
import { TEST_CARDS } from "./payment-processor";

const t = await createTestServer();

const card = (number: string) => testCard(number, t.ctx.clock);

const owner = () => trialOwner(t);

describe("billing", () => {
  it("summary of a trial: price per text, credits, no card", async () => {
    const { cookie } = await owner();
    const s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({
      status: "trial",
      pricePerText: 0.04,
      totalCredits: 500,
      card: null,
      processor: "test",
    });
  });

  it("a declined card is refused; a good one saved; upgrade charges it and gives the plan's credits", async () => {
    const { account, cookie } = await owner();
    const bad = await t.put("/api/billing/payment-method", card(TEST_CARDS.declined), { cookie });
    expect(bad.statusCode).toBe(402);
    expect(bad.json().error.message).toBe("Oops, your card was declined!");
    const expired = await t.put("/api/billing/payment-method", card(TEST_CARDS.expired), {
      cookie,
    });
    expect(expired.json().error.reason).toBe("expired_card");
    const ok = await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().card).toMatchObject({ brand: "Visa", last4: "4242" });

    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 5900 },
      { cookie },
    );
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      status: "active",
      plan: { id: "growth" },
      // The plan's 1,500 on top of the trial's unused 500: nothing used yet in the new period.
      usedCredits: 0,
      totalCredits: 2000,
      balance: 2000,
    });
    const history = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: "paid", amountCents: 5900, card: "Visa •••• 4242" });
    expect(history[0].number).toMatch(/^INV-\d+$/);
    const pdf = await t.get(`/api/billing/invoices/${history[0].id}/pdf`, { cookie });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // Another account sees none of it.
    const other = await owner();
    expect(
      (await t.get(`/api/billing/invoices/${history[0].id}`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await t.get("/api/billing/invoices", { cookie: other.cookie })).json().rows).toEqual(
      [],
    );
    expect(account.id).not.toBe(other.account.id);
  });

  it("a trial that ends locks writes with the reason; upgrading unlocks them", async () => {
    const { account, cookie } = await owner();
    const later = addDays(new Date(), 15);
    const counts = await runBillingCycle(t.ctx, later);
    expect(counts.trialsEnded).toBeGreaterThanOrEqual(1);
    const me = (await t.get("/api/account/me", { cookie })).json();
    expect(me.forbiddenReason).toBe("expired_trial");
    // Reads allowed, writes refused with the reason code.
    expect((await t.get("/api/account/profile", { cookie })).statusCode).toBe(200);
    const write = await t.put("/api/account/settings/quiet_hours", { val: [] }, { cookie });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({
      code: "ACCOUNT_FORBIDDEN",
      reason: "expired_trial",
    });
    const notes = (await t.get("/api/notifications", { cookie })).json().rows;
    expect(notes[0].title).toBe("Your Free Trial has ended!");
    // The guided tour still moves: it leads the locked trial to the upgrade.
    const tour = await t.put("/api/tour", { action: "restart" }, { cookie });
    expect(tour.statusCode, tour.body).toBe(200);

    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    expect((await t.get("/api/account/me", { cookie })).json().forbiddenReason).toBeNull();
    expect(
      (await t.put("/api/account/settings/quiet_hours", { val: [] }, { cookie })).statusCode,
    ).toBe(200);
    expect(account.id).toBeGreaterThan(0);
  });

  it("a renewal declined by the card locks the account as declined; a new card pays and unlocks", async () => {
    const { cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.declineOnCharge), { cookie });
    // The first charge on this card fails too: switch to a good card for the upgrade, then back.
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    await t.put("/api/billing/payment-method", card(TEST_CARDS.declineOnCharge), { cookie });

    const counts = await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1));
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    const s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "declined_card" });
    const notes = (await t.get("/api/notifications", { cookie })).json().rows;
    expect(notes.map((n: { title: string }) => n.title)).toContain("Your payment failed");

    const fixed = await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "active", forbiddenReason: null });
  });

  it("cancel keeps the account until the paid-through date, then closes it; data removed a month later", async () => {
    const { account, cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    const c = await t.post("/api/billing/cancel", { reason: "Too expensive" }, { cookie });
    expect(c.json()).toMatchObject({
      status: "canceled",
      cancelReason: "Too expensive",
      forbiddenReason: null,
    });
    // Reactivate within the period undoes it without a charge.
    const r = await t.post("/api/billing/reactivate", { planId: null }, { cookie });
    expect(r.json()).toMatchObject({ status: "active" });
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toHaveLength(1);

    await t.post("/api/billing/cancel", { reason: "Closing my business" }, { cookie });
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1));
    expect((await t.get("/api/account/me", { cookie })).json().forbiddenReason).toBe("canceled");
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 2), 2));
    const gone = await t.db.$client.query("select 1 from accounts where id = $1", [account.id]);
    expect(gone.rowCount).toBe(0);
  });

  it("'Auto-renew' off: no renewal is charged and the plan ends with its paid month; on, it renews", async () => {
    const off = await owner();
    const on = await owner();
    for (const b of [off, on]) {
      await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie: b.cookie });
      await t.post(
        "/api/billing/upgrade",
        { planId: "starter", amountCents: 2900 },
        { cookie: b.cookie },
      );
    }
    const saved = await t.put("/api/billing/auto-renew", { on: false }, { cookie: off.cookie });
    expect(saved.json()).toMatchObject({ autoRenew: false });

    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1));
    expect((await t.get("/api/billing/invoices", { cookie: off.cookie })).json().rows).toHaveLength(
      1,
    );
    expect((await t.get("/api/billing/summary", { cookie: off.cookie })).json()).toMatchObject({
      status: "canceled",
      forbiddenReason: "canceled",
    });
    expect((await t.get("/api/billing/invoices", { cookie: on.cookie })).json().rows).toHaveLength(
      2,
    );
    expect((await t.get("/api/billing/summary", { cookie: on.cookie })).json()).toMatchObject({
      status: "active",
      forbiddenReason: null,
    });
  });

  it("pause locks as paused; only the owner may touch billing", async () => {
    const { cookie } = await owner();
    const p = await t.post("/api/billing/pause", { confirm: true }, { cookie });
    expect(p.json()).toMatchObject({ status: "paused", forbiddenReason: "paused" });
    const agent = await buildAccountWithUser(t.db, { user: { permissionLevel: 2 } });
    const agentCookie = await loginAs(t.app, agent.user.username, agent.user.password);
    expect((await t.get("/api/billing/summary", { cookie: agentCookie })).statusCode).toBe(403);
  });

  it("credit packs are charged to the card", async () => {
    const { cookie } = await owner();
    const none = await t.post("/api/credits/purchase", { qty: 500, type: "sms" }, { cookie });
    expect(none.statusCode).toBe(402);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    const ok = await t.post("/api/credits/purchase", { qty: 500, type: "sms" }, { cookie });
    expect(ok.statusCode).toBe(200);
    const rows = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(rows[0]).toMatchObject({
      description: "500 message credits",
      amountCents: 1500,
      status: "paid",
    });
  });
});
