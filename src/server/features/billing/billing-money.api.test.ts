import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runAutoTopups } from "./auto-topup";
import { runBillingCycle } from "./billing-cycle";
import { TEST_CARDS } from "./payment-processor";

const OPERATOR_TOKEN = "operator-token-for-tests-0123";
const t = await createTestServer({ env: { OPERATOR_TOKEN, AUTOMATION_CLOCK: "movable" } });

const year = new Date().getUTCFullYear();
const card = (number: string, exp = { expMonth: 12, expYear: year + 2 }) => ({
  number,
  ...exp,
  cvc: "123",
  name: "Rosa Baker",
});

async function owner(opts: { trialDays?: number } = {}) {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(new Date(), opts.trialDays ?? 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  return { account, user, cookie };
}

async function balanceOf(accountId: number) {
  const r = await t.db.$client.query<{ balance: number }>(
    "select balance from account_credits where account_id = $1",
    [accountId],
  );
  return r.rows[0]?.balance ?? 0;
}

async function setBalance(accountId: number, balance: number) {
  await t.db.$client.query("update account_credits set balance = $2 where account_id = $1", [
    accountId,
    balance,
  ]);
}

const titles = async (cookie: string) =>
  (await t.get("/api/notifications", { cookie }))
    .json()
    .rows.map((n: { title: string }) => n.title);

describe("auto top-up", () => {
  it("refuses a bad setting; buys its bundle below the threshold, once; a failure notifies and waits", async () => {
    const { account, cookie } = await owner();
    const bad = await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 5, bundleQty: 700 },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION");

    // No card: the top-up fails and the owner is told.
    await t.get("/api/billing/summary", { cookie });
    await setBalance(account.id, 40);
    const saved = await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 100, bundleQty: 1000 },
      { cookie },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      autoTopup: true,
      autoTopupSettings: { threshold: 100, bundleQty: 1000 },
    });
    expect(saved.json().autoTopupSettings.lastFailure).toBe("There is no card on file.");
    expect(await titles(cookie)).toContain("Auto top-up failed");
    // It waits a day before trying again.
    expect(await runAutoTopups(t.ctx, new Date(), { accountId: account.id })).toEqual({
      bought: 0,
      failed: 0,
    });

    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    const retried = await runAutoTopups(t.ctx, addDays(new Date(), 1), { accountId: account.id });
    expect(retried).toEqual({ bought: 1, failed: 0 });
    expect(await balanceOf(account.id)).toBe(1040);
    const invoices = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(invoices[0]).toMatchObject({
      description: "1,000 message credits (auto top-up)",
      amountCents: 2800,
      status: "paid",
    });
    // Above the threshold now: nothing more is bought.
    expect(await runAutoTopups(t.ctx, addDays(new Date(), 2), { accountId: account.id })).toEqual({
      bought: 0,
      failed: 0,
    });
    // The dashboard's used-messages modal reads auto top-up as on.
    expect((await t.get("/api/credits", { cookie })).json().autoTopUp).toBe(true);
  });

  it("a declined card fails the top-up with its message and buys nothing", async () => {
    const { account, cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.declineOnCharge), { cookie });
    await t.get("/api/billing/summary", { cookie });
    await setBalance(account.id, 3);
    const s = await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 50, bundleQty: 500 },
      { cookie },
    );
    expect(s.json().autoTopupSettings.lastFailure).toBe("Your card was declined.");
    expect(await balanceOf(account.id)).toBe(3);
    const rows = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(rows[0]).toMatchObject({ status: "failed", amountCents: 1500 });
  });
});

describe("message bundles", () => {
  it("buys a bundle with the card on file; an unknown bundle is a 400; a declined card adds nothing", async () => {
    const { account, cookie } = await owner();
    expect((await t.get("/api/billing/bundles", { cookie })).json().rows[1]).toEqual({
      qty: 1000,
      priceCents: 2800,
    });
    const none = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 1000, amountCents: 2800 },
      { cookie },
    );
    expect(none.statusCode).toBe(402);
    expect((await t.post("/api/billing/bundles/purchase", { qty: 7 }, { cookie })).statusCode).toBe(
      400,
    );
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    const before = await balanceOf(account.id);
    const ok = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 2500, amountCents: 6500 },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Purchased 2,500 message credits");
    expect(await balanceOf(account.id)).toBe(before + 2500);
    expect(ok.json().summary.totalCredits).toBe(500 + 2500);
    const inv = (await t.get("/api/billing/invoices", { cookie })).json().rows[0];
    expect(inv).toMatchObject({ description: "2,500 message credits", amountCents: 6500 });

    await t.put("/api/billing/payment-method", card(TEST_CARDS.declineOnCharge), { cookie });
    const declined = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1500 },
      { cookie },
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe("Oops, your card was declined!");
    expect(await balanceOf(account.id)).toBe(before + 2500);
  });
});

