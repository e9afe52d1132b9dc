import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { runBillingCycle } from "./billing-cycle";
import { testCard, trialOwner } from "./billing-test-kit";
import { TEST_CARDS } from "./payment-processor";

/**
 * Monthly add-ons are billed: each extra number and keyword pack is its own line on the renewal
 * invoice (and its PDF), paid with the plan; a released number is not billed again.
 */
const t = await createTestServer();

describe("add-ons on the renewal invoice", () => {
  it("bills the plan, each extra number and each keyword pack as lines; a released number stops", async () => {
    const { account, cookie } = await trialOwner(t);
    await t.put("/api/billing/payment-method", testCard(TEST_CARDS.success, t.ctx.clock), {
      cookie,
    });
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    // The included number and one extra at $5 a month; a keyword pack at $10 a month.
    await t.db.insert(phoneNumbers).values([
      { accountId: account.id, number: "+12125550171", carrierSid: "PNal1", included: true },
      {
        accountId: account.id,
        number: "+12125550172",
        carrierSid: "PNal2",
        monthlyPriceCents: 500,
      },
    ]);
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    // Bought inside the paid month: the month's rest is charged now, prorated.
    const [prorated] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(prorated.description).toMatch(
      /^Keyword pack \(5 additional keywords\), prorated to \d{4}-\d{2}-\d{2}$/,
    );
    expect(prorated.amountCents).toBeGreaterThan(950);
    expect(prorated.amountCents).toBeLessThanOrEqual(1000);
    const summary = (await t.get("/api/billing/summary", { cookie })).json();
    expect(summary.monthlyAddons).toEqual([
      { description: "Extra number +12125550172, 1 month", amountCents: 500 },
      { description: "Keyword pack (5 additional keywords), 1 month", amountCents: 1000 },
    ]);

    const renewed = await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1), {
      accountId: account.id,
    });
    expect(renewed.renewed).toBe(1);
    const [renewal] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(renewal).toMatchObject({
      status: "paid",
      amountCents: 2900 + 500 + 1000,
      description: "Starter plan, 1 month (renewal) and 2 add-ons",
      lines: [
        { description: "Starter plan, 1 month", amountCents: 2900 },
        { description: "Extra number +12125550172, 1 month", amountCents: 500 },
        { description: "Keyword pack (5 additional keywords), 1 month", amountCents: 1000 },
      ],
    });
    const pdf = await t.get(`/api/billing/invoices/${renewal.id}/pdf`, { cookie });
    expect(pdf.headers["content-type"]).toBe("application/pdf");

    // Released: the number is not on the next renewal.
    await t.db.$client.query(
      "update phone_numbers set state = 'released', released_at = now() where number = $1",
      ["+12125550172"],
    );
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 2), 2), { accountId: account.id });
    const [next] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(next).toMatchObject({
      amountCents: 2900 + 1000,
      lines: [
        { description: "Starter plan, 1 month", amountCents: 2900 },
        { description: "Keyword pack (5 additional keywords), 1 month", amountCents: 1000 },
      ],
    });
  });

  it("a declined card buys no keyword pack; on a trial the pack waits for the first plan payment", async () => {
    const { account, cookie } = await trialOwner(t);
    const card = (number: string) => testCard(number, t.ctx.clock);
    // On the trial nothing is charged yet: the pack is a line of the first plan payment.
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toEqual([]);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    // The summary showed the plan and the pack: $59.00 + $10.00.
    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 5900 + 1000 },
      { cookie },
    );
    expect(up.statusCode).toBe(200);
    const [first] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(first).toMatchObject({
      amountCents: 5900 + 1000,
      lines: [
        { description: "Growth plan, 1 month", amountCents: 5900 },
        { description: "Keyword pack (5 additional keywords), 1 month", amountCents: 1000 },
      ],
    });
    // A card whose charges fail: the next pack is refused and not added.
    await t.put("/api/billing/payment-method", card(TEST_CARDS.declineOnCharge), { cookie });
    const refused = await t.post("/api/keywords/purchase", {}, { cookie });
    expect(refused.statusCode).toBe(402);
    const packs = await t.db.$client.query(
      "select count(*)::int as n from billing_records where account_id = $1 and kind = 'keyword_addon'",
      [account.id],
    );
    expect(packs.rows[0].n).toBe(1);
  });
});

