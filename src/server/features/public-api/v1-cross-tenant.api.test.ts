import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_SCOPES } from "../../../domain/api-keys";
import { seedDemo } from "../../seed/demo";
import { seedDemoAutomations } from "../../seed/demo-automations";
import { seedDemoChatbots } from "../../seed/demo-chatbots";
import { seedDemoInbox } from "../../seed/demo-inbox";
import { seedDemoMarketing } from "../../seed/demo-marketing";
import { seedDemoNumbers } from "../../seed/demo-numbers";
import { seedDemoSends } from "../../seed/demo-sends";
import { seedDemoSubscribers } from "../../seed/demo-subscribers";
import { seedDemoWorkflows } from "../../seed/demo-workflows";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { type Method, v1Client } from "../../test/v1-client";

/**
 * Every /api/v1 operation, walked from the OpenAPI document (so a new operation is walked without
 * anyone remembering to): account B's key with every scope, aimed at account A's own records (the
 * demo account, with its numbers, sends, conversations, automations, marketing tools). Each
 * answer must be a refusal, never A's data and never a 5xx, and afterwards everything A's key
 * can read is exactly as it was.
 */
const t = await createTestServer({
  listen: true,
  env: {
    API_RATE_LIMIT: "100000",
    EMULATOR_LATENCY_MS: "5",
    SEED_DEMO: "true",
    DEMO_USERNAME: "walka",
    DEMO_PASSWORD: "walk-a-pass-1",
  },
});
await seedDemo(t.db, t.config, t.ctx.clock.now());
await seedDemoSubscribers(t.db, t.config, t.ctx.clock.now());
for (const seed of [
  seedDemoNumbers,
  seedDemoSends,
  seedDemoInbox,
  seedDemoAutomations,
  seedDemoWorkflows,
  seedDemoChatbots,
  seedDemoMarketing,
])
  await seed(t.ctx);

const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, "walka", "walk-a-pass-1");
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
async function keyWithEveryScope(cookie: string) {
  const res = await t.post("/api/api-keys", { name: "Everything", scopes: API_SCOPES }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}
const keyA = await keyWithEveryScope(cookieA);
const keyB = await keyWithEveryScope(cookieB);
const { call, ok } = v1Client(t);
const me = (await t.get("/api/account/me", { cookie: cookieA })).json() as { businessName: string };
const accountA = (
  await t.db.execute<{ account_id: number }>(
    sql`select account_id from users where username = 'walka'`,
  )
).rows[0]?.account_id;

/** A record A makes for the walk: any success will do (201 or 202, as each route answers). */
async function made<T = Record<string, unknown>>(res: ReturnType<typeof call>): Promise<T> {
  const r = await res;
  expect([200, 201, 202], `${r.statusCode} ${r.body}`).toContain(r.statusCode);
  return r.json() as T;
}

// Records the demo does not have: made by A's key, or written as the jobs would write them.
const numberA = (await ok<{ rows: { id: number }[] }>(call(keyA, "GET", "/api/v1/numbers")))
  .rows[0];
await made(call(keyA, "POST", "/api/v1/subscribers/exports", { selection: { mode: "all" } }));
await made(call(keyA, "POST", "/api/v1/reports/exports", { report: "opt-outs" }));
await made(
  call(keyA, "POST", "/api/v1/webinars", {
    title: "Latte art class",
    startsAt: new Date(t.ctx.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    reminderOffsets: [60],
    reminderMessage: "Class starts in an hour",
  }),
);
await made(
  call(keyA, "POST", "/api/v1/managed-accounts", {
    businessName: "Walk Child Cafe",
    email: "child@walk.example",
  }),
);
await made(call(keyA, "POST", "/api/v1/links", { longUrl: "https://shop.example/menu" }));
await made(
  call(keyA, "POST", "/api/v1/webhooks", {
    url: "https://hooks.example/parley",
    events: ["message.received"],
  }),
);
const zapierHook = await made<{ id: number }>(
  call(keyA, "POST", "/api/v1/zapier/hooks", {
    hookUrl: "https://hooks.zapier.example/1",
    event: "subscriber.created",
  }),
);
// A voice broadcast needs recipients with voice consent, which the demo has none of.
await t.db.execute(sql`
  insert into voice_broadcasts (account_id, phone_number_id, name, text, voice, language, recipients, send_at)
  values (${accountA}, ${numberA?.id ?? 0}, 'Closing early', 'We close at noon today.',
    'en-US:woman', 'en-US', '{"mode":"all","subscriberIds":[],"groupIds":[]}',
    now() + interval '1 day')`);
await t.db.execute(sql`
  insert into subscriber_imports (account_id, file_name, file_path)
  values (${accountA}, 'walk.csv', '/nonexistent/walk.csv')`);
await t.db.execute(sql`
  insert into invoices (account_id, number, description, amount_cents, status)
  values (${accountA}, 'WALK-0001', 'Credits', 1500, 'paid')`);
await t.db.execute(sql`
  insert into webhook_deliveries (account_id, endpoint_id, event_type, event_id, payload, status)
  select account_id, id, 'message.received', 'evt_walk', '{}', 'failed'
  from webhook_endpoints where account_id = ${accountA}`);

interface Operation {
  method: Method;
  path: string;
}
const doc = (await t.get("/api/docs/json")).json() as {
  paths: Record<string, Record<string, unknown>>;
};
const operations: Operation[] = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith("/api/v1/"))
  .flatMap(([path, item]) =>
    Object.keys(item).map((m) => ({ method: m.toUpperCase() as Method, path })),
  );

/** The first record's id in a list answer, whatever the list is called in it. */
function firstId(body: unknown): string | undefined {
  if (Array.isArray(body)) {
    const row = body.find((r) => r && typeof r === "object" && "id" in r) as
      | { id: unknown }
      | undefined;
    return row === undefined ? undefined : String(row.id);
  }
  if (body && typeof body === "object")
    for (const value of Object.values(body)) {
      const id = Array.isArray(value) ? firstId(value) : undefined;
      if (id !== undefined) return id;
    }
  return undefined;
}

/**
 * Collections that are not a plain GET of the path before `{id}`: where A's ids come from
 * instead (a list with another name, or A's own record through another route).
 */
const SOURCES: Record<string, string> = {
  "/api/v1/reports/sends": "/api/v1/sends",
  "/api/v1/messages": "/api/v1/conversations/{conversation}/messages",
  "/api/v1/users/invites": "/api/v1/users",
  "/api/v1/automations": "/api/v1/automations?kind=drip",
  "/api/v1/workflows": "/api/v1/automations?kind=workflow",
  "/api/v1/marketing-programs": "/api/v1/marketing-programs?kind=loyalty",
  "/api/v1/reports/exports": "/api/v1/reports/exports?report=opt-outs",
};

/** Parameters that name something every account has (a setting, an event), not a record. */
const NOT_A_RECORD = new Set(["/api/v1/account/settings/{name}", "/api/v1/zapier/samples/{event}"]);

/** Records no list answers for: their ids as A's key got them when making them. */
const MADE: Record<string, string> = { "/api/v1/zapier/hooks": String(zapierHook.id) };

async function firstIdOfA(source: string): Promise<string | undefined> {
  if (MADE[source]) return MADE[source];
  let url = source;
  if (url.includes("{conversation}")) {
    const conversation = firstId((await call(keyA, "GET", "/api/v1/conversations")).json());
    if (!conversation) return undefined;
    url = url.replace("{conversation}", conversation);
  }
  const res = await call(keyA, "GET", url);
  return res.statusCode === 200 ? firstId(res.json()) : undefined;
}

/** The path with each `{param}` replaced by A's first record there, left to right. */
async function aimAtA(path: string): Promise<string | undefined> {
  let url = path;
  for (;;) {
    const at = url.search(/\{\w+\}/);
    if (at < 0) return url;
    const collection = url.slice(0, at - 1);
    const template = path.slice(0, path.length - (url.length - collection.length));
    const id = await firstIdOfA(SOURCES[template] ?? SOURCES[collection] ?? collection);
    if (id === undefined) return undefined;
    url = url.replace(/\{\w+\}/, id);
  }
}

/** Everything A's key can read without naming a record: compared before and after the walk. */
async function readAllOfA(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const op of operations) {
    if (op.method !== "GET" || op.path.includes("{")) continue;
    const res = await call(keyA, "GET", op.path);
    // A's own key marks its use as the walk reads with it; that is A's doing, not B's.
    seen[op.path] = `${res.statusCode} ${res.body.replace(/"lastUsed\w*":("[^"]*"|null)/g, "")}`;
  }
  return seen;
}

