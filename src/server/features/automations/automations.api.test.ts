import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dripToGraph } from "../../../domain/automation-graph";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { relayEvents } from "../events/event-relay";
import { advanceClock } from "./clock";
import { runDueSteps } from "./engine";
import { handleEngineEvents, scanDateTriggers } from "./enrol";

// The engine without a pipeline: the test takes each turn itself and moves the engine's clock.
const t = await createTestServer();
const db = t.db.$client;
const OURS = "+14155550177";
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
const numberId = (
  await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNauto', true) returning id`,
    [account.id, OURS],
  )
).rows[0]!.id;
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 100000, 100000)`,
  [account.id],
);
const groupId = (
  await db.query<{ id: number }>(
    `insert into groups (account_id, name) values ($1, 'VIP') returning id`,
    [account.id],
  )
).rows[0]!.id;

async function person(phone: string, consent = true) {
  const r = await db.query<{ id: string }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, $2, 'Ann', ${consent ? "now()" : "null"}) returning id`,
    [account.id, phone],
  );
  return Number(r.rows[0]!.id);
}

const joined = (subscriberId: number, automationId: number) =>
  handleEngineEvents(db, [
    {
      accountId: account.id,
      type: "group.joined",
      subscriberId,
      data: { groupId: groupOf.get(automationId) },
    },
  ]);

const textsTo = async (phone: string) =>
  (
    await db.query<{ body: string; source: string; lane: number }>(
      `select body, source, lane from messages where to_number = $1 and direction = 'outbound' order by id`,
      [phone],
    )
  ).rows;

const run = async (subscriberId: number, automationId: number) =>
  (
    await db.query(
      `select status, exit_reason, step_id, version, texts from automation_runs where subscriber_id = $1 and automation_id = $2`,
      [subscriberId, automationId],
    )
  ).rows[0];

async function turn() {
  let n = 0;
  for (;;) {
    const took = await runDueSteps(t.ctx);
    n += took;
    if (!took) return n;
  }
}

const twoStepDrip = dripToGraph([
  {
    wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
    body: "Welcome [first name]!",
  },
  { wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false }, body: "Day two tip" },
]);

