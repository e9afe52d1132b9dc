import { addDays } from "date-fns";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { runBillingCycle } from "./billing-cycle";
import { TEST_CARDS } from "./payment-processor";
import { startStripeStandIn } from "./stripe-stand-in";

// A monthly add-on bought inside a paid period is charged now, prorated. When Stripe's answer to
// that charge is lost (a timeout, a dropped connection after Stripe charged), the charge stays
// pending and the billing job sends the very same request (same idempotency key) until Stripe
// says how it ended, as renewals do. The server listens so that buying a number goes to the
// carrier emulator over HTTP.
const KEY = "sk_test_parley_addons";
const standIn = await startStripeStandIn(KEY);
afterAll(() => standIn.close());
const t = await createTestServer({
  listen: true,
  env: {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_parley_addons",
    STRIPE_WEBHOOK_SECRET: "whsec_parley_addons",
    STRIPE_API_BASE: standIn.url,
  },
});

let serial = 0;

/** A Starter account paid through Stripe, with its included number. */
async function starterOwner() {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(new Date(), 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  await t.db.insert(phoneNumbers).values({
    accountId: account.id,
    number: `+1415555${String(2000 + serial++)}`,
    carrierSid: `PNap${account.id}`,
    included: true,
  });
  await addCard(cookie, TEST_CARDS.success);
  const up = await t.post(
    "/api/billing/upgrade",
    { planId: "starter", amountCents: 2900 },
    { cookie },
  );
  expect(up.statusCode).toBe(200);
  const { rows } = await t.db.execute<{ ref: string }>(
    sql`select customer_ref as ref from stripe_customers where account_id = ${account.id}`,
  );
  return { account, cookie, customer: rows[0]!.ref };
}

/** The Payment Element's work: a SetupIntent from Parley, confirmed at Stripe, then completed. */
async function addCard(cookie: string, number: string) {
  const setup = await t.post("/api/billing/payment-method/setup", {}, { cookie });
  const setupIntentId = setup.json().clientSecret.split("_secret_")[0] as string;
  standIn.completeSetup(setupIntentId, number);
  const done = await t.post(
    "/api/billing/payment-method/setup/complete",
    { setupIntentId },
    { cookie },
  );
  expect(done.statusCode).toBe(200);
}

const invoicesOf = async (cookie: string) =>
  (await t.get("/api/billing/invoices", { cookie })).json().rows;
const keysOf = (prefix: string) =>
  standIn.requests
    .filter((r) => r.path === "/v1/payment_intents" && r.key?.startsWith(prefix))
    .map((r) => r.key);

describe("a prorated add-on whose charge answer is lost", () => {
  it("a keyword pack: kept, its charge pending, then paid by the job with the same key, once", async () => {
    const { account, cookie, customer } = await starterOwner();
    standIn.loseAnswers(10);
    const bought = await t.post("/api/keywords/purchase", {}, { cookie });
    standIn.loseAnswers(0);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ limit: 10 });
    expect(bought.json().message).toMatch(/has not confirmed the payment yet/);
    // Recorded as sent, not as failed: Processing in the payment history.
    const [pending] = await invoicesOf(cookie);
    expect(pending).toMatchObject({ status: "pending", failure: null });
    expect(pending.description).toMatch(/^Keyword pack \(5 additional keywords\), prorated to /);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);

    // No second charge beside one whose outcome is unknown.
    const again = await t.post("/api/keywords/purchase", {}, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^The card processor has not confirmed/);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);

    // The job's next pass sends the very same request: Stripe answers the payment it made.
    await runBillingCycle(t.ctx, new Date(), { accountId: account.id });
    const keys = keysOf(`keyword-pack:${account.id}:`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);
    const rows = await invoicesOf(cookie);
    expect(rows[0]).toMatchObject({
      id: pending.id,
      status: "paid",
      amountCents: pending.amountCents,
    });
    expect(rows).toHaveLength(2);
    expect((await t.get("/api/keywords", { cookie })).json().limit).toBe(10);
    // A further pass changes nothing.
    await runBillingCycle(t.ctx, new Date(), { accountId: account.id });
    expect(await invoicesOf(cookie)).toHaveLength(2);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);
  });

  it("an extra number: kept while pending; declined when Stripe answers, it is released and the owner told", async () => {
    const { account, cookie, customer } = await starterOwner();
    // A card Stripe saves but whose charges are declined; the decline's answer is lost.
    await addCard(cookie, TEST_CARDS.declineOnCharge);
    const found = await t.get("/api/dedicated-numbers/available?areaCode=212", { cookie });
    expect(found.statusCode).toBe(200);
    const choice = found.json().rows[serial % found.json().rows.length].number as string;
    standIn.loseAnswers(10);
    const bought = await t.post(
      "/api/dedicated-numbers",
      { number: choice, name: "Second line" },
      { cookie },
    );
    standIn.loseAnswers(0);
    expect(bought.statusCode).toBe(201);
    const numberId = bought.json().id as number;
    const [pending] = await invoicesOf(cookie);
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending.description).toMatch(new RegExp(`^Extra number \\${choice}, prorated to `));
    expect((await t.get(`/api/dedicated-numbers/${numberId}`, { cookie })).statusCode).toBe(200);

    await runBillingCycle(t.ctx, new Date(), { accountId: account.id });
    expect(new Set(keysOf(`number:${numberId}`)).size).toBe(1);
    expect(keysOf(`number:${numberId}`).length).toBeGreaterThanOrEqual(2);
    // One payment at Stripe for the number (the replay made none).
    expect(standIn.paymentIntents(customer)).toHaveLength(2);
    const [settled] = await invoicesOf(cookie);
    expect(settled).toMatchObject({
      id: pending.id,
      status: "failed",
      failure: "Your card was declined.",
    });
    // Given back: gone from the numbers, off the next invoice, released at the carrier.
    expect((await t.get(`/api/dedicated-numbers/${numberId}`, { cookie })).statusCode).toBe(404);
    expect((await t.get("/api/billing/summary", { cookie })).json().monthlyAddons).toEqual([]);
    const { rows: carrier } = await t.db.execute(
      sql`select 1 from emu_numbers where number = ${choice}`,
    );
    expect(carrier).toHaveLength(0);
    const { rows: notes } = await t.db.execute<{ body: string }>(
      sql`select body from notifications where account_id = ${account.id} and title = 'Your payment failed'`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain("The number was released.");
  });
});
