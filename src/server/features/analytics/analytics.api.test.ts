import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertDeliveries, insertRun, insertSend } from "../../test/send-factories";
import { cohorts } from "./analytics.queries";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const b = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const acct = a.account.id;

// Four subscribers who joined in May; a campaign on June 12 at 10:00 New York time (14:00 UTC):
// three delivered, one landline failure; one texts back, one texts STOP.
for (let i = 1; i <= 4; i++) {
  await t.db.execute(sql`
    insert into subscribers (account_id, phone, marketing_consent_at, created_at)
    values (${acct}, ${`+1212555000${i}`}, '2026-05-03T12:00:00Z', '2026-05-03T12:00:00Z')`);
}
const sendId = await insertSend(t.db, { accountId: acct, userId: a.user.id, text: "Sale" });
const runAt = new Date("2026-06-12T14:00:00Z");
const runId = await insertRun(t.db, { sendId, accountId: acct, runAt, text: "Sale today" });
await insertDeliveries(t.db, {
  accountId: acct,
  runId,
  status: "Delivered",
  n: 3,
  firstLine: 5550001,
  createdAt: runAt,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId,
  status: "Failed Landline Delivery",
  errorCode: 30006,
  n: 1,
  firstLine: 5550004,
  createdAt: runAt,
});
for (const [from, body, at] of [
  ["+12125550001", "See you there!", "2026-06-12T15:00:00Z"],
  // The same person again: still one person who replied.
  ["+12125550001", "And can I bring a friend?", "2026-06-12T15:05:00Z"],
  ["+12125550002", "STOP", "2026-06-12T16:00:00Z"],
]) {
  await t.db.execute(sql`
    insert into messages (account_id, direction, from_number, to_number, body, status, source, created_at)
    values (${acct}, 'inbound', ${from}, '+12125550100', ${body}, 'Received', 'carrier', ${at})`);
}
await t.db.execute(sql`
  insert into consent_events (account_id, phone, action, source, detail, created_at)
  values (${acct}, '+12125550002', 'opt_out', 'keyword', 'STOP', '2026-06-12T16:00:00Z')`);
await t.db.execute(sql`
  insert into suppressions (account_id, phone, reason) values (${acct}, '+12125550002', 'opted_out')`);

const range = "from=2026-06-01&to=2026-06-30";

describe("analytics", () => {
  it("gives delivery, reply, opt-out rates per send, failures by code and best hours", async () => {
    const res = await t.get(`/api/analytics?${range}`, { cookie: aCookie });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.sends).toHaveLength(1);
    expect(r.sends[0]).toMatchObject({
      runId,
      recipients: 4,
      delivered: 3,
      failed: 1,
      replies: 1,
      optOuts: 1,
      deliveryRate: 0.75,
    });
    expect(r.sends[0].replyRate).toBeCloseTo(1 / 3);
    expect(r.failures).toEqual([
      expect.objectContaining({ code: 30006, count: 1, permanent: true }),
    ]);
    expect(r.failures[0].meaning).toMatch(/landline/);
    // One send to a few people is no sample: its hour is listed but not ranked.
    expect(r.bestTimes).toEqual([
      expect.objectContaining({ hour: 10, label: "10 am", sends: 1, enough: false }),
    ]);
    const other = (await t.get(`/api/analytics?${range}`, { cookie: bCookie })).json();
    expect(other.sends).toEqual([]);
    expect(other.totals.recipients).toBe(0);
  });

  it("keeps cohort retention behind the advanced reporting setting", async () => {
    for (const phone of ["+13125550001", "+13125550002"])
      await t.db.execute(sql`
        insert into subscribers (account_id, phone, marketing_consent_at) values (${acct}, ${phone}, now())`);
    await t.db.execute(sql`
      insert into suppressions (account_id, phone, reason) values (${acct}, '+13125550002', 'opted_out')`);
    const off = (await t.get("/api/analytics/cohorts", { cookie: aCookie })).json();
    expect(off).toEqual({ enabled: false, cohorts: [] });
    await t.db.execute(sql`
      insert into account_settings (account_id, name, value)
      values (${acct}, 'advanced_reporting', 'true'::jsonb)`);
    const on = (await t.get("/api/analytics/cohorts", { cookie: aCookie })).json();
    expect(on.enabled).toBe(true);
    // This month's cohort: two joined now, one of them has opted out since.
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
    })
      .format(new Date())
      .slice(0, 7);
    expect(on.cohorts.find((c: { month: string }) => c.month === month)).toEqual({
      month,
      joined: 2,
      stillSubscribed: 1,
      retention: 0.5,
    });
    const other = (await t.get("/api/analytics/cohorts", { cookie: bCookie })).json();
    expect(other.enabled).toBe(false);
  });
});

