import { describe, expect, it } from "vitest";
import { accountFlags, parseFlagChanges } from "../../ops/account-flags";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { TEST_CARDS } from "../billing/payment-processor";

/**
 * Flags have owners: what kind of account it is and the plan flags are set by the operator (the
 * admin command, PUT /ops/accounts/:id/flags) and the plan (an upgrade), never by the account's
 * own users; Developer Home shows for a developer account.
 */
const OPERATOR_TOKEN = "operator-token-for-flags-0123";
const t = await createTestServer({ env: { OPERATOR_TOKEN } });
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

async function owner() {
  const { account, user } = await buildAccountWithUser(t.db);
  return { account, cookie: await loginAs(t.app, user.username, user.password) };
}

const setting = async (cookie: string, name: string) =>
  (await t.get(`/api/account/settings/${name}`, { cookie })).json().value;

describe("the operator's account flags", () => {
  it("the API sets account-type and plan flags, audited; Developer Home then shows", async () => {
    const a = await owner();
    const b = await owner();
    expect((await t.get("/api/account/me", { cookie: a.cookie })).json().isDeveloper).toBe(false);

    const noToken = await t.request({
      method: "PUT",
      url: `/ops/accounts/${a.account.id}/flags`,
      body: { is_developer: true },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(401);
    const bad = await t.request({
      method: "PUT",
      url: `/ops/accounts/${a.account.id}/flags`,
      body: { is_admin: true },
      csrf: false,
      headers: operator,
    });
    expect(bad.statusCode).toBe(400);

    const res = await t.request({
      method: "PUT",
      url: `/ops/accounts/${a.account.id}/flags`,
      body: { is_developer: true, priority_support: true, complete_tfn_verification: true },
      csrf: false,
      headers: operator,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().flags).toMatchObject({
      is_developer: true,
      is_test_account: false,
      priority_support: true,
      complete_tfn_verification: true,
      advanced_reporting: false,
    });
    // The account sees what the operator set: Developer Home in its navigation, the plan flags.
    expect((await t.get("/api/account/me", { cookie: a.cookie })).json().isDeveloper).toBe(true);
    expect(await setting(a.cookie, "priority_support")).toBe(true);
    expect(await setting(a.cookie, "complete_tfn_verification")).toBe(true);
    // ...but cannot undo it.
    const undo = await t.put(
      "/api/account/settings/complete_tfn_verification",
      { val: false },
      { cookie: a.cookie },
    );
    expect(undo.statusCode).toBe(403);
    expect(await setting(a.cookie, "complete_tfn_verification")).toBe(true);
    // Another account is untouched.
    expect((await t.get("/api/account/me", { cookie: b.cookie })).json().isDeveloper).toBe(false);
    expect(await setting(b.cookie, "priority_support")).toBe(false);

    const audit = await t.db.$client.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_events where account_id = $1 and action = 'account.operator'`,
      [a.account.id],
    );
    expect(audit.rows[0]?.changes).toMatchObject({
      is_developer: { before: false, after: true },
    });

    const read = await t.request({
      method: "GET",
      url: `/ops/accounts/${a.account.id}/flags`,
      headers: operator,
    });
    expect(read.json().flags.is_developer).toBe(true);
  });

  it("the admin command reads and sets them by account name, naming a mistake", async () => {
    const a = await owner();
    expect(() => parseFlagChanges(["is_admin=on"])).toThrow(/not a flag/);
    expect(() => parseFlagChanges(["is_developer"])).toThrow(/name=on or name=off/);
    const changes = parseFlagChanges(["is_test_account=on", "advanced_reporting=yes"]);
    const r = await accountFlags(t.db, a.account.accountName.toUpperCase(), changes);
    expect(r.flags).toMatchObject({ is_test_account: true, advanced_reporting: true });
    expect((await t.get("/api/account/me", { cookie: a.cookie })).json().isTestAccount).toBe(true);
    expect(await setting(a.cookie, "advanced_reporting")).toBe(true);
    await expect(accountFlags(t.db, "no-such-account", {})).rejects.toThrow(/no account/);
  });
});

describe("the toll-free and brand flags", () => {
  it("decide the toll-free banner and the brand registration prompt the account is shown", async () => {
    const a = await owner();
    const flags = (body: Record<string, boolean>) =>
      t.request({
        method: "PUT",
        url: `/ops/accounts/${a.account.id}/flags`,
        body,
        csrf: false,
        headers: operator,
      });
    const status = async () =>
      (await t.get("/api/registrations/status", { cookie: a.cookie })).json();
    // No number that may send yet: the banner asks for a verified toll-free number.
    expect((await status()).tollFreeBanner).toMatchObject({ state: "no_number" });
    expect((await status()).requireBrandRegistration).toBe(false);

    expect((await flags({ complete_tfn_verification: true })).statusCode).toBe(200);
    expect((await status()).tollFreeBanner).toBeNull();
    // 'Skipped' brings it back (spec doc 1 §4: skip on, or complete off, and no valid number).
    expect((await flags({ skip_tfn_verification: true })).statusCode).toBe(200);
    expect((await status()).tollFreeBanner).toMatchObject({ state: "no_number" });

    expect((await flags({ require_brand_registration: true })).statusCode).toBe(200);
    expect((await status()).requireBrandRegistration).toBe(true);
  });
});

describe("the plan's flags", () => {
  it("come and go with the plan an account upgrades to", async () => {
    const a = await owner();
    const year = new Date().getUTCFullYear();
    const card = {
      number: TEST_CARDS.success,
      expMonth: 12,
      expYear: year + 2,
      cvc: "123",
      name: "Rosa",
    };
    expect(
      (await t.put("/api/billing/payment-method", card, { cookie: a.cookie })).statusCode,
    ).toBe(200);
    const pro = await t.post(
      "/api/billing/upgrade",
      { planId: "pro", amountCents: 11900 },
      { cookie: a.cookie },
    );
    expect(pro.statusCode, pro.body).toBe(200);
    expect(await setting(a.cookie, "advanced_reporting")).toBe(true);
    expect(await setting(a.cookie, "priority_support")).toBe(true);
    expect((await t.get("/api/analytics/cohorts", { cookie: a.cookie })).json().enabled).toBe(true);
    const starter = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie: a.cookie },
    );
    expect(starter.statusCode).toBe(200);
    expect(await setting(a.cookie, "advanced_reporting")).toBe(false);
    expect(await setting(a.cookie, "priority_support")).toBe(false);
    expect((await t.get("/api/analytics/cohorts", { cookie: a.cookie })).json().enabled).toBe(
      false,
    );
  });
});