/** A drip on a group of its own (so tests do not enter each other's drips). */
async function createDrip(name: string, graph = twoStepDrip, extra: Record<string, unknown> = {}) {
  const g = (
    await db.query<{ id: number }>(
      `insert into groups (account_id, name) values ($1, $2) returning id`,
      [account.id, `${name} group`],
    )
  ).rows[0]!.id;
  const res = await t.post(
    "/api/automations",
    { kind: "drip", name, trigger: { type: "group.joined", groupId: g }, graph, ...extra },
    { cookie },
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const pub = await t.post(`/api/automations/${id}/status`, { status: "active" }, { cookie });
  expect(pub.statusCode, pub.body).toBe(200);
  groupOf.set(id, g);
  return id;
}
const groupOf = new Map<number, number>();

describe("the automation engine", () => {
  it("walks a two-step drip once per step, keeping each step to one text however often it is asked", async () => {
    const id = await createDrip("Welcome series");
    const ann = await person("+13105550001");
    await joined(ann, id);
    await joined(ann, id); // a second join while inside changes nothing
    expect(await turn()).toBe(1);
    expect(await turn()).toBe(0);
    expect(await textsTo("+13105550001")).toEqual([
      { body: "Welcome Ann!", source: "automation", lane: 1 },
    ]);
    expect(await run(ann, id)).toMatchObject({ status: "active", step_id: "s2" });
    await advanceClock(db, 23 * 3600_000);
    expect(await turn()).toBe(0);
    await advanceClock(db, 3600_000 + 1000);
    expect(await turn()).toBe(1);
    expect((await textsTo("+13105550001")).map((m) => m.body)).toEqual([
      "Welcome Ann!",
      "Day two tip",
    ]);
    expect(await run(ann, id)).toMatchObject({ status: "completed", texts: 2 });

    const report = await t.get(`/api/automations/${id}/report`, { cookie });
    expect(report.json()).toMatchObject({ entered: 1, completed: 1, active: 0, texts: 2 });
    expect(report.json().steps.find((s: { stepId: string }) => s.stepId === "s1").passed).toBe(1);
  });

  it("takes an opted-out person out of every automation at once, and never texts them", async () => {
    const a = await createDrip("Opt-out A");
    const b = await createDrip("Opt-out B");
    const bob = await person("+13105550002");
    const cy = await person("+13105550003");
    await joined(bob, a);
    await joined(cy, a);
    await joined(bob, b);
    await handleEngineEvents(db, [
      { accountId: account.id, type: "subscriber.opted_out", subscriberId: bob, data: {} },
    ]);
    expect(await run(bob, a)).toMatchObject({ status: "exited", exit_reason: "opted_out" });
    expect(await run(bob, b)).toMatchObject({ status: "exited", exit_reason: "opted_out" });
    // An opt-out the engine has not heard of yet (a suppression row only) is caught at the step.
    await db.query(
      `insert into suppressions (account_id, phone, reason) values ($1, '+13105550003', 'opted_out')`,
      [account.id],
    );
    await turn();
    expect(await textsTo("+13105550002")).toEqual([]);
    expect(await textsTo("+13105550003")).toEqual([]);
    expect(await run(cy, a)).toMatchObject({ status: "exited", exit_reason: "opted_out" });
    const report = await t.get(`/api/automations/${a}/report`, { cookie });
    expect(report.json().optOuts).toBe(2);
  });

  it("keeps people on the version they entered unless asked to move them", async () => {
    const id = await createDrip("Versions");
    const dee = await person("+13105550004");
    await joined(dee, id);
    await turn();
    const changed = dripToGraph([
      {
        wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
        body: "Welcome v2",
      },
      { wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false }, body: "Day two v2" },
    ]);
    const put = await t.put(
      `/api/automations/${id}`,
      {
        name: "Versions",
        trigger: { type: "group.joined", groupId: groupOf.get(id) },
        graph: changed,
      },
      { cookie },
    );
    expect(put.json().version).toBe(2);
    const eve = await person("+13105550005");
    await joined(eve, id);
    await turn();
    await advanceClock(db, 25 * 3600_000);
    await turn();
    expect((await textsTo("+13105550004")).map((m) => m.body)).toEqual([
      "Welcome Ann!",
      "Day two tip",
    ]);
    expect((await textsTo("+13105550005")).map((m) => m.body)).toEqual([
      "Welcome v2",
      "Day two v2",
    ]);
  });

  it("ends a run on a reply, and does not text a person without marketing consent", async () => {
    const id = await createDrip("Replies");
    const fay = await person("+13105550006");
    const gus = await person("+13105550007", false);
    await joined(fay, id);
    await joined(gus, id);
    await turn();
    await handleEngineEvents(db, [
      {
        accountId: account.id,
        type: "message.received",
        subscriberId: fay,
        data: { body: "thanks" },
      },
    ]);
    expect(await run(fay, id)).toMatchObject({ status: "exited", exit_reason: "replied" });
    expect(await run(gus, id)).toMatchObject({ status: "exited", exit_reason: "no_consent" });
    expect(await textsTo("+13105550007")).toEqual([]);
  });

  it("enters people added to the group through the API, by the account events, and lets a reply end it", async () => {
    const id = await createDrip("Through events");
    const ivy = await person("+13105550009");
    const add = await t.post(
      `/api/groups/${groupOf.get(id)}/members`,
      { subscriberIds: [ivy] },
      { cookie },
    );
    expect(add.statusCode, add.body).toBe(200);
    while (await relayEvents(t.ctx));
    await turn();
    expect((await textsTo("+13105550009")).map((m) => m.body)).toEqual(["Welcome Ann!"]);
    await receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from: "+13105550009",
      to: OURS,
      body: "Who is this?",
      mediaUrls: [],
      segments: 1,
    });
    while (await relayEvents(t.ctx));
    expect(await run(ivy, id)).toMatchObject({ status: "exited", exit_reason: "replied" });
  });

  it("'Stop when they leave the group': on, leaving ends the drip; off, the drip goes on", async () => {
    const stops = await createDrip("Stops on leaving");
    const keepsOn = await createDrip("Keeps on", twoStepDrip, { exitOnGroupLeave: false });
    const lea = await person("+13105550072");
    for (const id of [stops, keepsOn]) {
      const add = await t.post(
        `/api/groups/${groupOf.get(id)}/members`,
        { subscriberIds: [lea] },
        { cookie },
      );
      expect(add.statusCode, add.body).toBe(200);
    }
    while (await relayEvents(t.ctx));
    await turn();
    expect((await textsTo("+13105550072")).map((m) => m.body)).toEqual([
      "Welcome Ann!",
      "Welcome Ann!",
    ]);
    for (const id of [stops, keepsOn]) {
      const removed = await t.post(
        `/api/groups/${groupOf.get(id)}/members/remove`,
        { subscriberIds: [lea] },
        { cookie },
      );
      expect(removed.json()).toEqual({ affected: 1 });
    }
    while (await relayEvents(t.ctx));
    expect(await run(lea, stops)).toMatchObject({ status: "exited", exit_reason: "left_group" });
    expect(await run(lea, keepsOn)).toMatchObject({ status: "active", step_id: "s2" });
    await advanceClock(db, 24 * 3600_000 + 1000);
    await turn();
    // Only the drip that keeps people after they leave sends its second step.
    expect((await textsTo("+13105550072")).map((m) => m.body)).toEqual([
      "Welcome Ann!",
      "Welcome Ann!",
      "Day two tip",
    ]);
    expect(await run(lea, keepsOn)).toMatchObject({ status: "completed", texts: 2 });
  });

  it("'Send from': a drip's texts go from the number it names", async () => {
    const SECOND = "+14155550178";
    const second = (
      await db.query<{ id: number }>(
        `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNauto2', true) returning id`,
        [account.id, SECOND],
      )
    ).rows[0]!.id;
    const id = await createDrip("From the second number", twoStepDrip, { phoneNumberId: second });
    const mo = await person("+13105550075");
    await joined(mo, id);
    await turn();
    const sent = await db.query<{ from: string }>(
      `select from_number as from from messages where to_number = '+13105550075' and direction = 'outbound'`,
    );
    expect(sent.rows).toEqual([{ from: SECOND }]);
  });

  it("texts those it can pay for when credits run short; the rest wait an hour at their step", async () => {
    const id = await createDrip("Short of credits");
    const saved = (
      await db.query(`select * from account_credits where account_id = $1`, [account.id])
    ).rows[0];
    await db.query(`update account_credits set balance = 1 where account_id = $1`, [account.id]);
    const jo = await person("+13105550010");
    const kim = await person("+13105550011");
    await joined(jo, id);
    await joined(kim, id);
    await turn();
    const sent = [...(await textsTo("+13105550010")), ...(await textsTo("+13105550011"))];
    expect(sent.length).toBe(1);
    const waiting = (
      await db.query(
        `select step_id from automation_runs where automation_id = $1 and status = 'active' order by id`,
        [id],
      )
    ).rows.map((r) => r.step_id);
    expect(waiting.sort()).toEqual(["s1", "s2"]);
    await db.query(`update account_credits set balance = $2 where account_id = $1`, [
      account.id,
      saved.balance,
    ]);
  });

  it("runs a workflow: a text, a wait for the reply with a timeout, a branch on each, a field set", async () => {
    const field = (
      await db.query<{ id: number }>(
        `insert into custom_fields (account_id, name, type) values ($1, 'Answered', 'string') returning id`,
        [account.id],
      )
    ).rows[0]!.id;
    const res = await t.post(
      "/api/automations",
      {
        kind: "workflow",
        name: "Ask and branch",
        trigger: { type: "message.received", words: ["menu"] },
        graph: {
          start: "ask",
          steps: [
            { id: "ask", type: "send", body: "Coffee or tea?", next: "wait" },
            {
              id: "wait",
              type: "wait_reply",
              timeoutMinutes: 60,
              onReply: "mark",
              onTimeout: "nudge",
            },
            { id: "mark", type: "set_field", fieldId: field, value: "yes", next: "thanks" },
            { id: "thanks", type: "send", body: "Thanks for answering!", next: null },
            { id: "nudge", type: "send", body: "Still thirsty?", next: null },
          ],
        },
        exitOnReply: false,
      },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(
      (await t.post(`/api/automations/${id}/status`, { status: "active" }, { cookie })).statusCode,
    ).toBe(200);
    const lee = await person("+13105550012");
    const max = await person("+13105550013");
    for (const who of [lee, max])
      await handleEngineEvents(db, [
        {
          accountId: account.id,
          // The inbound path chose this workflow for the text (carrier-webhooks tests cover that).
          type: "automation.text_matched",
          subscriberId: who,
          data: { automationIds: [id], body: "Menu please" },
        },
      ]);
    await turn();
    // Lee answers; Max does not, and an hour later is nudged.
    await handleEngineEvents(db, [
      { accountId: account.id, type: "message.received", subscriberId: lee, data: { body: "Tea" } },
    ]);
    await turn();
    await advanceClock(db, 61 * 60_000);
    await turn();
    expect((await textsTo("+13105550012")).map((m) => m.body)).toEqual([
      "Coffee or tea?",
      "Thanks for answering!",
    ]);
    expect((await textsTo("+13105550013")).map((m) => m.body)).toEqual([
      "Coffee or tea?",
      "Still thirsty?",
    ]);
    const attrs = (await db.query(`select attributes from subscribers where id = $1`, [lee]))
      .rows[0].attributes;
    expect(attrs[String(field)]).toBe("yes");
    expect(await run(lee, id)).toMatchObject({ status: "completed" });
    expect(await run(max, id)).toMatchObject({ status: "completed" });
  });

  it("refuses to publish a graph with a loop without a wait", async () => {
    const res = await t.post(
      "/api/automations",
      {
        kind: "workflow",
        name: "Loop",
        trigger: { type: "api" },
        graph: {
          start: "a",
          steps: [
            { id: "a", type: "send", body: "x", next: "b" },
            { id: "b", type: "add_group", groupId, next: "a" },
          ],
        },
      },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    const pub = await t.post(
      `/api/automations/${res.json().id}/status`,
      { status: "active" },
      { cookie },
    );
    expect(pub.statusCode).toBe(400);
    expect(pub.json().error.message).toBe(
      "The steps “Send a text” → “Add to a group” loop without a wait",
    );
  });

  it("enters people on their birthday once a year", async () => {
    const field = (
      await db.query<{ id: number }>(
        `insert into custom_fields (account_id, name, type) values ($1, 'Birthday', 'date') returning id`,
        [account.id],
      )
    ).rows[0]!.id;
    const res = await t.post(
      "/api/automations",
      {
        kind: "drip",
        name: "Birthday",
        trigger: { type: "date_field", fieldId: field, repeat: "yearly", daysBefore: 0 },
        graph: dripToGraph([
          {
            wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
            body: "Happy birthday!",
          },
        ]),
      },
      { cookie },
    );
    await t.post(`/api/automations/${res.json().id}/status`, { status: "active" }, { cookie });
    const today = (
      await db.query<{ d: string }>(
        `select to_char((select now() + offset_ms * interval '1 ms' from automation_clock) at time zone 'America/New_York', '1990-MM-DD') as d`,
      )
    ).rows[0]!.d;
    const hal = await person("+13105550008");
    await db.query(
      `update subscribers set attributes = jsonb_build_object($1::text, $2::text) where id = $3`,
      [String(field), today, hal],
    );
    expect(await scanDateTriggers(db)).toBe(1);
    expect(await scanDateTriggers(db)).toBe(0);
    await turn();
    expect((await textsTo("+13105550008")).map((m) => m.body)).toEqual(["Happy birthday!"]);
  });

  it("'Once, on the date' enters people on that very date only, 'Days before' it", async () => {
    const field = (
      await db.query<{ id: number }>(
        `insert into custom_fields (account_id, name, type) values ($1, 'Renewal', 'date') returning id`,
        [account.id],
      )
    ).rows[0]!.id;
    const res = await t.post(
      "/api/automations",
      {
        kind: "drip",
        name: "Renewal",
        trigger: { type: "date_field", fieldId: field, repeat: "once", daysBefore: 2 },
        graph: dripToGraph([
          {
            wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
            body: "Your plan renews in 2 days",
          },
        ]),
      },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    await t.post(`/api/automations/${res.json().id}/status`, { status: "active" }, { cookie });
    const { soon, lastYear } = (
      await db.query<{ soon: string; lastYear: string }>(
        `with d as (select ((select now() + offset_ms * interval '1 ms' from automation_clock)
                             at time zone 'America/New_York')::date + 2 as day)
         select to_char(day, 'YYYY-MM-DD') as soon,
                to_char((day - interval '1 year')::date, 'YYYY-MM-DD') as "lastYear" from d`,
      )
    ).rows[0]!;
    const due = await person("+13105550073");
    const past = await person("+13105550074");
    for (const [id, date] of [
      [due, soon],
      [past, lastYear],
    ] as const)
      await db.query(
        `update subscribers set attributes = jsonb_build_object($1::text, $2::text) where id = $3`,
        [String(field), date, id],
      );
    // The same day and month a year before is no renewal: 'Once' is not 'Every year'.
    expect(await scanDateTriggers(db)).toBe(1);
    await turn();
    expect((await textsTo("+13105550073")).map((m) => m.body)).toEqual([
      "Your plan renews in 2 days",
    ]);
    expect(await textsTo("+13105550074")).toEqual([]);
  });

  it("shows an account only its own automations", async () => {
    const id = await createDrip("Private");
    for (const url of [`/api/automations/${id}`, `/api/automations/${id}/report`])
      expect((await t.get(url, { cookie: otherCookie })).statusCode).toBe(404);
    expect(
      (await t.post(`/api/automations/${id}/status`, { status: "paused" }, { cookie: otherCookie }))
        .statusCode,
    ).toBe(404);
    const list = await t.get("/api/automations?kind=drip", { cookie: otherCookie });
    expect(list.json().rows).toEqual([]);
    // Another account's group as a trigger is refused.
    const res = await t.post(
      "/api/automations",
      {
        kind: "drip",
        name: "Theirs",
        trigger: { type: "group.joined", groupId },
        graph: twoStepDrip,
      },
      { cookie: otherCookie },
    );
    expect(res.statusCode).toBe(400);
  });
});

describe("automated replies", () => {
  const text = (from: string, body: string) =>
    receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from,
      to: OURS,
      body,
      mediaUrls: [],
      segments: 1,
    });

  it("answers the first matching rule once per period, marked automatic in the thread", async () => {
    const hours = await t.post(
      "/api/auto-replies",
      {
        name: "Hours",
        match: "contains",
        words: ["hours", "open"],
        reply: "We are open 9-5.",
        onceEveryMinutes: 60,
      },
      { cookie },
    );
    expect(hours.statusCode, hours.body).toBe(201);
    await t.post(
      "/api/auto-replies",
      {
        name: "Hello",
        match: "first_message",
        reply: "Thanks for texting!",
        phoneNumberId: numberId,
      },
      { cookie },
    );
    const preview = await t.post(
      "/api/auto-replies/preview",
      { body: "When are you OPEN?" },
      { cookie },
    );
    expect(preview.json()).toMatchObject({ name: "Hours", reply: "We are open 9-5." });

    await text("+13105550100", "Hi there");
    await text("+13105550100", "what are your hours?");
    await text("+13105550100", "hours again?");
    expect((await textsTo("+13105550100")).map((m) => [m.body, m.source])).toEqual([
      ["Thanks for texting!", "auto_reply"],
      ["We are open 9-5.", "auto_reply"],
    ]);
    await advanceClock(db, 61 * 60_000);
    await text("+13105550100", "hours?");
    expect((await textsTo("+13105550100")).length).toBe(3);
    // STOP is compliance's: no automated reply to it.
    await text("+13105550100", "STOP");
    expect((await textsTo("+13105550100")).map((m) => m.source).at(-1)).toBe("compliance");

    const sub = (await db.query(`select id from subscribers where phone = '+13105550100'`)).rows[0]
      .id;
    const thread = await t.get(`/api/subscribers/${sub}/messages`, { cookie });
    expect(thread.statusCode).toBe(200);

    const order = await t.post(
      "/api/auto-replies/order",
      { ids: [(await t.get("/api/auto-replies", { cookie })).json().rows[1].id, hours.json().id] },
      { cookie },
    );
    expect(order.json().rows.map((r: { name: string }) => r.name)).toEqual(["Hello", "Hours"]);
    expect((await t.get("/api/auto-replies", { cookie: otherCookie })).json().rows).toEqual([]);
    expect(
      (await t.get(`/api/auto-replies/${hours.json().id}`, { cookie: otherCookie })).statusCode,
    ).toBe(404);
  });
});