describe("referrals", () => {
  it("a sign-up through the link is recorded; the referrer is credited on the first paid invoice only", async () => {
    const referrer = await owner();
    const link = (await t.get("/api/billing/referrals", { cookie: referrer.cookie })).json();
    expect(link).toMatchObject({ signedUp: 0, credited: 0, creditsPerReferral: 500 });
    expect(link.path).toBe(`/admin-signup?ref=${link.code}`);
    // The same code every time.
    expect((await t.get("/api/billing/referrals", { cookie: referrer.cookie })).json().code).toBe(
      link.code,
    );

    const email = `friend${Date.now()}@cafe.test`;
    const signup = await t.post("/api/auth/admin-signup", {
      firstName: "Ana",
      lastName: "Cafe",
      email,
      password: "latte-and-crumbs-2026",
      businessName: "Ana's Cafe",
      industry: 1,
      timezoneId: 1,
      phone: "(415) 555-0199",
      ref: link.code.toUpperCase(),
    });
    expect(signup.statusCode).toBe(200);
    // A mistyped code does not stop a sign-up.
    const stray = await t.post("/api/auth/admin-signup", {
      firstName: "Bo",
      lastName: "Deli",
      email: `bo${Date.now()}@deli.test`,
      password: "pastrami-on-rye-2026",
      businessName: "Bo's Deli",
      industry: 1,
      timezoneId: 1,
      phone: "(415) 555-0198",
      ref: "nosuchcode",
    });
    expect(stray.statusCode).toBe(200);

    const list = (await t.get("/api/billing/referrals/list", { cookie: referrer.cookie })).json();
    expect(list.rows).toEqual([
      expect.objectContaining({ business: "Ana's Cafe", status: "signed_up", credits: 0 }),
    ]);

    await t.db.$client.query("update users set email_verified_at = now() where username = $1", [
      email,
    ]);
    const friend = await loginAs(t.app, email, "latte-and-crumbs-2026");
    await t.get("/api/billing/summary", { cookie: referrer.cookie });
    const before = await balanceOf(referrer.account.id);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie: friend });
    expect(
      (
        await t.post(
          "/api/billing/upgrade",
          { planId: "starter", amountCents: 2900 },
          { cookie: friend },
        )
      ).statusCode,
    ).toBe(200);
    expect(await balanceOf(referrer.account.id)).toBe(before + 500);
    const after = (await t.get("/api/billing/referrals", { cookie: referrer.cookie })).json();
    expect(after).toMatchObject({ signedUp: 1, credited: 1, creditsEarned: 500 });
    expect(await titles(referrer.cookie)).toContain("You earned referral credits");

    // A second payment credits nothing more.
    await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1500 },
      { cookie: friend },
    );
    expect(await balanceOf(referrer.account.id)).toBe(before + 500);
    // The referred business sees only its own (empty) referrals.
    expect((await t.get("/api/billing/referrals/list", { cookie: friend })).json().rows).toEqual(
      [],
    );
  });
});

