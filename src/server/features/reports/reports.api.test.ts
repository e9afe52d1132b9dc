import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import {
  insertDeliveries,
  insertRun,
  insertRunLedger,
  insertSend,
} from "../../test/send-factories";
import { groups } from "../groups/groups.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db, {
  account: { timezoneId: 1 },
  user: { firstName: "Ada", lastName: "Owner" },
});
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const acct = a.account.id;

const DAY = 86_400_000;
const now = Date.now();

// A completed campaign 2 days ago: 10 recipients in every status group.
const promoSend = await insertSend(t.db, {
  accountId: acct,
  userId: a.user.id,
  text: "Fall promo: 20% off lattes",
});
const promo = await insertRun(t.db, {
  sendId: promoSend,
  accountId: acct,
  runAt: new Date(now - 2 * DAY),
  text: "Fall promo: 20% off lattes",
  recipients: 10,
  excluded: 2,
  credits: 10,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Delivered",
  n: 3,
  firstLine: 5550100,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Read",
  n: 1,
  firstLine: 5550110,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Sent",
  n: 1,
  firstLine: 5550120,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Queued",
  n: 1,
  firstLine: 5550130,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Delivery Unconfirmed",
  errorCode: 30008,
  n: 1,
  firstLine: 5550140,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Failed Landline Delivery",
  errorCode: 30006,
  n: 2,
  firstLine: 5550150,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: promo,
  status: "Blocked",
  n: 1,
  firstLine: 5550160,
});
await insertRunLedger(t.db, { accountId: acct, runId: promo, reserved: 10, refunded: 2 });

// A run 40 days ago, and a recurring weekly send with its last run yesterday, still going out.
const oldSend = await insertSend(t.db, { accountId: acct, text: "Summer hours" });
const old = await insertRun(t.db, {
  sendId: oldSend,
  accountId: acct,
  runAt: new Date(now - 40 * DAY),
  text: "Summer hours",
  recipients: 2,
  credits: 2,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: old,
  status: "Delivered",
  n: 2,
  firstLine: 5550200,
});

const [group] = await t.db
  .insert(groups)
  .values({ accountId: acct, name: "Morning Regulars" })
  .returning({ id: groups.id });
const weeklySend = await insertSend(t.db, {
  accountId: acct,
  userId: a.user.id,
  text: "Weekly special: [first name], try the mocha",
  status: "scheduled",
  nextRunAt: new Date(now + 3 * DAY),
  runCount: 1,
  form: { repeatFrequency: "weekly", repeatDays: { monday: true, thursday: true } },
  recipients: { mode: "groups", subscriberIds: [], groupIds: [group!.id, 99999] },
});
const weekly = await insertRun(t.db, {
  sendId: weeklySend,
  accountId: acct,
  runAt: new Date(now - DAY),
  text: "Weekly special: [first name], try the mocha",
  status: "dispatching",
  recipients: 3,
  credits: 3,
  completedAt: null,
});
await insertDeliveries(t.db, {
  accountId: acct,
  runId: weekly,
  status: "Sending",
  n: 3,
  firstLine: 5550300,
});

// Other sends still to go: a one-time send tomorrow and a custom repeat; a cancelled one is not listed.
await insertSend(t.db, {
  accountId: acct,
  text: "Grand opening tomorrow!",
  status: "scheduled",
  nextRunAt: new Date(now + DAY),
  form: { repeatFrequency: "never" },
  recipients: { mode: "subscribers", subscriberIds: [1, 2, 3], groupIds: [] },
});
await insertSend(t.db, {
  accountId: acct,
  text: "Quarterly thank you",
  status: "scheduled",
  nextRunAt: new Date(now + 10 * DAY),
  form: {
    repeatFrequency: "custom",
    customRepeatFrequency: 3,
    customRepeatFrequencyType: "months",
    customEndMessageType: "occurrences",
    customEndMessageOccurrences: 4,
  },
  recipients: { mode: "all", subscriberIds: [], groupIds: [] },
});
await insertSend(t.db, {
  accountId: acct,
  text: "Cancelled one",
  status: "cancelled",
  nextRunAt: null,
});

// Account B has a run of its own.
const bSend = await insertSend(t.db, { accountId: b.account.id, text: "B's secret promo" });
const bRun = await insertRun(t.db, {
  sendId: bSend,
  accountId: b.account.id,
  runAt: new Date(now - DAY),
  text: "B's secret promo",
  recipients: 1,
});
await insertDeliveries(t.db, { accountId: b.account.id, runId: bRun, status: "Delivered", n: 1 });

const get = (url: string, cookie = aCookie) => t.get(url, { cookie });

