#!/usr/bin/env node
// Fills the demo account of a production Parley server with N subscribers (3 attributes, group
// memberships) straight in SQL, then times the manage-subscribers list through HTTP: default page,
// search, each filter kind, sorting, and adaptive group counts. Prints p50/p95 per query, for
// the page (withTotal=false) and for the count of the same filter, which the screen asks apart.
// Run: node bench/subscribers-list.mjs [subscribers=1000000] [runs=30]
import os from "node:os";
import pg from "pg";
import { logInAsDemo, pct, startServer } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 30);
const parley = startServer({ firstPort: 3990, env: { SEED_DEMO: "true" } });
const { base } = parley;

try {
  await parley.ready();
  const db = new pg.Client({
    connectionString: parley.databaseUrl,
  });
  await db.connect();
  const { rows: acct } = await db.query("select account_id from users where username = 'demo'");
  const accountId = acct[0].account_id;
  const { rows: fields } = await db.query(
    "select id, name from custom_fields where account_id = $1",
    [accountId],
  );
  const fid = (name) => String(fields.find((f) => f.name === name).id);
  const { rows: groups } = await db.query(
    "select id, name, type from groups where account_id = $1 order by id",
    [accountId],
  );

  const t0 = performance.now();
  // Phones: area code 201…900 and a 7-digit line, unique per i; names, e-mails and attributes vary.
  await db.query(
    `insert into subscribers (account_id, phone, first_name, last_name, email, signup_method, attributes, created_at, is_landline)
     select $1,
            '+1' || (201 + i % 700)::text || lpad((i / 700)::text, 7, '0'),
            (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James','Mia','Lucas','Priya','Diego'])[1 + i % 12],
            (array['Smith','Johnson','Garcia','Nguyen','Patel','Kim','Chen','Rossi','Brown','Lopez','Clark'])[1 + (i / 12) % 11] || (i % 997)::text,
            'person' || i || '@example.com',
            (array['KEYWORD','QR_CODE','SIGN_UP_FORM','MANUAL_ENTRY','SPREADSHEET_IMPORT','API'])[1 + i % 6],
            jsonb_strip_nulls(jsonb_build_object(
              $2::text, case when i % 4 = 0 then null else to_jsonb(i % 5 = 0) end,
              $3::text, case when i % 3 = 0 then null else jsonb_build_array((array['Latte','Cappuccino','Cold Brew','Mocha','Chai Tea','Espresso'])[1 + i % 6]) end,
              $4::text, case when i % 2 = 0 then null else to_jsonb(((1960 + i % 45)::text || '-0' || (1 + i % 9)::text || '-1' || (i % 9)::text)) end)),
            -- Sign-up times spread by a hash of i over 180 days: taken as i % 180 they lined up with
            -- every other i % n column (the newest day held no member of some groups at all).
            now() - ((hashint4(i)::bigint & 2147483647) % (180 * 86400)) * interval '1 second',
            case when i % 50 = 0 then true else null end
     from generate_series(1, $5::int) i
     on conflict do nothing`,
    [accountId, fid("VIP"), fid("Favorite Drink"), fid("Birthday"), N],
  );
  const staticGroups = groups.filter((g) => g.type === "static");
  for (const [k, g] of staticGroups.entries()) {
    await db.query(
      "insert into group_members (group_id, subscriber_id) select $1, id from subscribers where account_id = $2 and id % $3 = 0 on conflict do nothing",
      [g.id, accountId, k + 3],
    );
  }
  await db.query("analyze subscribers; analyze group_members");
  const loadSeconds = (performance.now() - t0) / 1000;
  const { rows: total } = await db.query(
    "select count(*)::int n from subscribers where account_id = $1",
    [accountId],
  );
  await db.end();

  const cookie = await logInAsDemo(base);
  const headers = { cookie, "x-parley-csrf": "1", "content-type": "application/json" };

  const vipGroup = groups.find((g) => g.type === "adaptive");
  const queries = [
    ["default page (newest first, 25)", "/api/subscribers"],
    ["page 100 of 100", "/api/subscribers?pageSize=100&page=100"],
    ["sort by name", "/api/subscribers?sortBy=name&sortDirection=ASC"],
    ["sort by phone", "/api/subscribers?sortBy=phone"],
    ["search name", "/api/subscribers?query=olivia"],
    ["search phone digits", "/api/subscribers?query=2125550"],
    ["date range (one month)", "/api/subscribers?startDate=08/01/2026&endDate=08/31/2026"],
    ["area code", "/api/subscribers?areaCode=415"],
    ["sign-up method", "/api/subscribers?signupMethod=QR_CODE"],
    ["landline", "/api/subscribers?isLandline=true"],
    ["static group", `/api/subscribers?group=${staticGroups[0].id}`],
    ["No Group", "/api/subscribers?group=-1"],
    ["adaptive group (VIP)", `/api/subscribers?group=${vipGroup.id}`],
    ["attribute boolean", `/api/subscribers?attribute=${fid("VIP")}&attributeBoolean=true`],
    [
      "attribute multi-select",
      `/api/subscribers?attribute=${fid("Favorite Drink")}&attributeMultiSelect=Mocha`,
    ],
    [
      "attribute EMPTY",
      `/api/subscribers?attribute=${fid("Favorite Drink")}&attributeMultiSelect=EMPTY`,
    ],
    ["attribute date year", `/api/subscribers?attribute=${fid("Birthday")}&attributeDate=1990`],
  ];
  const results = [];
  const time = async (label, fn) => {
    await fn();
    const ms = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await fn();
      ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    results.push({ label, p50: pct(ms, 50).toFixed(1), p95: pct(ms, 95).toFixed(1) });
  };
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // The screen asks for the page (withTotal=false) and the count side by side: each is timed.
  for (const [label, url] of queries) {
    const sep = url.includes("?") ? "&" : "?";
    await time(`${label}: page`, () => get(`${url}${sep}withTotal=false`));
    let matched = 0;
    await time(`${label}: count`, async () => {
      matched = (await get(url.replace("/api/subscribers", "/api/subscribers/count"))).total;
    });
    results.at(-1).total = matched;
  }
  await time("adaptive count (bulkGetAdaptiveGroupMemberCount)", async () => {
    const res = await fetch(`${base}/api/groups/adaptive-member-counts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ groupIds: [vipGroup.id] }),
    });
    if (res.status !== 200) throw new Error(await res.text());
  });
  console.log(
    `\n${total[0].n} subscribers in one account (loaded in ${loadSeconds.toFixed(1)} s), ${RUNS} runs each, ${os.cpus().length} CPUs`,
  );
  console.table(results);
} finally {
  await parley.stop();
}
