import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { runBillingCycle } from "./billing-cycle";
import { TEST_CARDS } from "./payment-processor";

/**
 * Monthly add-ons are billed: each extra number and keyword pack is its own line on the renewal
 * invoice (and its PDF), paid with the plan; a released number is not billed again.
 */
const t = await createTestServer();

describe("add-ons on the renewal invoice", () => {
  it("bills the plan, each extra number and each keyword pack as lines; a released number stops", async () => {
    const { account, user } = await buildAccountWithUser(t.db, {
      account: { trialEndsAt: addDays(new Date(), 14) },
    });
    const cookie = await loginAs(t.app, user.username, user.password);
    await t.put(
      "/api/billing/payment-method",
      {
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
        name: "Joe Baker",
      },
      { cookie },
    );
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter" }, { cookie })).statusCode,
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
    const { account, user } = await buildAccountWithUser(t.db, {
      account: { trialEndsAt: addDays(new Date(), 14) },
    });
    const cookie = await loginAs(t.app, user.username, user.password);
    const card = (number: string) => ({
      number,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: "123",
      name: "Joe Baker",
    });
    // On the trial nothing is charged yet: the pack is a line of the first plan payment.
    expect((await t.post("/api/keywords/purchase", {}, { cookie })).statusCode).toBe(200);
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toEqual([]);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    const up = await t.post("/api/billing/upgrade", { planId: "growth" }, { cookie });
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
