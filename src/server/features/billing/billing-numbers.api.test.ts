import { addDays } from "date-fns";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { queueMessage } from "../outbound/outbound.service";
import { TEST_CARDS } from "./payment-processor";

/**
 * The figures every screen shows (billing summary, credits, dashboard) come from one read and add
 * up; a canceled subscription shows no auto-renew and cannot switch it on.
 */
const t = await createTestServer();

const card = {
  number: TEST_CARDS.success,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Joe Baker",
};

async function owner(n: number) {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(new Date(), 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  const [number] = await t.db
    .insert(phoneNumbers)
    .values({
      accountId: account.id,
      number: `+1415555${n}`,
      carrierSid: `PNbn${n}`,
      included: true,
    })
    .returning();
  return { account, cookie, from: { id: number!.id, number: number!.number } };
}

async function figures(cookie: string) {
  const [summary, credits, dashboard] = await Promise.all([
    t.get("/api/billing/summary", { cookie }).then((r) => r.json()),
    t.get("/api/credits", { cookie }).then((r) => r.json()),
    t.get("/api/dashboard", { cookie }).then((r) => r.json()),
  ]);
  return {
    summary: { used: summary.usedCredits, total: summary.totalCredits, left: summary.balance },
    credits: { used: credits.used, total: credits.allowance, left: credits.balance },
    dashboard: {
      used: dashboard.stats.sent,
      total: dashboard.stats.total,
      left: dashboard.stats.remaining,
    },
  };
}

function agree(f: Awaited<ReturnType<typeof figures>>, expected: Record<string, number>) {
  expect(f).toEqual({ summary: expected, credits: expected, dashboard: expected });
}

describe("billing figures", () => {
  it("used, total and left agree on every screen, through use, an upgrade and a pack", async () => {
    const { account, cookie, from } = await owner(1001);
    agree(await figures(cookie), { used: 0, total: 500, left: 500 });
    for (const to of ["+13105550901", "+13105550902", "+13105550903"])
      await queueMessage(t.ctx, { accountId: account.id, from, to, body: "Hi", source: "inbox" });
    agree(await figures(cookie), { used: 3, total: 500, left: 497 });

    expect((await t.put("/api/billing/payment-method", card, { cookie })).statusCode).toBe(200);
    expect(
      (await t.post("/api/billing/upgrade", { planId: "growth", amountCents: 5900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    // A new period: the trial's leftover and the plan's 1,500 are left, nothing used yet.
    agree(await figures(cookie), { used: 0, total: 1997, left: 1997 });
    expect(
      (await t.post("/api/billing/bundles/purchase", { qty: 500, amountCents: 1500 }, { cookie }))
        .statusCode,
    ).toBe(200);
    await queueMessage(t.ctx, {
      accountId: account.id,
      from,
      to: "+13105550904",
      body: "Hi again",
      source: "inbox",
    });
    agree(await figures(cookie), { used: 1, total: 2497, left: 2496 });
  });

  it("a canceled subscription shows no auto-renew, refuses to switch it on, and gets it back on reactivation", async () => {
    const { cookie } = await owner(1002);
    await t.put("/api/billing/payment-method", card, { cookie });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    expect((await t.get("/api/billing/summary", { cookie })).json().autoRenew).toBe(true);

    const canceled = await t.post("/api/billing/cancel", { reason: "Too expensive" }, { cookie });
    expect(canceled.json()).toMatchObject({ status: "canceled", autoRenew: false });
    const on = await t.put("/api/billing/auto-renew", { on: true }, { cookie });
    expect(on.statusCode).toBe(400);
    expect(on.json().error.message).toBe(
      "Nothing renews while the subscription is canceled or paused: reactivate it first.",
    );
    expect((await t.get("/api/billing/summary", { cookie })).json().autoRenew).toBe(false);

    const back = await t.post("/api/billing/reactivate", { planId: null }, { cookie });
    expect(back.json()).toMatchObject({ status: "active", autoRenew: true });
    // Reactivated inside the paid period: nothing more was charged.
    const invoices = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(invoices).toHaveLength(1);
  });
});
