import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertDeliveries, insertRun, insertSend } from "../../test/send-factories";

const t = await createTestServer();
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);

const hourAgo = new Date(Date.now() - 3_600_000);
const sendId = await insertSend(t.db, { accountId: account.id, text: "Weekend sale: 20% off" });
const runId = await insertRun(t.db, {
  sendId,
  accountId: account.id,
  runAt: hourAgo,
  recipients: 10,
  credits: 10,
});
await insertDeliveries(t.db, { accountId: account.id, runId, status: "Delivered", n: 7 });
await insertDeliveries(t.db, {
  accountId: account.id,
  runId,
  status: "Undelivered",
  errorCode: 30003,
  n: 2,
  firstLine: 7,
});
await insertDeliveries(t.db, {
  accountId: account.id,
  runId,
  status: "Queued",
  n: 1,
  firstLine: 9,
});
// One recipient answered, one opted out after it.
await db.query(
  `insert into messages (account_id, direction, from_number, to_number, body, status, source)
   values ($1, 'inbound', '+12120000000', '+12125550100', 'Is it on Sunday too?', 'Received', 'api')`,
  [account.id],
);
await db.query(
  `insert into report_opt_outs (consent_event_id, account_id, opted_out_at, phone, source, run_id, send_id)
   values (900001, $1, now(), '+12125550001', 'keyword', $2, $3)`,
  [account.id, runId, sendId],
);

// An automation with an A/B split: branch A (2 people, one replied), branch B (1 person, clicked).
const automationId = (
  await db.query<{ id: number }>(
    `insert into automations (account_id, kind, name, status, trigger) values ($1, 'workflow', 'Spring test', 'active', '{"type":"api"}') returning id`,
    [account.id],
  )
).rows[0]!.id;
await db.query(
  `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
  [
    automationId,
    JSON.stringify({
      start: "ab",
      steps: [
        {
          id: "ab",
          type: "split",
          branches: [
            { percent: 50, next: "a" },
            { percent: 50, next: "b" },
          ],
        },
        { id: "a", type: "send", body: "Ten percent off", next: null },
        { id: "b", type: "send", body: "Free coffee", next: null },
      ],
    }),
  ],
);
async function runner(phone: string, branch: 0 | 1, o: { replied?: boolean; clicked?: boolean }) {
  const sub = (
    await db.query<{ id: string }>(
      `insert into subscribers (account_id, phone, marketing_consent_at) values ($1, $2, now()) returning id`,
      [account.id, phone],
    )
  ).rows[0]!.id;
  const run = (
    await db.query<{ id: string }>(
      `insert into automation_runs (account_id, automation_id, version, subscriber_id, status, replied_at, clicked_at)
       values ($1, $2, 1, $3, 'completed', $4, $5) returning id`,
      [account.id, automationId, sub, o.replied ? new Date() : null, o.clicked ? new Date() : null],
    )
  ).rows[0]!.id;
  const msg = (
    await db.query<{ id: string }>(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source, subscriber_id, credits)
       values ($1, 'outbound', '+12125550100', $2, 'x', $3, 'automation', $4, 1) returning id`,
      [account.id, phone, branch === 0 ? "Delivered" : "Sending Failed", sub],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into automation_step_log (run_id, automation_id, step_id, message_id, at)
     values ($1, $2, $3, null, now() - interval '1 minute'), ($1, $2, $4, $5, now())`,
    [run, automationId, `ab#${branch}`, branch === 0 ? "a" : "b", msg],
  );
}
await runner("+13105550401", 0, { replied: true });
await runner("+13105550402", 0, {});
await runner("+13105550403", 1, { clicked: true });

let id = 0;

