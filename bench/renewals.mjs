#!/usr/bin/env node
import pg from "pg";
// The billing job over 10,000 accounts, on a real server's PostgreSQL: 4,000 trials that have
// ended (each locked as expired_trial, its owner notified), 5,000 paid plans due to renew on a
// card that pays (a charge through the test processor, an invoice, the month's credits) and
// 1,000 due on a card that is declined (a failed invoice, past due, locked, notified). The job
// (runBillingCycle, the same code the 10-minute cron runs) is called until nothing is left due;
// the figure is the wall time and accounts per second. Run: node bench/renewals.mjs [accounts=10000]
import { register } from "tsx/esm/api";
import { startServer } from "./lib/server.mjs";

register();
const N = Number(process.argv[2] ?? 10_000);
const trials = Math.round(N * 0.4);
const declined = Math.round(N * 0.1);
const renewals = N - trials - declined;

const parley = startServer({
  firstPort: 4460,
  env: { SEED_DEMO: "false", SEND_PIPELINE: "off", LOG_LEVEL: "warn" },
  wait: { tries: 1200, failOnExit: true },
});
try {
  await parley.ready();
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  await db.connect();
  // The server's own 10-minute billing cron must not take a share of the accounts mid-run.
  await db.query("delete from pgboss.schedule where name = 'billing-cycle'");
  const past = new Date(Date.now() - 60_000);
  await db.query(
    `insert into accounts (account_name, business_name, email, trial_ends_at)
     select 'bench-' || i, 'Bench ' || i, 'owner' || i || '@bench.test', $1
       from generate_series(1, $2) i`,
    [past, N],
  );
  await db.query(
    `insert into users (account_id, username, email, password_hash, permission_level)
     select id, account_name, email, 'x', 3 from accounts where account_name like 'bench-%'`,
  );
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance)
     select id, 100, 500 from accounts where account_name like 'bench-%'`,
  );
  // Row order = id order: the first `trials` are trials, then the renewals, then the declines.
  await db.query(
    `insert into billing_subscriptions (account_id, plan_id, status, period_start, period_end)
     select id, case when rn <= $1 then 'trial' else 'starter' end,
            case when rn <= $1 then 'trial' else 'active' end, $2::timestamptz - interval '1 month', $2
       from (select id, row_number() over (order by id) rn from accounts
              where account_name like 'bench-%') a`,
    [trials, past],
  );
  await db.query(
    `insert into payment_methods (account_id, processor, customer_ref, method_ref, brand, last4, exp_month, exp_year)
     select id, 'test', 'cus_test_' || id,
            case when rn > $1 then 'pm_test_decline_' || id else 'pm_test_ok_' || id end,
            'Visa', '4242', 12, extract(year from now())::int + 2
       from (select id, row_number() over (order by id) rn from accounts
              where account_name like 'bench-%') a
      where rn > $2`,
    [trials + renewals, trials],
  );

  const { parseConfig } = await import("../src/server/config.ts");
  const { createDb } = await import("../src/server/db/connection.ts");
  const { runBillingCycle } = await import("../src/server/features/billing/billing-cycle.ts");
  const { db: appDb, pool } = createDb(parley.databaseUrl, 4);
  const config = parseConfig({
    NODE_ENV: "production",
    DATABASE_URL: parley.databaseUrl,
    LOG_LEVEL: "silent",
    PORT: String(parley.port + 1),
  });
  const ctx = { config, db: appDb };

  const total = { trialsEnded: 0, renewed: 0, failed: 0, passes: 0 };
  const started = performance.now();
  for (;;) {
    const c = await runBillingCycle(ctx, new Date());
    total.passes++;
    total.trialsEnded += c.trialsEnded;
    total.renewed += c.renewed;
    total.failed += c.failed;
    if (c.trialsEnded + c.renewed + c.failed === 0) break;
  }
  const ms = performance.now() - started;
  const check = await db.query(
    `select count(*) filter (where forbidden_reason = 'expired_trial')::int as locked_trials,
            count(*) filter (where forbidden_reason = 'declined_card')::int as locked_cards,
            (select count(*)::int from invoices) as invoices,
            (select count(*)::int from notifications) as notifications
       from accounts where account_name like 'bench-%'`,
  );
  console.log(
    `${N} accounts: ${total.trialsEnded} trials ended, ${total.renewed} renewed, ${total.failed} declined, in ${total.passes} passes`,
  );
  console.log(
    `billing job: ${(ms / 1000).toFixed(2)} s, ${Math.round((N / ms) * 1000)} accounts/s`,
  );
  console.log(`check: ${JSON.stringify(check.rows[0])}`);
  if (total.trialsEnded !== trials || total.renewed !== renewals || total.failed !== declined)
    process.exitCode = 1;
  await pool.end();
  await db.end();
} finally {
  await parley.stop();
}