describe("GET /api/reports/sent-messages", () => {
  it("lists the account's runs newest first with counts by status group and credits", async () => {
    const res = await get("/api/reports/sent-messages");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { id: number }) => r.id)).toEqual([weekly, promo, old]);
    const p = body.rows[1];
    expect(p).toMatchObject({
      text: "Fall promo: 20% off lattes",
      state: "completed",
      recipients: 10,
      excluded: 2,
      credits: 8, // reserved 10, 2 given back
      user: "Ada Owner",
      counts: { sending: 1, sent: 1, delivered: 4, unconfirmed: 1, failed: 2, blocked: 1 },
    });
    expect(body.rows[0]).toMatchObject({ state: "sending", counts: { sending: 3 } });
    // Without ledger lines the run's own figure stands.
    expect(body.rows[2].credits).toBe(2);
  });

  it("filters by text, status and date range (days in the account's zone)", async () => {
    const byText = (await get("/api/reports/sent-messages?query=LATTES")).json();
    expect(byText.rows.map((r: { id: number }) => r.id)).toEqual([promo]);
    const sending = (await get("/api/reports/sent-messages?state=sending")).json();
    expect(sending.rows.map((r: { id: number }) => r.id)).toEqual([weekly]);
    const day = (d: number) => new Date(now - d * DAY).toISOString().slice(0, 10);
    const recent = (await get(`/api/reports/sent-messages?from=${day(10)}&to=${day(-1)}`)).json();
    expect(recent.total).toBe(2);
    const older = (await get(`/api/reports/sent-messages?to=${day(30)}`)).json();
    expect(older.rows.map((r: { id: number }) => r.id)).toEqual([old]);
    const page2 = (await get("/api/reports/sent-messages?page=1&pageSize=2")).json();
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.rows.map((r: { id: number }) => r.id)).toEqual([old]);
  });

  it("refuses bad filters with a clear 400", async () => {
    const bad = await get("/api/reports/sent-messages?from=2026-13-45");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("Use a date such as");
    const reversed = await get("/api/reports/sent-messages?from=2026-05-02&to=2026-05-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe("The start date must be on or before the end date");
    const state = await get("/api/reports/sent-messages?state=exploded");
    expect(state.statusCode).toBe(400);
  });

  it("shows another account only its own runs", async () => {
    const body = (await get("/api/reports/sent-messages", bCookie)).json();
    expect(body.rows.map((r: { id: number }) => r.id)).toEqual([bRun]);
    expect((await get("/api/reports/sent-messages")).body).not.toContain("secret");
  });

  it("needs a session", async () => {
    expect((await t.get("/api/reports/sent-messages")).statusCode).toBe(401);
  });
});