describe("campaigns", () => {
  it("are created, renamed and refused with a clear 400 or 409; another account's is 404", async () => {
    expect((await t.post("/api/campaigns", { name: " " }, { cookie })).statusCode).toBe(400);
    const res = await t.post("/api/campaigns", { name: "Spring" }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    const dup = await t.post("/api/campaigns", { name: "spring" }, { cookie });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("A campaign with this name already exists");
    const renamed = await t.put(`/api/campaigns/${id}`, { name: "Spring 2027" }, { cookie });
    expect(renamed.json().name).toBe("Spring 2027");
    expect((await t.get(`/api/campaigns/${id}`, { cookie: otherCookie })).statusCode).toBe(404);
    expect(
      (await t.put(`/api/campaigns/${id}`, { name: "Mine" }, { cookie: otherCookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`/api/campaigns/${id}/members`, { sendId }, { cookie: otherCookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/campaigns/${id}`, cookie: otherCookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.get("/api/campaigns", { cookie: otherCookie })).json().rows).toEqual([]);
  });

  it("takes only this account's sends and automations, each into one campaign", async () => {
    const theirSend = await insertSend(t.db, { accountId: other.account.id });
    const refused = await t.post(`/api/campaigns/${id}/members`, { sendId: theirSend }, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("Choose a send or an automation of this account");
    expect(
      (await t.post(`/api/campaigns/${id}/members`, { sendId, automationId }, { cookie }))
        .statusCode,
    ).toBe(400);
    const cands = (await t.get("/api/campaigns/candidates", { cookie })).json();
    expect(cands.sends.map((s: { id: number }) => s.id)).toEqual([sendId]);
    expect(cands.sends[0].label).toMatch(/^Weekend sale: 20% off \(/);
    expect(cands.automations).toEqual([
      { id: automationId, name: "Spring test", kind: "workflow" },
    ]);
    expect((await t.post(`/api/campaigns/${id}/members`, { sendId }, { cookie })).statusCode).toBe(
      200,
    );
    expect(
      (await t.post(`/api/campaigns/${id}/members`, { automationId }, { cookie })).statusCode,
    ).toBe(200);
    const second = (await t.post("/api/campaigns", { name: "Another" }, { cookie })).json();
    const taken = await t.post(`/api/campaigns/${second.id}/members`, { sendId }, { cookie });
    expect(taken.statusCode).toBe(409);
    expect((await t.get("/api/campaigns/candidates", { cookie })).json()).toEqual({
      sends: [],
      automations: [],
    });
  });

  it("adds up the sends' and automations' results and compares the split's branches", async () => {
    const res = await t.get(`/api/campaigns/${id}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    // Send: 7 delivered, 2 failed, 1 queued. Automation: 2 delivered, 1 failed.
    expect(c.totals).toEqual({
      sent: 13,
      delivered: 9,
      failed: 3,
      pending: 1,
      replies: 2,
      clicks: 1,
      optOuts: 1,
      // 10 reserved less 2 refunded, and the automation's 2 delivered texts.
      credits: 10,
    });
    expect(c.failures).toEqual([
      { reason: expect.stringMatching(/.+/), code: 30003, count: 2 },
      { reason: "Sending Failed", code: null, count: 1 },
    ]);
    expect(c.members).toMatchObject([
      { kind: "send", id: sendId, sent: 10, delivered: 7, failed: 2, pending: 1 },
      { kind: "workflow", id: automationId, name: "Spring test", sent: 3, delivered: 2, failed: 1 },
    ]);
    expect(c.splits).toEqual([
      {
        automationId,
        automationName: "Spring test",
        stepId: "ab",
        branches: [
          {
            branch: 0,
            label: "A",
            percent: 50,
            people: 2,
            texts: 2,
            delivered: 2,
            replies: 1,
            clicks: 0,
            optOuts: 0,
          },
          {
            branch: 1,
            label: "B",
            percent: 50,
            people: 1,
            texts: 1,
            delivered: 0,
            replies: 0,
            clicks: 1,
            optOuts: 0,
          },
        ],
      },
    ]);
    const list = (await t.get("/api/campaigns", { cookie })).json().rows;
    expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({
      sends: 1,
      automations: 1,
    });
  });

  it("lets a member go, and deleting the campaign keeps its sends and automations", async () => {
    const c = (await t.get(`/api/campaigns/${id}`, { cookie })).json();
    const removed = await t.post(
      `/api/campaigns/${id}/members/remove`,
      { memberId: c.members[0].memberId },
      { cookie },
    );
    expect(removed.json().members).toHaveLength(1);
    const del = await t.request({ method: "DELETE", url: `/api/campaigns/${id}`, cookie });
    expect(del.statusCode).toBe(204);
    expect((await t.get(`/api/campaigns/${id}`, { cookie })).statusCode).toBe(404);
    expect((await db.query(`select 1 from sends where id = $1`, [sendId])).rowCount).toBe(1);
    expect(
      (await db.query(`select 1 from automations where id = $1`, [automationId])).rowCount,
    ).toBe(1);
  });
});
