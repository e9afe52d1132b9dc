#!/usr/bin/env node
// Fills the demo account of a production Parley server with N conversations and M messages
// (straight in SQL), then times the inbox through HTTP: the conversation list (each tab, sort by
// unread, a number filter, a search), a thread page (newest and older), and the tab counts.
// Prints p50/p95 per call. Run: node bench/inbox.mjs [conversations=100000] [messages=5000000] [runs=30]
import os from "node:os";
import pg from "pg";
import { logInAsDemo, pct, startServer } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 100_000);
const M = Number(process.argv[3] ?? 5_000_000);
const RUNS = Number(process.argv[4] ?? 30);
const parley = startServer({
  firstPort: 3930,
  prefix: "parley-bench-inbox-",
  env: { SEED_DEMO: "true" },
});
const { base } = parley;

try {
  await parley.ready();
  const db = new pg.Client({
    connectionString: parley.databaseUrl,
  });
  db.on("error", (err) => console.error("bench database connection:", err.message));
  await db.connect();
  const { rows: acct } = await db.query("select account_id, id from users where username = 'demo'");
  const accountId = acct[0].account_id;
  const ownerId = acct[0].id;
  // Three numbers: the demo's own and two more, so the number filter has something to narrow.
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, name)
     select $1, '+1212555' || lpad((900 + g)::text, 4, '0'), 'PNBENCH' || g, 'Bench ' || g
       from generate_series(1, 2) g
     on conflict do nothing`,
    [accountId],
  );
  const { rows: numbers } = await db.query(
    "select id from phone_numbers where account_id = $1 order by id",
    [accountId],
  );
  const numberIds = numbers.map((n) => n.id);

  const t0 = performance.now();
  // Subscribers for the conversations (unique phones in 6xx area codes, clear of the demo's).
  // The new subscribers numbered 0…N-1 (ids need not be contiguous: the demo seed runs alongside).
  await db.query(
    `create temp table bench_subs as
     with ins as (
       insert into subscribers (account_id, phone, first_name, last_name, signup_method, created_at)
       select $1, '+1' || (601 + i % 99)::text || lpad((i / 99)::text, 7, '0'),
              (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James','Mia','Lucas'])[1 + i % 10],
              (array['Smith','Johnson','Garcia','Nguyen','Patel','Kim','Chen'])[1 + (i / 10) % 7] || (i % 991)::text,
              'OPT_IN_MESSAGE', now() - interval '200 days'
         from generate_series(1, $2::int) i
       returning id)
     select (row_number() over (order by id) - 1)::bigint as k, id from ins`,
    [accountId, N],
  );
  await db.query("create unique index on bench_subs (k); analyze bench_subs");
  // Messages: M spread over the N subscribers, alternating in/out, spread over 180 days.
  const perConversation = Math.max(1, Math.floor(M / N));
  const BATCH = 500_000;
  // The reply trigger (migration 0037) costs each inbound row a look at every earlier text to its
  // sender, and every generated text here is to and from '+1': quadratic in this bulk load (the
  // first batch did not finish in 4 minutes). Its rows have no run to credit, so it is off meanwhile.
  await db.query("alter table messages disable trigger messages_report_run_reply");
  for (let start = 0; start < M; start += BATCH) {
    await db.query(
      `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                             status, source, subscriber_id, created_at, updated_at)
       select $1, case when x.j % 2 = 0 then 'inbound' else 'outbound' end,
              ($3::int[])[1 + (x.k % 3)],
              '+1', '+1', 'Message ' || x.j || ' of conversation ' || x.k || ': see you soon!',
              case when x.j % 2 = 0 then 'Received' else 'Delivered' end, 'inbox', b.id,
              now() - ((hashint4(x.k::int)::bigint & 2147483647) % (180 * 86400)) * interval '1 second'
                    - ($4::int - x.j) * interval '7 minutes',
              now()
         from generate_series($2::bigint, least($2::bigint + ${BATCH} - 1, $5::bigint - 1)) g
         cross join lateral (select (g / $4)::bigint as k, (g % $4)::int as j) x
         join bench_subs b on b.k = x.k`,
      [accountId, start, numberIds, perConversation, M],
    );
    process.stdout.write(`  messages ${Math.min(start + BATCH, M)} / ${M}\r`);
  }
  await db.query("alter table messages enable trigger messages_report_run_reply");
  // One conversation per subscriber: its latest message, 25% unread, 10% assigned, 20% archived.
  await db.query(
    `insert into conversations (subscriber_id, account_id, phone_number_id, last_outbound_number_id,
                                last_message_id, last_message_at, last_message_type, preview,
                                read, unread_count, assigned_user_id, archived_at, archived_by)
     select s.id, $1, l.phone_number_id, l.phone_number_id, l.id, l.created_at,
            case when l.direction = 'inbound' then 'reply' else 'message' end, left(l.body, 60),
            s.id % 4 <> 0, case when s.id % 4 = 0 then 1 + s.id % 7 else 0 end,
            case when s.id % 10 = 0 then $2::int end,
            case when s.id % 5 = 1 then l.created_at end, case when s.id % 5 = 1 then $2::int end
       from subscribers s
       cross join lateral (select m.id, m.phone_number_id, m.created_at, m.direction, m.body
                             from messages m where m.subscriber_id = s.id
                            order by m.id desc limit 1) l
      where s.account_id = $1 and s.id in (select id from bench_subs)
     on conflict do nothing`,
    [accountId, ownerId],
  );
  await db.query("analyze subscribers; analyze messages; analyze conversations");
  const loadSeconds = (performance.now() - t0) / 1000;
  const { rows: totals } = await db.query(
    `select (select count(*) from conversations where account_id = $1)::int c,
            (select count(*) from messages where account_id = $1)::int m`,
    [accountId],
  );
  const { rows: busy } = await db.query(
    "select subscriber_id from conversations where account_id = $1 and subscriber_id in (select id from bench_subs) order by last_message_at desc limit 1",
    [accountId],
  );
  await db.end();

  const cookie = await logInAsDemo(base);
  const headers = { cookie, "x-parley-csrf": "1" };
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const results = [];
  const time = async (label, url, goal) => {
    await get(url);
    const ms = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await get(url);
      ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    results.push({ call: label, p50: pct(ms, 50).toFixed(1), p95: pct(ms, 95).toFixed(1), goal });
  };

  const conv = busy[0].subscriber_id;
  const newest = await get(`/api/inbox/conversations/${conv}/messages`);
  const before = newest.rows.find((r) => r.messageId)?.messageId;
  await time("list: All, first page (25)", "/api/inbox/conversations", "< 30 ms");
  await time("list: All, page 40", "/api/inbox/conversations?page=40", "");
  await time("list: Mine", "/api/inbox/conversations?status=assigned", "< 30 ms");
  await time("list: Unassigned", "/api/inbox/conversations?status=unassigned", "< 30 ms");
  await time("list: Archived", "/api/inbox/conversations?status=archived", "< 30 ms");
  await time("list: sort by unread", "/api/inbox/conversations?sortByUnread=true", "< 30 ms");
  await time(
    "list: one outbound number",
    `/api/inbox/conversations?number=${numberIds[1]}`,
    "< 30 ms",
  );
  await time("list: search name", "/api/inbox/conversations?query=olivia", "");
  await time("thread: newest page (10)", `/api/inbox/conversations/${conv}/messages`, "< 30 ms");
  await time(
    "thread: older page (10)",
    `/api/inbox/conversations/${conv}/messages?before=${before}`,
    "< 30 ms",
  );
  await time("tab counts", "/api/inbox/counts", "< 100 ms");
  console.log(
    `\n${totals[0].c} conversations, ${totals[0].m} messages in one account (loaded in ${loadSeconds.toFixed(1)} s), ${RUNS} runs each, ${os.cpus().length} CPUs`,
  );
  console.table(results);
} finally {
  await parley.stop();
}