describe("GET /api/reports/sent-messages/:id and its recipients", () => {
  it("gives the run's figures", async () => {
    const res = await get(`/api/reports/sent-messages/${weekly}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: weekly,
      state: "sending",
      isMms: false,
      counts: { sending: 3 },
    });
    expect(res.json().nextRunAt).not.toBeNull();
  });

  it("pages the recipients with status, group and the carrier error in words", async () => {
    const res = await get(`/api/reports/sent-messages/${promo}/recipients?pageSize=4`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(10);
    expect(body.rows).toHaveLength(4);
    expect(body.rows[0]).toMatchObject({
      phone: "+12125550100",
      status: "Delivered",
      group: "delivered",
    });
    const failed = (
      await get(`/api/reports/sent-messages/${promo}/recipients?group=failed`)
    ).json();
    expect(failed.total).toBe(2);
    expect(failed.rows[0]).toMatchObject({
      status: "Failed Landline Delivery",
      group: "failed",
      errorCode: 30006,
      error: "The number is a landline or cannot receive texts.",
    });
    const unconfirmed = (
      await get(`/api/reports/sent-messages/${promo}/recipients?group=unconfirmed`)
    ).json();
    expect(unconfirmed.rows[0].error).toBe(
      "The carrier did not say why the message was not delivered.",
    );
    const byPhone = (
      await get(`/api/reports/sent-messages/${promo}/recipients?query=5550161`)
    ).json();
    expect(byPhone.total).toBe(0);
    const byPhone2 = (
      await get(`/api/reports/sent-messages/${promo}/recipients?query=555-0160`)
    ).json();
    expect(byPhone2.rows.map((r: { status: string }) => r.status)).toEqual(["Blocked"]);
  });

  it("names the subscriber behind a delivery", async () => {
    const created = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550101", firstName: "Maya", lastName: "Lin" },
      { cookie: aCookie },
    );
    expect([200, 201]).toContain(created.statusCode);
    const sid = created.json().id;
    await t.db.execute(
      sql`update messages set subscriber_id = ${sid} where run_id = ${promo} and to_number = '+12125550101'`,
    );
    const body = (await get(`/api/reports/sent-messages/${promo}/recipients?query=maya`)).json();
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ firstName: "Maya", lastName: "Lin", subscriberId: sid });
  });

  it("answers 404 for another account's run or a bad id, and 400 for a bad group", async () => {
    for (const url of [
      `/api/reports/sent-messages/${bRun}`,
      `/api/reports/sent-messages/${bRun}/recipients`,
      `/api/reports/sent-messages/${bRun}/recipients/export`,
      "/api/reports/sent-messages/999999",
    ]) {
      const res = url.endsWith("/export") ? await exportedCsv(t, url, aCookie) : await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe("That sent message was not found in this account.");
    }
    for (const id of ["abc", "2147483648", "9007199254740993", "-1"])
      expect((await get(`/api/reports/sent-messages/${id}`)).statusCode, id).toBe(404);
    expect(
      (await get(`/api/reports/sent-messages/${promo}/recipients?group=lost`)).statusCode,
    ).toBe(400);
  });
});

describe("CSV exports", () => {
  it("exports the filtered list", async () => {
    const res = await exportedCsv(t, "/api/reports/sent-messages/export?query=promo", aCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="sent-messages-/);
    expect(res.body.startsWith("\uFEFFSent (America/New_York),")).toBe(true);
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe(
      "Sent (America/New_York),Message,Status,Recipients,Sending,Sent,Delivered,Unconfirmed,Failed,Blocked,Excluded,Clicks,Credits,Sent by",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",Fall promo: 20% off lattes,Completed,10,1,1,4,1,2,1,2,");
    expect(lines[1]).toContain(",8,Ada Owner");
  });

  it("exports a run's recipients, one status group if asked", async () => {
    const all = await exportedCsv(
      t,
      `/api/reports/sent-messages/${promo}/recipients/export`,
      aCookie,
    );
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-disposition"]).toMatch(
      new RegExp(`filename="sent-message-${promo}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const lines = all.body.trim().split("\n");
    expect(lines[0]).toBe(
      "Phone,First Name,Last Name,Status,Error Code,Error,Credits,Updated (America/New_York)",
    );
    expect(lines).toHaveLength(11);
    const failed = await exportedCsv(
      t,
      `/api/reports/sent-messages/${promo}/recipients/export?group=failed`,
      aCookie,
    );
    const failedLines = failed.body.trim().split("\n");
    expect(failedLines).toHaveLength(3);
    expect(failedLines[1]).toMatch(
      /^\+12125550150,,,Failed Landline Delivery,30006,The number is a landline or cannot receive texts\.,1,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });

  it("shows another account nothing of this one, and never writes a formula", async () => {
    const formula = await insertSend(t.db, {
      accountId: b.account.id,
      text: '=HYPERLINK("http://x.test","Click, now")',
    });
    await insertRun(t.db, {
      sendId: formula,
      accountId: b.account.id,
      runAt: new Date(now - 3 * DAY),
      text: '=HYPERLINK("http://x.test","Click, now")',
    });
    const res = await exportedCsv(t, "/api/reports/sent-messages/export", bCookie);
    expect(res.body).not.toContain("lattes");
    expect(res.body).toContain("B's secret promo");
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x.test"",""Click, now"")",Completed,`);
  });
});

describe("GET /api/sends/scheduled", () => {
  it("lists sends still to go out, soonest first, with repeat and recipients labels", async () => {
    const res = await get("/api/sends/scheduled");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { text: string }) => r.text)).toEqual([
      "Grand opening tomorrow!",
      "Weekly special: [first name], try the mocha",
      "Quarterly thank you",
    ]);
    expect(body.rows[0]).toMatchObject({
      repeatLabel: "Don't Repeat",
      repeatDetail: null,
      recipients: expect.objectContaining({ text: "3 subscribers" }),
      status: "scheduled",
    });
    expect(body.rows[1]).toMatchObject({
      repeatLabel: "Every Week",
      repeatDetail: "Mon, Thu",
      recipients: expect.objectContaining({ text: "Morning Regulars (+1 deleted group)" }),
      user: "Ada Owner",
      runCount: 1,
    });
    expect(body.rows[2]).toMatchObject({
      repeatLabel: "Custom",
      repeatDetail: "Every 3 months, 4 times",
      recipients: expect.objectContaining({ text: "All subscribers" }),
    });
  });

  it("is empty for another account and needs a session", async () => {
    expect((await get("/api/sends/scheduled", bCookie)).json()).toEqual({ rows: [], total: 0 });
    expect((await t.get("/api/sends/scheduled")).statusCode).toBe(401);
  });
});