describe("/api/v1 across accounts", () => {
  it("refuses every operation on A's records to B's key, and A's data is unchanged", async () => {
    const recordOps = operations.filter(
      (op) => /\{\w+\}/.test(op.path) && !NOT_A_RECORD.has(op.path),
    );
    expect(recordOps.length).toBeGreaterThan(100);

    // The demo's own texts are still being delivered (a failure gives credits back, marks a
    // subscriber unhealthy): wait until each has its final status. Reads that change on their
    // own even then (a clock, a counter of requests) are not evidence. (The seeded campaign's
    // texts are older and some stay unconfirmed for good.)
    for (let i = 0; i < 120; i++) {
      const open = await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from messages where account_id = ${accountA}
          and status in ('Queued', 'Sending', 'Sent') and created_at > now() - interval '2 minutes'`);
      if (open.rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const first = await readAllOfA();
    const second = await readAllOfA();
    const stable = Object.keys(first).filter((p) => first[p] === second[p]);
    expect(stable.length).toBeGreaterThan(40);

    const unresolved: string[] = [];
    const leaks: string[] = [];
    for (const op of recordOps) {
      const url = await aimAtA(op.path);
      if (url === undefined) {
        unresolved.push(`${op.method} ${op.path}`);
        continue;
      }
      // B asks for A's record with the body A itself would send (A's own copy, for updates).
      const own = op.method === "GET" ? undefined : await call(keyA, "GET", url);
      const body =
        op.method === "GET" || op.method === "DELETE"
          ? undefined
          : own?.statusCode === 200
            ? own.json()
            : {};
      const res = await call(keyB, op.method, url, body);
      const answer = `${op.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode < 400 || res.statusCode >= 500) leaks.push(answer);
      else if (res.body.includes(me.businessName)) leaks.push(answer);
    }
    expect(leaks, leaks.join("\n")).toEqual([]);
    // Each operation found A's record to aim at; a new kind of record needs its source above.
    expect(unresolved, unresolved.join("\n")).toEqual([]);

    const after = await readAllOfA();
    const changed = stable.filter((p) => after[p] !== first[p]);
    expect(
      changed,
      changed
        .map(
          (p) => `${p}\n  before ${first[p]?.slice(0, 300)}\n  after  ${after[p]?.slice(0, 300)}`,
        )
        .join("\n"),
    ).toEqual([]);
  }, 180_000);
});