describe("releasing a monthly add-on", () => {
  it("a number released and a keyword pack released are on no later plan payment", async () => {
    const { account, cookie } = await trialOwner(t);
    await t.put("/api/billing/payment-method", testCard(TEST_CARDS.success, t.ctx.clock), {
      cookie,
    });
    expect(
      (await t.post("/api/billing/addons/keyword-pack/release", {}, { cookie })).json(),
    ).toMatchObject({ error: { message: "You have no keyword pack to release." } });
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    // The included number and an extra one at $5 a month (buying is the carrier emulator's test).
    const second = { number: "+12125550182" };
    const [, extra] = await t.db
      .insert(phoneNumbers)
      .values([
        { accountId: account.id, number: "+12125550181", carrierSid: "PNrl1", included: true },
        { accountId: account.id, ...second, carrierSid: "PNrl2", monthlyPriceCents: 500 },
      ])
      .returning();
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    const extraLine = { description: `Extra number ${second.number}, 1 month`, amountCents: 500 };
    const packLine = {
      description: "Keyword pack (5 additional keywords), 1 month",
      amountCents: 1000,
    };
    expect((await t.get("/api/billing/summary", { cookie })).json().monthlyAddons).toEqual([
      extraLine,
      packLine,
      packLine,
    ]);

    // The extra number and one pack released: both leave the next renewal.
    // What releasing a number records once the carrier has it back (the carrier is not run here).
    await t.db.$client.query(
      "update phone_numbers set state = 'released', released_at = now() where id = $1",
      [extra!.id],
    );
    const pack = await t.post("/api/billing/addons/keyword-pack/release", {}, { cookie });
    expect(pack.statusCode).toBe(200);
    expect(pack.json().monthlyAddons).toEqual([packLine]);
    expect((await t.get("/api/keywords", { cookie })).json().limit).toBe(10);

    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1), { accountId: account.id });
    const [renewal] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(renewal).toMatchObject({
      status: "paid",
      amountCents: 2900 + 1000,
      lines: [{ description: "Starter plan, 1 month", amountCents: 2900 }, packLine],
    });

    // The last pack too: the renewal after is the plan alone.
    expect(
      (await t.post("/api/billing/addons/keyword-pack/release", {}, { cookie })).statusCode,
    ).toBe(200);
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 2), 2), { accountId: account.id });
    const [next] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(next).toMatchObject({
      amountCents: 2900,
      lines: [{ description: "Starter plan, 1 month", amountCents: 2900 }],
    });
    const { rows: audit } = await t.db.$client.query(
      "select action from audit_events where account_id = $1 and action = 'billing.addon_release'",
      [account.id],
    );
    expect(audit).toHaveLength(2);
  });
});

describe("releasing a keyword pack the keywords need", () => {
  it("is refused with what to delete first, and changes nothing", async () => {
    const { account, cookie } = await trialOwner(t);
    await t.db.insert(phoneNumbers).values({
      accountId: account.id,
      number: "+12125550191",
      carrierSid: "PNkp1",
      included: true,
    });
    // On the trial the pack is free until the first plan payment; the limit is 10 at once.
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    for (const word of ["Bread", "Cake", "Pie", "Tart", "Bun", "Roll"]) {
      const res = await t.post(
        "/api/keywords",
        { keyword: word, phoneNumberId: null, reply: "Thanks for joining!", groupIds: [] },
        { cookie },
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await t.post("/api/billing/addons/keyword-pack/release", {}, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "You use 6 of your 10 keywords. Delete 1 keyword before releasing a keyword pack.",
    );
    expect((await t.get("/api/keywords", { cookie })).json().limit).toBe(10);
    expect((await t.get("/api/billing/summary", { cookie })).json().monthlyAddons).toHaveLength(1);
  });
});

describe("the amount an add-on is charged now", () => {
  it("is in the summary, is what the purchase charges, and another amount buys nothing", async () => {
    const { account, cookie } = await trialOwner(t);
    await t.db.insert(phoneNumbers).values({
      accountId: account.id,
      number: "+12125550195",
      carrierSid: "PNdn1",
      included: true,
    });
    // On the trial nothing is charged now.
    expect((await t.get("/api/billing/summary", { cookie })).json().addonsDueNow).toBeNull();
    await t.put("/api/billing/payment-method", testCard(TEST_CARDS.success, t.ctx.clock), {
      cookie,
    });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    // The first day of the period: the whole month of each.
    const { addonsDueNow, periodEnd } = (await t.get("/api/billing/summary", { cookie })).json();
    expect(addonsDueNow).toEqual({
      until: periodEnd,
      extraNumberCents: 500,
      keywordPackCents: 1000,
    });

    const stale = await t.post("/api/keywords/purchase", { amountCents: 900 }, { cookie });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      "The amount is now $10.00, not the $9.00 you confirmed. Nothing was charged: please review the new amount and confirm again.",
    );
    // Refused before the carrier is asked: no number bought, nothing charged.
    const number = await t.post(
      "/api/dedicated-numbers",
      { number: "+12125550196", name: "", amountCents: 100 },
      { cookie },
    );
    expect(number.statusCode).toBe(409);
    expect(number.json().error.message).toMatch(/^The amount is now \$5\.00, not the \$1\.00/);
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toHaveLength(1);
    expect((await t.get("/api/keywords", { cookie })).json().limit).toBe(5);

    const bought = await t.post("/api/keywords/purchase", { amountCents: 1000 }, { cookie });
    expect(bought.statusCode).toBe(200);
    const [charged] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(charged).toMatchObject({ status: "paid", amountCents: 1000 });

    // Ten days before the end of a 30-day period: a third of the month.
    await t.db.$client.query(
      `update billing_subscriptions set period_start = now() - interval '20 days' + interval '1 hour',
              period_end = now() + interval '10 days' - interval '1 hour' where account_id = $1`,
      [account.id],
    );
    const later = (await t.get("/api/billing/summary", { cookie })).json().addonsDueNow;
    expect(later).toMatchObject({ extraNumberCents: 167, keywordPackCents: 333 });
    expect(
      (await t.post("/api/keywords/purchase", { amountCents: 333 }, { cookie })).statusCode,
    ).toBe(200);
    const [prorated] = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(prorated).toMatchObject({ status: "paid", amountCents: 333 });
  });
});