describe("cohorts by month", () => {
  it("puts each subscriber in its sign-up month of the account's zone, to the second", async () => {
    // A second before and at each local month start of the last 13 months (New York and
    // St John's, half an hour off), and one in the future: the per-row zone conversion says.
    const c = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
    for (const tz of ["America/New_York", "America/St_Johns"]) {
      await t.db.execute(sql`delete from subscribers where account_id = ${c.account.id}`);
      await t.db.execute(sql`
        insert into subscribers (account_id, phone, marketing_consent_at, created_at)
        select ${c.account.id}, '+1415' || lpad((k * 10 + d)::text, 7, '0'), now(),
          (date_trunc('month', now() at time zone ${tz}) - make_interval(months => k))
            at time zone ${tz} - make_interval(secs => d)
        from generate_series(-2, 13) k, generate_series(0, 1) d`);
      await t.db.execute(sql`
        insert into suppressions (account_id, phone, reason)
        select account_id, phone, 'opted_out' from subscribers
        where account_id = ${c.account.id} and phone like '%1' on conflict do nothing`);
      const expected = await t.db.execute<{ month: string; joined: string; still: string }>(sql`
        select to_char(date_trunc('month', s.created_at at time zone ${tz}), 'YYYY-MM') as month,
          count(*) as joined,
          count(*) filter (where not exists (select 1 from suppressions x
            where x.account_id = s.account_id and x.phone = s.phone)) as still
        from subscribers s
        where s.account_id = ${c.account.id} and s.marketing_consent_at is not null
          and (s.created_at at time zone ${tz})
            >= date_trunc('month', now() at time zone ${tz}) - make_interval(months => 11)
        group by 1 order by 1`);
      const got = await cohorts(t.db, c.account.id, tz, 12);
      expect(got.length).toBeGreaterThan(12);
      // Nothing of the 13th month back: the second before its end is out, whatever the
      // database session's zone (the start was once moved by months in that zone, an hour
      // early when daylight saving differed between then and now).
      const local = new Intl.DateTimeFormat("en-CA", {
        timeZone: tz,
        year: "numeric",
        month: "2-digit",
      })
        .format(new Date())
        .slice(0, 7);
      const [y, m] = local.split("-").map(Number) as [number, number];
      const first = new Date(Date.UTC(y, m - 1 - 11, 1)).toISOString().slice(0, 7);
      expect(got[0]?.month).toBe(first);
      expect(got).toEqual(
        expected.rows.map((x) => ({
          month: x.month,
          joined: Number(x.joined),
          stillSubscribed: Number(x.still),
        })),
      );
    }
  });
});

describe("conversions", () => {
  it("credits a reported sale to the last click inside the window, once per order", async () => {
    const settings = (
      await t.get("/api/analytics/conversions/settings", { cookie: aCookie })
    ).json();
    expect(settings.windowDays).toBe(7);
    expect(settings.pixelUrl).toContain(`key=${settings.key}`);
    const link = Number(
      (
        await t.db.execute<{ id: number }>(sql`
          insert into links (account_id, code, long_url) values (${acct}, 'cvTest1', 'https://example.com')
          returning id`)
      ).rows[0]!.id,
    );
    await t.db.execute(sql`update sends set link_id = ${link} where id = ${sendId}`);
    const sub = (
      await t.db.execute<{ id: number }>(sql`
        select id from subscribers where account_id = ${acct} and phone = '+12125550001'`)
    ).rows[0]!;
    await t.db.execute(sql`
      insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
      values (${link}, ${acct}, ${sub.id}, now() - interval '2 days')`);
    const headers = { "x-parley-csrf": "1" };
    const sale = { key: settings.key, phone: "+12125550001", value: 24.5, order: "A-1" };
    const res = await t.post("/api/public/conversions", sale, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ attributed: true });
    // The same order again, and a customer who never clicked: nothing more is counted.
    await t.post("/api/public/conversions", sale, { headers });
    const stranger = await t.post(
      "/api/public/conversions",
      { ...sale, phone: "+12125550003", order: "A-2" },
      { headers },
    );
    expect(stranger.json()).toEqual({ attributed: false });
    // The pixel form, with a one-day window the click (2 days ago) falls outside of.
    await t.put("/api/analytics/conversions/settings", { windowDays: 1 }, { cookie: aCookie });
    const pixel = await t.get(
      `/api/public/conversions/pixel?key=${settings.key}&phone=%2B12125550001&value=10&order=A-3`,
    );
    expect(pixel.headers["content-type"]).toBe("image/gif");
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const report = (
      await t.get(`/api/analytics/conversions?from=${from}&to=${today}`, { cookie: aCookie })
    ).json();
    expect(report.total).toEqual({ conversions: 1, revenueCents: 2450 });
    expect(report.bySend[0]).toMatchObject({ runId, conversions: 1, revenueCents: 2450 });
    const other = (
      await t.get(`/api/analytics/conversions?from=${from}&to=${today}`, { cookie: bCookie })
    ).json();
    expect(other.total).toEqual({ conversions: 0, revenueCents: 0 });
    const bad = await t.post("/api/public/conversions", { ...sale, key: "cv_nope" }, { headers });
    expect(bad.statusCode).toBe(404);
  });
});
