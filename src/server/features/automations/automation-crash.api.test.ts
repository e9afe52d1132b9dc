import { beforeAll, describe, expect, it } from "vitest";
import { dripToGraph } from "../../../domain/automation-graph";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { killed, workerProcesses } from "../../test/worker-process";
import { advanceClock } from "./clock";
import { runDueSteps } from "./engine";

/**
 * A worker process (--role=worker) is killed with SIGKILL while it walks thousands of people from
 * the first step of a drip to the second; a second worker finishes. The emulator, mounted in this
 * test's server, counts what reached the carrier: each person got each step exactly once.
 */
const N = 600;
const t = await createTestServer({
  listen: true,
  pipeline: false,
  env: { EMULATOR_LATENCY_MS: "20", EMULATOR_MPS_LONG_CODE: "100000" },
});
const db = t.db.$client;
const { account } = await buildAccountWithUser(t.db);
let sender = "";
let automationId = 0;

// Small batches: many engine transactions, so the kill lands between two of them or in one.
const workerSet = workerProcesses(t, { AUTOMATION_BATCH: "50" });

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 200_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out; ${JSON.stringify(await state())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const state = async () =>
  (
    await db.query(
      `select (select count(*)::int from automation_step_log where step_id = 's2') as s2,
              (select count(*)::int from automation_runs where status = 'completed') as completed,
              (select count(*)::int from messages where pending_dispatch) as pending,
              (select count(*)::int from emu_messages where direction = 'outbound-api') as received`,
    )
  ).rows[0];

beforeAll(async () => {
  const [first] = await t.ctx.carrier.searchNumbers({ areaCode: "646", tollFree: false, limit: 1 });
  sender = first!.number;
  const owned = await t.ctx.carrier.buyNumber(sender, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)`,
    [account.id, sender, owned.sid],
  );
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000000, 1000000)`,
    [account.id],
  );
  await db.query(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     select $1, '+1917555' || (2000 + i), 'S' || i, now() from generate_series(1, $2) i`,
    [account.id, N],
  );
  automationId = (
    await db.query<{ id: number }>(
      `insert into automations (account_id, kind, name, status, trigger)
       values ($1, 'drip', 'Crash', 'active', '{"type":"api"}') returning id`,
      [account.id],
    )
  ).rows[0]!.id;
  const graph = dripToGraph([
    { wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false }, body: "Step one" },
    { wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false }, body: "Step two" },
  ]);
  await db.query(
    `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
    [automationId, JSON.stringify(graph)],
  );
  await db.query(
    `insert into automation_runs (account_id, automation_id, version, subscriber_id, due_at)
     select $1, $2, 1, id, now() - interval '1 minute' from subscribers where account_id = $1`,
    [account.id, automationId],
  );
});

describe("a worker killed between drip steps", () => {
  // One pass only: a retry would start from the finished state of the first and prove nothing.
  it("leaves every step sent exactly once", { retry: 0, timeout: 300_000 }, async () => {
    // Everyone takes the first step here (queued, not yet sent): all are now between steps.
    while (await runDueSteps(t.ctx));
    // A day passes; the first worker walks them to the second step and is killed on the way.
    await advanceClock(db, 24 * 3600_000 + 60_000);
    // Its batches are tiny, so a loaded machine's late look still finds it mid-way.
    const first = workerSet.start({ AUTOMATION_BATCH: "5" });
    await until(async () => ((await state()).s2 >= N / 4 ? true : null));
    await killed(first);
    const atKill = await state();
    expect(atKill.completed).toBeLessThan(N);

    workerSet.start();
    await until(async () => {
      const s = await state();
      return s.completed === N && s.pending === 0 ? true : null;
    });
    const perPerson = await db.query(
      `select count(*)::int as people,
              count(*) filter (where n = 2 and ones = 1 and twos = 1)::int as exactly
         from (select to_number, count(*) as n,
                      count(*) filter (where body = 'Step one') as ones,
                      count(*) filter (where body = 'Step two') as twos
                 from emu_messages where from_number = $1 and direction = 'outbound-api'
                group by to_number) x`,
      [sender],
    );
    // Anyone who did not get each step once, with what the carrier took and what Parley recorded,
    // so a failure says what happened.
    const odd = await db.query(
      `select e.to_number, array_agg(e.body || ' ' || e.sid || ' ' || e.created_at order by e.created_at) as carrier,
              (select array_agg(m.id || ' ' || m.body || ' ' || m.status || ' ' || coalesce(m.carrier_sid, '-')
                                || ' attempts ' || m.attempts order by m.id)
                 from messages m where m.to_number = e.to_number) as parley
         from emu_messages e where e.from_number = $1 and e.direction = 'outbound-api'
        group by e.to_number having count(*) <> 2 or count(distinct e.body) <> 2`,
      [sender],
    );
    expect(odd.rows).toEqual([]);
    expect(perPerson.rows[0]).toEqual({ people: N, exactly: N });
    const log = await db.query(
      `select step_id, count(*)::int as n, count(distinct run_id)::int as runs
         from automation_step_log where automation_id = $1 group by 1 order by 1`,
      [automationId],
    );
    expect(log.rows).toEqual([
      { step_id: "s1", n: N, runs: N },
      { step_id: "s2", n: N, runs: N },
    ]);
  });
});