describe("account states: set by their events, lifted by their remedies", () => {
  const quietHours = (cookie: string) =>
    t.put("/api/account/settings/quiet_hours", { val: [] }, { cookie });

  it("disabled by an operator: writes refused with 'disabled', reads allowed; enabling restores billing's state", async () => {
    const { account, cookie } = await owner();
    const url = `/ops/accounts/${account.id}/disable`;
    expect((await t.post(url, {})).statusCode).toBe(401);
    expect(
      (await t.post(url, {}, { headers: { authorization: "Bearer wrong-token-xxxxxxxxxx" } }))
        .statusCode,
    ).toBe(401);
    const auth = { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } };
    expect((await t.post("/ops/accounts/99999999/disable", {}, auth)).statusCode).toBe(404);
    const off = await t.post(url, {}, auth);
    expect(off.json()).toEqual({ accountId: account.id, forbiddenReason: "disabled" });
    // In the account's audit log, as the operator.
    const audited = await t.db.$client.query(
      "select actor_kind, action from audit_events where account_id = $1",
      [account.id],
    );
    expect(audited.rows).toEqual([{ actor_kind: "operator", action: "account.operator" }]);

    expect((await t.get("/api/account/me", { cookie })).json().forbiddenReason).toBe("disabled");
    expect((await t.get("/api/account/profile", { cookie })).statusCode).toBe(200);
    const write = await quietHours(cookie);
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({ code: "ACCOUNT_FORBIDDEN", reason: "disabled" });
    expect(await titles(cookie)).toContain("Your account has been disabled");

    // Billing events do not lift or replace it: the trial ends while disabled.
    await runBillingCycle(t.ctx, addDays(new Date(), 15), { accountId: account.id });
    expect((await t.get("/api/account/me", { cookie })).json().forbiddenReason).toBe("disabled");
    const on = await t.post(`/ops/accounts/${account.id}/enable`, {}, auth);
    expect(on.json().forbiddenReason).toBe("expired_trial");
  });

  it("trial ended (moved clock of the test server) for the caller only; upgrade lifts it", async () => {
    const a = await owner();
    const b = await owner();
    const moved = await t.post("/api/billing/test-clock", { days: 15 }, { cookie: a.cookie });
    expect(moved.json().trialsEnded).toBe(1);
    expect((await t.get("/api/account/me", { cookie: a.cookie })).json().forbiddenReason).toBe(
      "expired_trial",
    );
    expect(
      (await t.get("/api/account/me", { cookie: b.cookie })).json().forbiddenReason,
    ).toBeNull();
    expect((await quietHours(a.cookie)).json().error.reason).toBe("expired_trial");
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie: a.cookie });
    await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 5900 },
      { cookie: a.cookie },
    );
    expect((await quietHours(a.cookie)).statusCode).toBe(200);
  });

  it("card expired: the renewal after its expiry month fails as expired_card; a new card pays and lifts it", async () => {
    const { cookie } = await owner();
    const now = new Date();
    const thisMonth = { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success, thisMonth), { cookie });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    await runBillingCycle(t.ctx, addDays(addMonths(now, 1), 1));
    const s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "expired_card" });
    const inv = (await t.get("/api/billing/invoices", { cookie })).json().rows[0];
    expect(inv).toMatchObject({ status: "failed", failure: "Your card has expired." });
    expect((await quietHours(cookie)).json().error.reason).toBe("expired_card");
    const fixed = await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(fixed.json()).toMatchObject({ status: "active", forbiddenReason: null });
  });

  it("paused: writes refused with 'paused'; reactivate pays and lifts it", async () => {
    const { cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    await t.post("/api/billing/pause", { confirm: true }, { cookie });
    expect((await quietHours(cookie)).json().error.reason).toBe("paused");
    // Reactivating a paused plan charges it: not without the amount the summary showed.
    const unconfirmed = await t.post("/api/billing/reactivate", { planId: null }, { cookie });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await quietHours(cookie)).json().error.reason).toBe("paused");
    const r = await t.post(
      "/api/billing/reactivate",
      { planId: null, amountCents: 2900 },
      { cookie },
    );
    expect(r.json()).toMatchObject({ status: "active", forbiddenReason: null });
    expect((await quietHours(cookie)).statusCode).toBe(200);
  });

  it("canceled trial: reactivated inside the trial it is a trial again; the flow's stages are recorded", async () => {
    const { account, cookie } = await owner();
    for (const stage of ["cancel", "pause", "confirm"])
      expect(
        (await t.post("/api/billing/cancel-flow", { stage, reason: "Too expensive" }, { cookie }))
          .statusCode,
      ).toBe(200);
    expect(
      (await t.post("/api/billing/cancel-flow", { stage: "nonsense" }, { cookie })).statusCode,
    ).toBe(400);
    await t.post("/api/billing/cancel", { reason: "Too expensive" }, { cookie });
    const stages = await t.db.$client.query<{ stage: string }>(
      "select stage from cancel_flow_events where account_id = $1 order by id",
      [account.id],
    );
    expect(stages.rows.map((r) => r.stage)).toEqual(["cancel", "pause", "confirm", "canceled"]);
    const back = await t.post("/api/billing/reactivate", { planId: null }, { cookie });
    expect(back.json()).toMatchObject({ status: "trial", forbiddenReason: null });
  });
});
