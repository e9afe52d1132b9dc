import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertDeliveries, insertRun, insertSend } from "../../test/send-factories";
import { runExport } from "./exports.service";

const t = await createTestServer({
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-every-export-")) },
});
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
// Account A keeps Pacific time (id 5): its CSVs must say so and show Pacific times.
await t.db.execute(sql`update accounts set timezone_id = 5 where id = ${a.account.id}`);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const PACIFIC = "America/Los_Angeles";

/** What a person in Los Angeles reads on the wall clock at that instant. */
function pacific(iso: string | Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: PACIFIC,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (k: string) => parts.find((p) => p.type === k)!.value;
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}

const sub = (
  await t.post(
    "/api/subscribers",
    { attestation: true, number: "2125550701", firstName: "Zoë", lastName: "Café 🎉" },
    { cookie: aCookie },
  )
).json();
const send = await insertSend(t.db, { accountId: a.account.id, text: "Crème brûlée day ☕" });
const runAt = new Date(Date.UTC(2026, 5, 10, 3, 30, 15));
const run = await insertRun(t.db, {
  sendId: send,
  accountId: a.account.id,
  runAt,
  text: "Crème brûlée day ☕",
  recipients: 1,
});
await insertDeliveries(t.db, { accountId: a.account.id, runId: run, status: "Delivered", n: 1 });

/** Starts an export as its screen does, runs the job and answers the export and its file. */
async function exportOf(url: string, body?: unknown) {
  const started = await t.post(url, body, { cookie: aCookie });
  expect(started.statusCode, started.body).toBe(201);
  const id: number = started.json().id;
  await runExport(t.ctx, id);
  const done = (await t.get(`/api/subscribers/exports/${id}`, { cookie: aCookie })).json();
  expect(done, url).toMatchObject({ status: "finished", progress: 100 });
  const file = await t.get(done.downloadUrl, { cookie: aCookie });
  expect(file.statusCode).toBe(200);
  expect(file.headers["content-type"]).toContain("text/csv");
  // The UTF-8 byte order mark first, so that Excel reads Zoë and ☕ as they are.
  expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { id, kind: done.kind as string, lines: file.body.slice(1).trim().split("\n") };
}

describe("every export takes the one path", () => {
  const ids: number[] = [];

  it("writes each CSV with a BOM and its times in the account's zone, named in the header", async () => {
    const subscribers = await exportOf("/api/subscribers/exports", {
      selection: { mode: "ids", ids: [sub.id] },
    });
    expect(subscribers.lines[0]).toContain(`Sign Up Method,Date (${PACIFIC}),Opted Out`);
    expect(subscribers.lines[1]).toContain(`Zoë,Café 🎉,,Manual Entry,${pacific(sub.date)},`);

    const sent = await exportOf("/api/reports/sent-messages/export");
    expect(sent.lines[0]).toMatch(new RegExp(`^Sent \\(${PACIFIC}\\),Message,`));
    // 03:30:15 UTC on June 10 is 20:30:15 the evening before in Los Angeles (PDT).
    expect(sent.lines[1]).toMatch(/^2026-06-09 20:30:15,Crème brûlée day ☕,/);

    const recipients = await exportOf(`/api/reports/sent-messages/${run}/recipients/export`);
    expect(recipients.lines[0]).toContain(`Updated (${PACIFIC})`);
    expect(recipients.lines).toHaveLength(2);

    const conversation = await exportOf(`/api/inbox/conversations/${sub.id}/export`);
    expect(conversation.lines[0]).toBe(
      `Date (${PACIFIC}),Direction,From,To,Message,Status,Attachments,Sent By`,
    );

    const optOuts = await exportOf("/api/reports/exports", { report: "opt-outs" });
    expect(optOuts.lines[0]).toBe(
      `Opted Out At (${PACIFIC}),Phone Number,Name,Source,Texted,Business Number,Message Before,Message Kind,Message Sent At (${PACIFIC})`,
    );
    const clicks = await exportOf("/api/reports/exports", { report: "link-clicks" });
    expect(clicks.lines[0]).toBe(`Phone Number,Name,Clicks,Links,Last Click (${PACIFIC})`);
    const growth = await exportOf("/api/reports/exports", { report: "subscribers" });
    expect(growth.lines[0]).toBe("Date,Joined,Opted Out,Net");

    const audit = await exportOf("/api/audit/export?action=subscribers.*");
    expect(audit.lines[0]).toMatch(new RegExp(`^id,at \\(${PACIFIC}\\),actor_kind,`));
    const logged = (await t.get("/api/audit?action=subscribers.create", { cookie: aCookie })).json()
      .rows[0];
    const line = audit.lines.find((l) => l.startsWith(`${logged.id},`));
    expect(line).toContain(`,${pacific(logged.at)},`);

    for (const e of [subscribers, sent, recipients, conversation, optOuts, clicks, growth, audit])
      ids.push(e.id);
    expect(
      [subscribers, sent, recipients, conversation, optOuts, clicks, growth, audit].map(
        (e) => e.kind,
      ),
    ).toEqual([
      "subscribers",
      "sent-messages",
      "recipients",
      "conversation",
      "opt-outs",
      "link-clicks",
      "subscriber-report",
      "audit-log",
    ]);
  });

  it("lists every one in Export History, and another account sees none of them", async () => {
    const history = (
      await t.get("/api/subscribers/exports?pageSize=100", { cookie: aCookie })
    ).json();
    expect(history.rows.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
    expect((await t.get("/api/subscribers/exports", { cookie: bCookie })).json().total).toBe(0);
    for (const id of ids) {
      const theirs = await t.get(`/api/subscribers/exports/${id}/download`, { cookie: bCookie });
      expect(theirs.statusCode).toBe(404);
    }
    // Nor can B start an export of A's run or conversation.
    for (const url of [
      `/api/reports/sent-messages/${run}/recipients/export`,
      `/api/inbox/conversations/${sub.id}/export`,
    ])
      expect((await t.post(url, undefined, { cookie: bCookie })).statusCode, url).toBe(404);
  });
});
