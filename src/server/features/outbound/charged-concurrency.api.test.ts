import { describe, expect, it } from "vitest";
import { asSystem, NestedCheckoutError } from "../../db/tenant-scope";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { v1Client } from "../../test/v1-client";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * One account's burst of charged sends must not take the server from everyone: a send that
 * holds its transaction never waits for a second pooled connection, and an account has only a
 * share of the pool at once. The test server's pool has 5 connections, so a burst of 50 hung it
 * for good before.
 */
const t = await createTestServer({
  env: { API_RATE_LIMIT: "5000", ACCOUNT_SEND_CONCURRENCY: "2" },
});
const { call, ok } = v1Client(t);

async function businessWithSubscribers(n: number, numberSuffix: string) {
  const owner = await buildAccountWithUser(t.db);
  const accountId = owner.account.id;
  await t.db.$client.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 10000, 10000)
     on conflict (account_id) do update set balance = 10000`,
    [accountId],
  );
  const [number] = await t.db
    .insert(phoneNumbers)
    .values({
      accountId,
      number: `+1212555${numberSuffix}`,
      carrierSid: `PN${numberSuffix}`,
      state: "active",
    })
    .returning();
  const subs = await t.db
    .insert(subscribers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        accountId,
        phone: `+1310${numberSuffix}${String(i).padStart(3, "0")}`,
        firstName: `Sub ${i}`,
        marketingConsentAt: new Date(),
      })),
    )
    .returning();
  const cookie = await loginAs(t.app, owner.user.username, owner.user.password);
  const key = await ok<{ key: string }>(
    t.post("/api/api-keys", { name: "Burst", scopes: ["messages:write"] }, { cookie }),
    201,
  );
  return { owner, accountId, number: number!, subs, key: key.key };
}

async function balanceOf(accountId: number): Promise<number> {
  const res = await t.db.$client.query<{ balance: number }>(
    "select balance from account_credits where account_id = $1",
    [accountId],
  );
  return res.rows[0]!.balance;
}

describe("a burst of charged sends from one account", () => {
  it("completes all 50 while another account signs in and sends", async () => {
    const busy = await businessWithSubscribers(50, "7001");
    const calm = await businessWithSubscribers(1, "7002");
    const before = await balanceOf(busy.accountId);

    const burst = busy.subs.map((s, i) =>
      call(busy.key, "POST", "/api/v1/messages", {
        subscriberId: s.id,
        body: `Burst ${i}`,
        phoneNumberId: busy.number.id,
        sendAnyway: true,
      }),
    );
    // The other business, in the middle of the burst: its sign-in and its send get through.
    const calmWork = (async () => {
      const started = Date.now();
      const cookie = await loginAs(t.app, calm.owner.user.username, calm.owner.user.password);
      const sent = await call(calm.key, "POST", "/api/v1/messages", {
        subscriberId: calm.subs[0]!.id,
        body: "Table for two is ready",
        phoneNumberId: calm.number.id,
        sendAnyway: true,
      });
      return { cookie, sent, ms: Date.now() - started };
    })();

    const answers = await Promise.all(burst);
    const calmDone = await calmWork;
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    expect(calmDone.sent.statusCode, calmDone.sent.body).toBe(201);
    expect(calmDone.cookie).toContain("=");
    expect((await t.get("/healthz")).statusCode).toBe(200);

    const queued = await t.db.$client.query<{ n: number }>(
      "select count(*)::int as n from messages where account_id = $1 and direction = 'outbound' and body like 'Burst %'",
      [busy.accountId],
    );
    expect(queued.rows[0]!.n).toBe(50);
    // Each charged once.
    expect(before - (await balanceOf(busy.accountId))).toBe(50);
  }, 60_000);
});

describe("the connection guard", () => {
  it("refuses a second pooled connection asked for while a transaction is held", async () => {
    const pool = t.db.$client;
    await asSystem(async () => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await expect(pool.query("select 1")).rejects.toBeInstanceOf(NestedCheckoutError);
        const viaOrm = await t.db.execute("select 1").catch((e: Error) => e);
        expect((viaOrm as Error).cause).toBeInstanceOf(NestedCheckoutError);
        await client.query("rollback");
      } finally {
        client.release();
      }
      // Released: the pool may be asked again.
      expect((await pool.query<{ one: number }>("select 1 as one")).rows[0]!.one).toBe(1);
    });
  });

  it("lets independent work of the same request use the pool side by side", async () => {
    const pool = t.db.$client;
    await asSystem(async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => pool.query<{ n: number }>("select $1::int as n", [i])),
      );
      expect(answers.map((a) => a.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });
  });
});