describe("GET /api/dashboard", () => {
  it("gives message stats, growth, recent and upcoming sends and 30 days of deliveries", async () => {
    const res = await get("/api/dashboard");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Trial credits: 500 granted; the ledger lines above used 8 of them.
    expect(body.stats.total).toBeGreaterThan(0);
    expect(body.stats.sent + body.stats.remaining).toBe(body.stats.total);
    expect(body.chart).toHaveLength(30);
    const totals = body.chart.reduce((acc: Record<string, number>, d: Record<string, number>) => {
      for (const k of ["sending", "sent", "delivered", "unconfirmed", "failed", "blocked"])
        acc[k] = (acc[k] ?? 0) + d[k]!;
      return acc;
    }, {});
    // Deliveries count on the day their run went out: the 40-day-old run is outside the chart.
    expect(totals).toEqual({
      sending: 4,
      sent: 1,
      delivered: 4,
      unconfirmed: 1,
      failed: 2,
      blocked: 1,
    });
    const promoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(
      new Date(now - 2 * DAY),
    );
    expect(body.chart.find((d: { date: string }) => d.date === promoDay)).toMatchObject({
      delivered: 4,
      failed: 2,
      blocked: 1,
    });
    expect(body.chart.at(-1).date).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date()),
    );
    expect(body.recentRuns.map((r: { id: number }) => r.id)).toEqual([weekly, promo, old]);
    expect(body.upcoming).toHaveLength(3);
    expect(body.subscribers.total).toBeGreaterThanOrEqual(1);
  });

  it("opens the used-messages modal at 90% used of at least 50, unless disabled", async () => {
    const c = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, c.user.username, c.user.password);
    const first = (await get("/api/dashboard", cookie)).json();
    expect(first.stats).toEqual({
      sent: 0,
      total: 500,
      remaining: 500,
      sentPercentage: 0,
      remainingPercentage: 100,
    });
    expect(first.showUsedMessagesModal).toBe(false);
    expect(first.recentRuns).toEqual([]);
    expect(first.upcoming).toEqual([]);
    expect(first.subscribers).toEqual({ total: 0, last30: 0, previous30: 0 });

    await t.db.execute(
      sql`update accounts set is_auto_renew_enabled = false where id = ${c.account.id}`,
    );
    const spend = async (n: number) => {
      await t.db.execute(sql`
        insert into credit_ledger (account_id, delta, reason, description)
        values (${c.account.id}, ${-n}, 'charge', 'test')`);
      await t.db.execute(
        sql`update account_credits set balance = balance - ${n} where account_id = ${c.account.id}`,
      );
    };
    await spend(449);
    expect((await get("/api/dashboard", cookie)).json().showUsedMessagesModal).toBe(false);
    await spend(1);
    const at90 = (await get("/api/dashboard", cookie)).json();
    expect(at90.stats).toMatchObject({ sent: 450, remaining: 50, total: 500, sentPercentage: 90 });
    expect(at90.showUsedMessagesModal).toBe(true);

    const off = await t.put(
      "/api/account/settings/message_allotment_popup_disable",
      { val: true },
      { cookie },
    );
    expect(off.statusCode).toBe(200);
    expect((await get("/api/dashboard", cookie)).json().showUsedMessagesModal).toBe(false);
  });

  it("counts unread replies of open conversations only", async () => {
    const person = async (number: string) => {
      const res = await t.post(
        "/api/subscribers",
        { attestation: true, number },
        { cookie: aCookie },
      );
      expect([200, 201]).toContain(res.statusCode);
      return res.json().id as number;
    };
    const [open, archived, other] = [
      await person("2125550701"),
      await person("2125550702"),
      await person("2125550703"),
    ];
    await t.db.execute(sql`
      insert into conversations (subscriber_id, account_id, read, unread_count, archived_at)
      values (${open}, ${acct}, false, 3, null), (${archived}, ${acct}, false, 2, now())`);
    const before = (await get("/api/dashboard", bCookie)).json().unreadReplies;
    expect((await get("/api/dashboard")).json().unreadReplies).toBe(3);
    // Another account's conversations count for it alone.
    await t.db.execute(sql`
      insert into conversations (subscriber_id, account_id, read, unread_count)
      values (${other}, ${b.account.id}, false, 4)`);
    expect((await get("/api/dashboard")).json().unreadReplies).toBe(3);
    expect((await get("/api/dashboard", bCookie)).json().unreadReplies).toBe(before + 4);
  });

  it("is refused to restricted users", async () => {
    const r = await buildUser(t.db, { accountId: acct, permissionLevel: 0, restricted: true });
    const cookie = await loginAs(t.app, r.username, r.password);
    const res = await get("/api/dashboard", cookie);
    expect(res.statusCode).toBe(403);
  });
});
