import { addDays } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { v1Client } from "../../test/v1-client";
import { TEST_CARDS } from "../billing/payment-processor";
import { users } from "../users/users.schema";

/**
 * The screen-only parts of billing and Developer Home through /api/v1 (issue 17): plan changes
 * and purchases (credits, bundles, keywords) with a billing:write key only an Owner can give and
 * only while its maker is Owner; API keys made by a key, never beyond the key or its maker now.
 * Each with a key of the scope, a key without it and another account's key.
 */
const t = await createTestServer({ env: { API_RATE_LIMIT: "5000" } });
const { call, ok } = v1Client(t);

const card = {
  number: TEST_CARDS.success,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Joe Baker",
};
const trial = { account: { trialEndsAt: addDays(new Date(), 14) } };
const a = await buildAccountWithUser(t.db, trial);
const b = await buildAccountWithUser(t.db, trial);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const admin = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
const cookieAdmin = await loginAs(t.app, admin.username, admin.password);
/** A second Owner of A, who steps down later: their keys must stop paying and granting. */
const coOwner = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 3 });
const cookieCoOwner = await loginAs(t.app, coOwner.username, coOwner.password);
for (const cookie of [cookieA, cookieB]) {
  const saved = await t.put("/api/billing/payment-method", card, { cookie });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function makeKey(cookie: string, scopes: readonly string[], name = scopes.join(" ")) {
  const res = await t.post("/api/api-keys", { name, scopes }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number; key: string }).key;
}
const keys = {
  billingRead: await makeKey(cookieA, ["billing:read"]),
  billingWrite: await makeKey(cookieA, ["billing:write"]),
  coOwnerBilling: await makeKey(cookieCoOwner, ["billing:write", "keys:write", "reports:read"]),
  keysRead: await makeKey(cookieA, ["keys:read"]),
  keysWrite: await makeKey(cookieA, ["keys:write", "reports:read"], "key maker"),
  adminKeys: await makeKey(cookieAdmin, ["keys:write", "sends:write"]),
  settingsWrite: await makeKey(cookieA, ["settings:write"]),
  otherBilling: await makeKey(cookieB, ["billing:write", "keys:write"]),
};

type Summary = { plan: { id: string } | null; status: string; balance: number };
const summaryOf = async (cookie: string) =>
  (await t.get("/api/billing/summary", { cookie })).json() as Summary;
const invoicesOf = async (cookie: string) =>
  (await t.get("/api/billing/invoices", { cookie })).json() as { rows: { amountCents: number }[] };

