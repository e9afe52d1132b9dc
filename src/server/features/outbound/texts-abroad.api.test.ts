import { describe, expect, it } from "vitest";
import { dripToGraph } from "../../../domain/automation-graph";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runDueSteps } from "../automations/engine";

// A text abroad spends international credits whichever sender writes it (doc 2 §8): here the
// automation engine (a whole batch, and one text at a time when the batch cannot be paid) and a
// coupon send, next to the one-to-one and campaign paths tested with the composer.
const t = await createTestServer();
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Maple Roasters" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const US = "+12125550131";
const TORONTO = "+14165550132";

await db.query(
  `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, '+16465550100', 'PNabroad1', true)`,
  [account.id],
);
const ids: Record<string, number> = {};
for (const phone of [US, TORONTO])
  ids[phone] = (
    await db.query<{ id: number }>(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       values ($1, $2, 'Sam', now()) returning id::int`,
      [account.id, phone],
    )
  ).rows[0]!.id;

async function setBalances(balance: number, international: number) {
  await t.get("/api/credits", { cookie }); // creates the credit row
  await db.query(
    `update account_credits set balance = $2, international_balance = $3 where account_id = $1`,
    [account.id, balance, international],
  );
}

async function balances() {
  const c = (await t.get("/api/credits", { cookie })).json();
  return { balance: c.balance as number, international: c.internationalBalance as number };
}

/** Outbound rows written for one source: who, and the international credits each spent. */
async function queued(source: string) {
  const { rows } = await db.query<{ to: string; credits: number; international: number }>(
    `select to_number as "to", credits::int, international_credits::int as international
       from messages where account_id = $1 and source = $2 order by id`,
    [account.id, source],
  );
  return rows;
}

async function dripToEveryone(name: string) {
  const automationId = (
    await db.query<{ id: number }>(
      `insert into automations (account_id, kind, name, status, trigger)
       values ($1, 'drip', $2, 'active', '{"type":"api"}') returning id`,
      [account.id, name],
    )
  ).rows[0]!.id;
  const graph = dripToGraph([
    { wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false }, body: name },
  ]);
  await db.query(
    `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
    [automationId, JSON.stringify(graph)],
  );
  await db.query(
    `insert into automation_runs (account_id, automation_id, version, subscriber_id, due_at)
     select $1, $2, 1, id, now() - interval '1 minute' from subscribers where account_id = $1
      order by id`,
    [account.id, automationId],
  );
  while (await runDueSteps(t.ctx));
  return automationId;
}

describe("automation texts abroad", () => {
  it("spend international credits as well as credits, in one batch", async () => {
    await setBalances(100, 10);
    await dripToEveryone("Welcome aboard");
    const rows = await queued("automation");
    expect(rows.map((r) => [r.to, r.international])).toEqual([
      [US, 0],
      [TORONTO, 1],
    ]);
    expect(await balances()).toEqual({ balance: 98, international: 9 });
  });

  it("without international credits, the text abroad waits and the one at home goes", async () => {
    await db.query(`delete from messages where account_id = $1`, [account.id]);
    await setBalances(100, 0);
    const id = await dripToEveryone("Second welcome");
    expect((await queued("automation")).map((r) => r.to)).toEqual([US]);
    expect(await balances()).toEqual({ balance: 99, international: 0 });
    // The run abroad is still at its step, due again later, not ended.
    const { rows } = await db.query<{ status: string }>(
      `select status from automation_runs where automation_id = $1 and subscriber_id = $2`,
      [id, ids[TORONTO]],
    );
    expect(rows).toEqual([{ status: "active" }]);
  });
});

describe("a coupon send abroad", () => {
  const create = () =>
    t.post(
      "/api/marketing/programs",
      {
        phoneNumberId: null,
        kind: "coupon",
        name: "Maple week",
        settings: {
          offer: "a free scone",
          message: "{offer} with code {code}, until {expiry}.",
          expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
        },
      },
      { cookie },
    );

  it("is refused whole when international credits are short, and spends them when there", async () => {
    await setBalances(100, 0);
    const program = await create();
    expect(program.statusCode).toBe(201);
    const id = program.json().id as number;
    const short = await t.post(`/api/marketing/programs/${id}/send`, {}, { cookie });
    expect(short.statusCode).toBe(402);
    expect(await queued("coupon")).toEqual([]);
    expect(await balances()).toEqual({ balance: 100, international: 0 });

    await setBalances(100, 5);
    const sent = await t.post(`/api/marketing/programs/${id}/send`, {}, { cookie });
    expect(sent.statusCode).toBe(200);
    const rows = await queued("coupon");
    expect(rows.map((r) => [r.to, r.international])).toEqual([
      [US, 0],
      [TORONTO, rows[1]!.credits],
    ]);
    const spent = rows.reduce((n, r) => n + r.credits, 0);
    expect(await balances()).toEqual({ balance: 100 - spent, international: 5 - rows[1]!.credits });
  });
});
