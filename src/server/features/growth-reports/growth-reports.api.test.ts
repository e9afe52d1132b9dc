import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertDeliveries, insertRun, insertSend } from "../../test/send-factories";
import { runReportExport } from "./report-exports.service";

const t = await createTestServer();
// Eastern Time: the days below are read in New York.
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const b = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const acct = a.account.id;

const num = async (accountId: number, number: string) =>
  Number(
    (
      await t.db.execute<{ id: number }>(sql`
        insert into phone_numbers (account_id, number, carrier_sid)
        values (${accountId}, ${number}, ${`PN${number}`}) returning id`)
    ).rows[0]!.id,
  );
const main = await num(acct, "+12125550100");
const second = await num(acct, "+12125550101");
const bNumber = await num(b.account.id, "+13125550100");

/** A subscriber who joined at `at` (UTC) by `method`, through `numberId` (0: none). */
async function join(accountId: number, phone: string, method: string, at: string, numberId = 0) {
  await t.db.execute(sql`
    insert into subscribers (account_id, phone, signup_method, marketing_consent_at, created_at)
    values (${accountId}, ${phone}, ${method}, ${at}, ${at})`);
  await t.db.execute(sql`
    insert into consent_events (account_id, phone, action, source, detail, phone_number_id, created_at)
    values (${accountId}, ${phone}, 'opt_in', 'keyword', 'JOIN', ${numberId || null}, ${at})`);
}
async function optOut(accountId: number, phone: string, word: string, at: string, numberId = 0) {
  await t.db.execute(sql`
    insert into consent_events (account_id, phone, action, source, detail, phone_number_id, created_at)
    values (${accountId}, ${phone}, 'opt_out', 'keyword', ${word}, ${numberId || null}, ${at})`);
}

// Account A, June 2026 (EDT, UTC-4): 3 keyword joins and 1 QR join on the 10th, 2 form joins on
// the 11th (one at 02:00 UTC, which is still the 10th in New York), then 2 opt-outs on the 12th.
await join(acct, "+12125550001", "KEYWORD", "2026-06-10T15:00:00Z", main);
await join(acct, "+12125550002", "KEYWORD", "2026-06-10T16:00:00Z", main);
await join(acct, "+12125550003", "KEYWORD", "2026-06-10T17:00:00Z", second);
await join(acct, "+12125550004", "QR_CODE", "2026-06-10T18:00:00Z", main);
await join(acct, "+12125550005", "SIGN_UP_FORM", "2026-06-11T02:00:00Z");
await join(acct, "+12125550006", "SIGN_UP_FORM", "2026-06-11T15:00:00Z");

// A campaign to the first two, then they text STOP / UNSUBSCRIBE after it.
const sendId = await insertSend(t.db, { accountId: acct, userId: a.user.id, text: "Big sale" });
const runId = await insertRun(t.db, {
  sendId,
  accountId: acct,
  runAt: new Date("2026-06-12T14:00:00Z"),
  text: "Big sale today only",
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId,
  status: "Delivered",
  n: 2,
  firstLine: 5550001,
  body: "Big sale today only",
  createdAt: new Date("2026-06-12T14:00:00Z"),
});
await optOut(acct, "+12125550001", "STOP", "2026-06-12T15:00:00Z", main);
await optOut(acct, "+12125550002", "unsubscribe please", "2026-06-12T16:00:00Z", main);
// A second STOP from the same number is logged but is not another opt-out.
await optOut(
  acct,
  "+12125550002",
  "STOP (already opted out: not confirmed again)",
  "2026-06-12T17:00:00Z",
  main,
);

// Account B on the same days: must never show in A's reports.
await join(b.account.id, "+12125550001", "KEYWORD", "2026-06-10T15:00:00Z", bNumber);
await optOut(b.account.id, "+12125550001", "STOP", "2026-06-12T15:00:00Z", bNumber);

const range = "from=2026-06-09&to=2026-06-13";