describe("billing writes through /api/v1", () => {
  it("only an Owner can give billing:write; an Administrator's form is refused", async () => {
    const res = await t.post(
      "/api/api-keys",
      { name: "pay", scopes: ["billing:write"] },
      { cookie: cookieAdmin },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain("Billing");
  });

  it("a billing:read key reads plans and bundles but pays for nothing", async () => {
    const plans = await ok<{ rows: { id: string }[] }>(
      call(keys.billingRead, "GET", "/api/v1/billing/plans"),
    );
    expect(plans.rows.map((p) => p.id)).toContain("growth");
    const bundles = await ok<{ rows: { qty: number }[] }>(
      call(keys.billingRead, "GET", "/api/v1/billing/bundles"),
    );
    expect(bundles.rows.map((x) => x.qty)).toContain(1000);
    const before = (await invoicesOf(cookieA)).rows.length;
    for (const [method, url, body] of [
      ["POST", "/api/v1/billing/plan", { planId: "growth" }],
      ["POST", "/api/v1/credits/purchase", { qty: 500, type: "sms" }],
      ["POST", "/api/v1/billing/bundles/purchase", { qty: 1000 }],
      ["POST", "/api/v1/keywords/purchase", undefined],
      ["PUT", "/api/v1/billing/auto-renew", { on: false }],
    ] as const) {
      expect((await call(keys.billingRead, method, url, body)).statusCode, url).toBe(403);
      expect((await call(keys.settingsWrite, method, url, body)).statusCode, url).toBe(403);
    }
    expect((await invoicesOf(cookieA)).rows.length).toBe(before);
  });

  it("changes the plan with the card on file, once per Idempotency-Key", async () => {
    const before = (await invoicesOf(cookieA)).rows.length;
    const changed = await ok<Summary>(
      call(keys.billingWrite, "POST", "/api/v1/billing/plan", { planId: "growth" }, "plan-1"),
    );
    expect(changed).toMatchObject({ plan: { id: "growth" }, status: "active" });
    const replay = await call(
      keys.billingWrite,
      "POST",
      "/api/v1/billing/plan",
      { planId: "growth" },
      "plan-1",
    );
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await summaryOf(cookieA)).plan?.id).toBe("growth");
    const invoices = (await invoicesOf(cookieA)).rows;
    expect(invoices.length).toBe(before + 1);
    expect(invoices[0]?.amountCents).toBe(5900);
    const bad = await call(keys.billingWrite, "POST", "/api/v1/billing/plan", { planId: "gold" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });

  it("buys credits, a bundle and keywords, as the screens do", async () => {
    const start = (await summaryOf(cookieA)).balance;
    const pack = await ok<{ balance: number }>(
      call(keys.billingWrite, "POST", "/api/v1/credits/purchase", { qty: 500, type: "sms" }),
    );
    expect(pack.balance).toBe(start + 500);
    const bundle = await ok<{ summary: Summary }>(
      call(keys.billingWrite, "POST", "/api/v1/billing/bundles/purchase", { qty: 1000 }),
    );
    expect(bundle.summary.balance).toBe(start + 1500);
    expect(
      (await call(keys.billingWrite, "POST", "/api/v1/credits/purchase", { qty: 3, type: "sms" }))
        .statusCode,
    ).toBe(400);

    const limitBefore = (await t.get("/api/keywords", { cookie: cookieA })).json().limit as number;
    const bought = await ok<{ limit: number }>(
      call(keys.billingWrite, "POST", "/api/v1/keywords/purchase"),
    );
    expect(bought.limit).toBe(limitBefore + 5);
    expect((await t.get("/api/keywords", { cookie: cookieA })).json().limit).toBe(limitBefore + 5);
  });

  it("with amountCents, charges only the amount the client confirmed (409, nothing bought)", async () => {
    const before = await summaryOf(cookieA);
    const invoicesBefore = (await invoicesOf(cookieA)).rows.length;
    const limitBefore = (await t.get("/api/keywords", { cookie: cookieA })).json().limit as number;
    const bundles = await ok<{ rows: { qty: number; priceCents: number }[] }>(
      call(keys.billingRead, "GET", "/api/v1/billing/bundles"),
    );
    const price = bundles.rows.find((b) => b.qty === 1000)!.priceCents;
    const refused = [
      await call(keys.billingWrite, "POST", "/api/v1/billing/bundles/purchase", {
        qty: 1000,
        amountCents: price + 100,
      }),
      await call(keys.billingWrite, "POST", "/api/v1/credits/purchase", {
        qty: 500,
        type: "sms",
        amountCents: 1,
      }),
      await call(keys.billingWrite, "POST", "/api/v1/keywords/purchase", { amountCents: 1 }),
      await call(keys.billingWrite, "POST", "/api/v1/billing/plan", {
        planId: "growth",
        amountCents: 1,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toContain("Nothing was charged");
    }
    const after = await summaryOf(cookieA);
    expect(after.balance).toBe(before.balance);
    expect(after.plan?.id).toBe(before.plan?.id);
    expect((await invoicesOf(cookieA)).rows.length).toBe(invoicesBefore);
    expect((await t.get("/api/keywords", { cookie: cookieA })).json().limit).toBe(limitBefore);

    const bought = await ok<{ summary: Summary }>(
      call(keys.billingWrite, "POST", "/api/v1/billing/bundles/purchase", {
        qty: 1000,
        amountCents: price,
      }),
    );
    expect(bought.summary.balance).toBe(before.balance + 1000);
  });

  it("sets auto renewal and auto top-up", async () => {
    const off = await ok<{ autoRenew: boolean }>(
      call(keys.billingWrite, "PUT", "/api/v1/billing/auto-renew", { on: false }),
    );
    expect(off.autoRenew).toBe(false);
    const topup = await ok<{ autoTopup: boolean; autoTopupSettings: { threshold: number } }>(
      call(keys.billingWrite, "PUT", "/api/v1/billing/auto-topup", {
        enabled: true,
        threshold: 100,
        bundleQty: 500,
      }),
    );
    expect(topup).toMatchObject({ autoTopup: true, autoTopupSettings: { threshold: 100 } });
    expect((await summaryOf(cookieA)) as unknown).toMatchObject({ autoRenew: false });
  });

  it("reads the referral program and its referrals with a billing:read key", async () => {
    const program = await ok<{ code: string }>(
      call(keys.billingRead, "GET", "/api/v1/billing/referrals"),
    );
    expect(program).toEqual((await t.get("/api/billing/referrals", { cookie: cookieA })).json());
    expect(program.code).toBeTruthy();
    const list = await ok<{ rows: unknown[] }>(
      call(keys.billingRead, "GET", "/api/v1/billing/referrals/list"),
    );
    expect(list).toEqual((await t.get("/api/billing/referrals/list", { cookie: cookieA })).json());
    expect((await call(keys.settingsWrite, "GET", "/api/v1/billing/referrals")).statusCode).toBe(
      403,
    );
    const other = await ok<{ code: string }>(
      call(keys.otherBilling, "GET", "/api/v1/billing/referrals"),
    );
    expect(other.code).not.toBe(program.code);
  });

  it("pauses only with confirm and billing:write, and only the key's own account", async () => {
    expect(
      (await call(keys.billingRead, "POST", "/api/v1/billing/pause", { confirm: true })).statusCode,
    ).toBe(403);
    expect((await call(keys.otherBilling, "POST", "/api/v1/billing/pause", {})).statusCode).toBe(
      400,
    );
    expect((await summaryOf(cookieB)).status).not.toBe("paused");
    const paused = await ok<Summary>(
      call(keys.otherBilling, "POST", "/api/v1/billing/pause", { confirm: true }),
    );
    expect(paused.status).toBe("paused");
    expect((await summaryOf(cookieB)).status).toBe("paused");
    expect((await summaryOf(cookieA)).status).not.toBe("paused");
    const back = await ok<Summary>(
      call(keys.otherBilling, "POST", "/api/v1/billing/reactivate", { planId: "starter" }),
    );
    expect(back.status).toBe("active");
  });

  it("another account's key pays for its own account only", async () => {
    const aBefore = await summaryOf(cookieA);
    const bBefore = await summaryOf(cookieB);
    const res = await ok<{ balance: number }>(
      call(keys.otherBilling, "POST", "/api/v1/credits/purchase", { qty: 500, type: "sms" }),
    );
    expect(res.balance).toBe(bBefore.balance + 500);
    expect((await summaryOf(cookieA)).balance).toBe(aBefore.balance);
  });
});

describe("API keys through /api/v1", () => {
  let madeId = 0;
  let made = "";

  it("a keys:write key makes a key within its own scopes; the new key works and is listed", async () => {
    const created = await ok<{ id: number; key: string; scopes: string[] }>(
      call(
        keys.keysWrite,
        "POST",
        "/api/v1/api-keys",
        { name: "reports only", scopes: ["reports:read"] },
        "key-1",
      ),
      201,
    );
    expect(created.scopes).toEqual(["reports:read"]);
    expect(created.key).toMatch(/^pk_/);
    madeId = created.id;
    made = created.key;
    await ok(call(made, "GET", "/api/v1/reports/subscribers"));
    expect((await call(made, "GET", "/api/v1/subscribers")).statusCode).toBe(403);

    const list = await ok<{ rows: { id: number; name: string; key?: string }[] }>(
      call(keys.keysRead, "GET", "/api/v1/api-keys"),
    );
    expect(list).toEqual((await t.get("/api/api-keys", { cookie: cookieA })).json());
    expect(list.rows.find((k) => k.id === madeId)?.name).toBe("reports only");
    expect(JSON.stringify(list)).not.toContain(made);
  });

  it("never gives more than the calling key holds, nor more than its maker holds now", async () => {
    // The key holds reports:read only: subscribers (which its Owner maker holds) is beyond it.
    const beyondKey = await call(keys.keysWrite, "POST", "/api/v1/api-keys", {
      name: "wider",
      scopes: ["subscribers:read"],
    });
    expect(beyondKey.statusCode).toBe(403);
    expect(beyondKey.json().error.message).toContain("Subscribers");
    // keys:write itself is within the key: it may hand it on, no wider.
    expect(
      (
        await call(keys.keysWrite, "POST", "/api/v1/api-keys", {
          name: "maker 2",
          scopes: ["keys:write", "reports:read"],
        })
      ).statusCode,
    ).toBe(201);
    // An Administrator's key cannot give billing (neither it nor its maker holds it).
    expect(
      (
        await call(keys.adminKeys, "POST", "/api/v1/api-keys", {
          name: "pay",
          scopes: ["billing:read"],
        })
      ).statusCode,
    ).toBe(403);
    // The co-Owner's key holds billing:write; once its maker steps down it neither grants it
    // nor pays, and still gives what an Administrator may.
    expect(
      (
        await call(keys.coOwnerBilling, "POST", "/api/v1/api-keys", {
          name: "pay",
          scopes: ["billing:read"],
        })
      ).statusCode,
    ).toBe(201);
    await t.db.update(users).set({ permissionLevel: 1 }).where(eq(users.id, coOwner.id));
    expect(
      (
        await call(keys.coOwnerBilling, "POST", "/api/v1/api-keys", {
          name: "pay again",
          scopes: ["billing:read"],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(keys.coOwnerBilling, "POST", "/api/v1/credits/purchase", {
          qty: 500,
          type: "sms",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(keys.coOwnerBilling, "POST", "/api/v1/api-keys", {
          name: "reports",
          scopes: ["reports:read"],
        })
      ).statusCode,
    ).toBe(201);
  });

  it("a keys:read key lists and reads a key's request log but neither makes nor revokes", async () => {
    const log = await ok<{ rows: { path: string; status: number }[] }>(
      call(keys.keysRead, "GET", `/api/v1/api-keys/${madeId}/requests`),
    );
    expect(log.rows.map((r) => `${r.path} ${r.status}`)).toEqual(
      expect.arrayContaining(["/api/v1/reports/subscribers 200", "/api/v1/subscribers 403"]),
    );
    expect(
      (
        await call(keys.keysRead, "POST", "/api/v1/api-keys", {
          name: "x",
          scopes: ["keys:read"],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(keys.keysRead, "DELETE", `/api/v1/api-keys/${madeId}`)).statusCode).toBe(
      403,
    );
    expect((await call(keys.settingsWrite, "GET", "/api/v1/api-keys")).statusCode).toBe(403);
  });

  it("another account's key neither sees, reads nor revokes A's keys", async () => {
    const list = await ok<{ rows: { id: number }[] }>(
      call(keys.otherBilling, "GET", "/api/v1/api-keys"),
    );
    expect(list.rows.map((k) => k.id)).not.toContain(madeId);
    expect(
      (await call(keys.otherBilling, "GET", `/api/v1/api-keys/${madeId}/requests`)).statusCode,
    ).toBe(404);
    expect((await call(keys.otherBilling, "DELETE", `/api/v1/api-keys/${madeId}`)).statusCode).toBe(
      404,
    );
    await ok(call(made, "GET", "/api/v1/reports/subscribers"));
  });

  it("revokes a key: it stops at once", async () => {
    const revoked = await ok<{ revokedAt: string | null }>(
      call(keys.keysWrite, "DELETE", `/api/v1/api-keys/${madeId}`),
    );
    expect(revoked.revokedAt).not.toBeNull();
    expect((await call(made, "GET", "/api/v1/reports/subscribers")).statusCode).toBe(401);
    expect((await call(keys.keysWrite, "DELETE", "/api/v1/api-keys/999999")).statusCode).toBe(404);
  });
});