describe("subscriber report", () => {
  it("counts joins by day (account's zone) and method, net of opt-outs", async () => {
    const res = await t.get(`/api/reports/subscribers?${range}`, { cookie: aCookie });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.range).toEqual({ from: "2026-06-09", to: "2026-06-13", timezone: "America/New_York" });
    expect(r.totals).toEqual({ joined: 6, optedOut: 2, net: 4 });
    const day = (d: string) => r.days.find((x: { date: string }) => x.date === d);
    expect(r.days).toHaveLength(5);
    expect(day("2026-06-10")).toEqual({ date: "2026-06-10", joined: 5, optedOut: 0, net: 5 });
    expect(day("2026-06-11")).toEqual({ date: "2026-06-11", joined: 1, optedOut: 0, net: 1 });
    expect(day("2026-06-12")).toEqual({ date: "2026-06-12", joined: 0, optedOut: 2, net: -2 });
    expect(r.byMethod[0]).toEqual({ method: "KEYWORD", label: "Keyword", joined: 3, optedOut: 2 });
    expect(r.byMethod.find((m: { method: string }) => m.method === "SIGN_UP_FORM").joined).toBe(2);
  });

  it("filters by number, and refuses another account's number", async () => {
    const r = (
      await t.get(`/api/reports/subscribers?${range}&numberId=${second}`, { cookie: aCookie })
    ).json();
    expect(r.totals).toEqual({ joined: 1, optedOut: 0, net: 1 });
    const other = await t.get(`/api/reports/subscribers?${range}&numberId=${bNumber}`, {
      cookie: aCookie,
    });
    expect(other.statusCode).toBe(404);
  });

  it("shows another account only its own figures", async () => {
    const r = (await t.get(`/api/reports/subscribers?${range}`, { cookie: bCookie })).json();
    expect(r.totals).toEqual({ joined: 1, optedOut: 1, net: 0 });
  });

  it("refuses a reversed or too long range with a 400", async () => {
    const reversed = await t.get("/api/reports/subscribers?from=2026-06-13&to=2026-06-09", {
      cookie: aCookie,
    });
    expect(reversed.statusCode).toBe(400);
    const long = await t.get("/api/reports/subscribers?from=2024-01-01&to=2026-06-09", {
      cookie: aCookie,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe("opt-out report", () => {
  it("groups opt-outs by word, source and campaign, with the message before each", async () => {
    const r = (await t.get(`/api/reports/opt-outs?${range}`, { cookie: aCookie })).json();
    expect(r.total).toBe(2);
    expect(r.byKeyword).toEqual([
      { key: "STOP", label: "STOP", count: 1 },
      { key: "UNSUBSCRIBE", label: "UNSUBSCRIBE", count: 1 },
    ]);
    expect(r.bySource).toEqual([{ key: "keyword", label: "Texted a stop word", count: 2 }]);
    expect(r.byCampaign).toEqual([{ key: String(sendId), label: "Big sale", count: 2 }]);
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toMatchObject({
      phone: "+12125550002",
      detail: "unsubscribe please",
      number: "+12125550100",
      preceding: { body: "Big sale today only", source: "Campaign", sendId },
    });
    expect(r.days.find((d: { date: string }) => d.date === "2026-06-12").optedOut).toBe(2);
    const other = (await t.get(`/api/reports/opt-outs?${range}`, { cookie: bCookie })).json();
    expect(other.total).toBe(1);
    expect(other.rows[0].preceding).toBeNull();
  });
});

describe("report exports", () => {
  it("writes the CSV in a background job with progress, for its account only", async () => {
    const created = await t.post(
      "/api/reports/exports",
      { report: "opt-outs", from: "2026-06-09", to: "2026-06-13" },
      { cookie: aCookie },
    );
    expect(created.statusCode).toBe(201);
    const job = created.json();
    expect(job).toMatchObject({ status: "queued", progress: 0, report: "opt-outs" });
    await runReportExport(t.ctx, job.id);
    const done = (await t.get(`/api/reports/exports/${job.id}`, { cookie: aCookie })).json();
    expect(done).toMatchObject({ status: "finished", progress: 100, rowCount: 2 });
    const file = await t.get(done.downloadUrl, { cookie: aCookie });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split("\n");
    expect(lines[0]).toContain("Message Before");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Big sale today only");
    expect((await t.get(`/api/reports/exports/${job.id}`, { cookie: bCookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.get(`/api/reports/exports/${job.id}/download`, { cookie: bCookie })).statusCode,
    ).toBe(404);

    const growth = (
      await t.post(
        "/api/reports/exports",
        { report: "subscribers", from: "2026-06-10", to: "2026-06-12" },
        { cookie: aCookie },
      )
    ).json();
    await runReportExport(t.ctx, growth.id);
    const g = (await t.get(`/api/reports/exports/${growth.id}`, { cookie: aCookie })).json();
    const csv = (await t.get(g.downloadUrl, { cookie: aCookie })).body;
    expect(csv).toContain("2026-06-10,5,0,5");
    expect(csv).toContain("Keyword,3,2,1");
    const list = (await t.get("/api/reports/exports?report=opt-outs", { cookie: aCookie })).json();
    expect(list.rows.map((x: { id: number }) => x.id)).toEqual([job.id]);
  });
});

describe("link clicks", () => {
  it("counts clicks per subscriber and click-through per send", async () => {
    const link = Number(
      (
        await t.db.execute<{ id: number }>(sql`
          insert into links (account_id, code, long_url) values (${acct}, 'grTest1', 'https://example.com')
          returning id`)
      ).rows[0]!.id,
    );
    await t.db.execute(sql`update sends set link_id = ${link} where id = ${sendId}`);
    const subs = (
      await t.db.execute<{ id: number; phone: string }>(sql`
        select id, phone from subscribers where account_id = ${acct} order by phone limit 2`)
    ).rows;
    // Two clicks within the run's week; one two weeks later, outside the days and the run's week.
    for (const at of ["2026-06-12T15:00:00Z", "2026-06-12T18:00:00Z", "2026-06-26T18:00:00Z"])
      await t.db.execute(sql`insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
        values (${link}, ${acct}, ${subs[0]!.id}, ${at})`);
    const per = (
      await t.get(`/api/reports/link-clicks/subscribers?${range}`, { cookie: aCookie })
    ).json();
    expect(per.total).toBe(1);
    expect(per.rows[0]).toMatchObject({ phone: subs[0]!.phone, clicks: 2, links: 1 });
    const ctr = (
      await t.get(`/api/reports/link-clicks/sends?${range}`, { cookie: aCookie })
    ).json();
    expect(ctr.rows).toHaveLength(1);
    expect(ctr.rows[0]).toMatchObject({ runId, delivered: 2, clickers: 1, clicks: 2, rate: 0.5 });
    const other = (
      await t.get(`/api/reports/link-clicks/subscribers?${range}`, { cookie: bCookie })
    ).json();
    expect(other.total).toBe(0);
  });
});
