import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { advanceClock } from "../automations/clock";
import { runDueSteps } from "../automations/engine";
import "../automations/engine-loop";
import { handleEngineEvents } from "../automations/enrol";

// Workflows on the engine: the test takes each engine turn itself and moves the engine's clock.
const t = await createTestServer({ env: { API_RATE_LIMIT: "500" } });
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
await db.query(
  `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, '+14155550188', 'PNwf', true)`,
  [account.id],
);
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 100000, 100000)`,
  [account.id],
);

async function person(phone: string, consent = true) {
  const r = await db.query<{ id: string }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, $2, 'Rae', ${consent ? "now()" : "null"}) returning id`,
    [account.id, phone],
  );
  return Number(r.rows[0]!.id);
}

async function turn() {
  while ((await runDueSteps(t.ctx)) > 0);
}

const textsTo = async (phone: string) =>
  (
    await db.query<{ body: string; media_urls: string[]; credits: number }>(
      `select body, media_urls, credits from messages where to_number = $1 and direction = 'outbound' order by id`,
      [phone],
    )
  ).rows;

/** keyword → wait an hour → text (with a picture) → wait for a reply → thanks / nudge. */
const journey = {
  start: "wait1",
  steps: [
    { id: "wait1", type: "wait", wait: { mode: "delay", amount: 1, unit: "hours" }, next: "send1" },
    {
      id: "send1",
      type: "send",
      body: "Coffee or tea, [first name]?",
      mediaUrl: "https://example.org/menu.png",
      next: "reply1",
    },
    { id: "reply1", type: "wait_reply", timeoutMinutes: 60, onReply: "send2", onTimeout: "send3" },
    { id: "send2", type: "send", body: "Noted, thanks!", next: null },
    { id: "send3", type: "send", body: "Still thirsty?", next: null },
  ],
};

async function createWorkflow(name: string, graph: unknown = journey, trigger?: unknown) {
  const res = await t.post(
    "/api/automations",
    {
      kind: "workflow",
      name,
      trigger: trigger ?? { type: "keyword.joined", keywordId: null },
      graph,
      exitOnReply: false,
    },
    { cookie },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe("workflows", () => {
  it("keeps names unique in an account, and says so before saving", async () => {
    const id = await createWorkflow("Welcome flow");
    const again = await t.post(
      "/api/automations",
      {
        kind: "workflow",
        name: "welcome FLOW",
        trigger: { type: "api" },
        graph: journey,
      },
      { cookie },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe("A workflow with this name already exists");
    const taken = await t.get("/api/workflows/name-available?name=Welcome%20flow", { cookie });
    expect(taken.json()).toEqual({ available: false });
    const self = await t.get(`/api/workflows/name-available?name=Welcome%20flow&excludeId=${id}`, {
      cookie,
    });
    expect(self.json()).toEqual({ available: true });
    // Another account may use the same name.
    const theirs = await t.get("/api/workflows/name-available?name=Welcome%20flow", {
      cookie: otherCookie,
    });
    expect(theirs.json()).toEqual({ available: true });
  });

  it("stores the canvas layout apart from the graph (no new version) and duplicates as a draft", async () => {
    const id = await createWorkflow("Layout flow");
    const before = await t.get(`/api/workflows/${id}`, { cookie });
    expect(before.json()).toMatchObject({ kind: "workflow", layout: null, version: 1 });
    const layout = { positions: { trigger: { x: 0, y: 0 }, wait1: { x: 10, y: 150 } } };
    const saved = await t.put(`/api/workflows/${id}/layout`, layout, { cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ layout, version: 1 });
    const bad = await t.put(
      `/api/workflows/${id}/layout`,
      { positions: { a: { x: "left" } } },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);

    const copy = await t.post(`/api/workflows/${id}/duplicate`, undefined, { cookie });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "Layout flow (copy)",
      status: "draft",
      layout,
      graph: journey,
    });
    const copy2 = await t.post(`/api/workflows/${id}/duplicate`, undefined, { cookie });
    expect(copy2.json().name).toBe("Layout flow (copy 2)");
  });

  it("saves a draft with steps still to fill in, and refuses to publish it until they are", async () => {
    const graph = {
      start: "send1",
      steps: [
        { id: "send1", type: "send", body: "Hi", next: "add1" },
        { id: "add1", type: "add_group", groupId: 0, next: "hook1" },
        { id: "hook1", type: "webhook", url: "", next: null },
      ],
    };
    const id = await createWorkflow("Unfinished", graph);
    const pub = await t.post(`/api/workflows/${id}/publish`, undefined, { cookie });
    expect(pub.statusCode).toBe(400);
    expect(pub.json().error.message).toBe(
      "Choose a group for the step “Add to a group”; Enter the URL the step “Call a webhook” calls",
    );
    const dangling = await createWorkflow("Dangling", {
      start: "r",
      steps: [{ id: "r", type: "wait_reply", timeoutMinutes: 5, onReply: null, onTimeout: null }],
    });
    const pub2 = await t.post(`/api/workflows/${dangling}/publish`, undefined, { cookie });
    expect(pub2.json().error.message).toBe(
      "Every branch of the step “Wait for a reply” must lead somewhere",
    );
  });

  it("plays a published workflow: the wait, an MMS, the reply branch; an opt-out leaves at once", async () => {
    const id = await createWorkflow("Played");
    const pub = await t.post(`/api/workflows/${id}/publish`, undefined, { cookie });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().status).toBe("active");
    const ann = await person("+13105550141");
    const bob = await person("+13105550142");
    const cy = await person("+13105550143");
    for (const who of [ann, bob, cy])
      await handleEngineEvents(db, [
        {
          accountId: account.id,
          type: "keyword.joined",
          subscriberId: who,
          data: { keywordId: 9 },
        },
      ]);
    await turn();
    expect(await textsTo("+13105550141")).toEqual([]);
    await advanceClock(db, 61 * 60_000);
    await turn();
    const first = await textsTo("+13105550141");
    expect(first).toEqual([
      { body: "Coffee or tea, Rae?", media_urls: ["https://example.org/menu.png"], credits: 3 },
    ]);
    // Ann replies, Cy opts out; Bob stays silent and is nudged after the timeout.
    await handleEngineEvents(db, [
      { accountId: account.id, type: "message.received", subscriberId: ann, data: { body: "Tea" } },
      { accountId: account.id, type: "subscriber.opted_out", subscriberId: cy, data: {} },
    ]);
    await turn();
    await advanceClock(db, 61 * 60_000);
    await turn();
    expect((await textsTo("+13105550141")).map((m) => m.body)).toEqual([
      "Coffee or tea, Rae?",
      "Noted, thanks!",
    ]);
    expect((await textsTo("+13105550142")).map((m) => m.body)).toEqual([
      "Coffee or tea, Rae?",
      "Still thirsty?",
    ]);
    expect((await textsTo("+13105550143")).map((m) => m.body)).toEqual(["Coffee or tea, Rae?"]);

    const report = (await t.get(`/api/automations/${id}/report`, { cookie })).json();
    expect(report).toMatchObject({
      entered: 3,
      completed: 2,
      texts: 5,
      replies: 1,
      optOuts: 1,
      exited: [{ reason: "opted_out", label: "Opted out", count: 1 }],
    });
    expect(report.steps.find((s: { stepId: string }) => s.stepId === "send1").passed).toBe(3);
  });

  it("splits people over A/B branches by their shares, each text once, counted in the report", async () => {
    const id = await createWorkflow(
      "Split test",
      {
        start: "split1",
        steps: [
          {
            id: "split1",
            type: "split",
            branches: [
              { percent: 50, next: "a" },
              { percent: 50, next: "b" },
            ],
          },
          { id: "a", type: "send", body: "Offer A", next: null },
          { id: "b", type: "send", body: "Offer B", next: null },
        ],
      },
      { type: "message.received", words: ["splitme"] },
    );
    expect((await t.post(`/api/workflows/${id}/publish`, undefined, { cookie })).statusCode).toBe(
      200,
    );
    const phones = Array.from({ length: 20 }, (_, i) => `+1310555${String(1200 + i)}`);
    for (const phone of phones) {
      const who = await person(phone);
      await handleEngineEvents(db, [
        {
          accountId: account.id,
          // The inbound path chose this workflow for the text (carrier-webhooks tests cover that).
          type: "automation.text_matched",
          subscriberId: who,
          data: { automationIds: [id], body: "SPLITME" },
        },
      ]);
    }
    await turn();
    await turn();
    const bodies = (await Promise.all(phones.map(textsTo))).map((x) => x.map((m) => m.body));
    for (const b of bodies) expect(b.length).toBe(1);
    const a = bodies.filter((b) => b[0] === "Offer A").length;
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(20);
    const report = (await t.get(`/api/automations/${id}/report`, { cookie })).json();
    const step = (sid: string) => report.steps.find((s: { stepId: string }) => s.stepId === sid);
    expect(step("split1").passed).toBe(20);
    expect(step("a").passed).toBe(a);
    expect(step("b").passed).toBe(20 - a);
  });

  it("keeps people on their version when the running workflow is edited, unless moved", async () => {
    const id = await createWorkflow("Versioned", journey, {
      type: "message.received",
      words: ["versioned"],
    });
    await t.post(`/api/workflows/${id}/publish`, undefined, { cookie });
    const dee = await person("+13105550144");
    await handleEngineEvents(db, [
      {
        accountId: account.id,
        type: "automation.text_matched",
        subscriberId: dee,
        data: { automationIds: [id], body: "Versioned please" },
      },
    ]);
    await turn();
    const edited = structuredClone(journey);
    (edited.steps[1] as { body: string }).body = "New question?";
    const wf = (await t.get(`/api/workflows/${id}`, { cookie })).json();
    const put = await t.put(
      `/api/automations/${id}`,
      {
        name: wf.name,
        trigger: wf.trigger,
        graph: edited,
        phoneNumberId: null,
        exitOnReply: false,
        exitOnGroupLeave: true,
      },
      { cookie },
    );
    expect(put.json().version).toBe(2);
    await advanceClock(db, 61 * 60_000);
    await turn();
    expect((await textsTo("+13105550144")).map((m) => m.body)).toEqual(["Coffee or tea, Rae?"]);
  });

  it("test-runs a draft against one virtual phone, outside the report", async () => {
    const id = await createWorkflow("Draft test", {
      start: "send1",
      steps: [{ id: "send1", type: "send", body: "Test hello", next: null }],
    });
    await person("+13105550145");
    const res = await t.post(
      `/api/workflows/${id}/test-run`,
      { phone: "(310) 555-0145" },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe("+13105550145");
    await turn();
    expect((await textsTo("+13105550145")).map((m) => m.body)).toEqual(["Test hello"]);
    // Again: a second test of the same phone is allowed once the first has finished.
    expect(
      (await t.post(`/api/workflows/${id}/test-run`, { phone: "+13105550145" }, { cookie }))
        .statusCode,
    ).toBe(200);
    await turn();
    expect(await textsTo("+13105550145")).toHaveLength(2);
    const report = (await t.get(`/api/automations/${id}/report`, { cookie })).json();
    expect(report).toMatchObject({ entered: 0, texts: 0 });

    // A phone that is no subscriber with consent is refused, clearly.
    await person("+13105550146", false);
    for (const phone of ["+13105550146", "+13105550199"]) {
      const no = await t.post(`/api/workflows/${id}/test-run`, { phone }, { cookie });
      expect(no.statusCode).toBe(400);
      expect(no.json().error.message).toBe(
        "This phone is not a subscriber with marketing consent: text your keyword from it first",
      );
    }
    const bad = await t.post(`/api/workflows/${id}/test-run`, { phone: "hello" }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(await textsTo("+13105550146")).toEqual([]);
  });

  it("starts a workflow on an API call with an API key", async () => {
    const id = await createWorkflow(
      "By API",
      { start: "send1", steps: [{ id: "send1", type: "send", body: "From the API", next: null }] },
      { type: "api" },
    );
    const key = (
      await t.post("/api/api-keys", { name: "wf", scopes: ["sends:write"] }, { cookie })
    ).json().key as string;
    const call = (wf: number, body: unknown, k = key) =>
      t.request({
        method: "POST",
        url: `/api/v1/workflows/${wf}/runs`,
        body,
        csrf: false,
        headers: { authorization: `Bearer ${k}` },
      });
    const sid = await person("+13105550147");
    const draft = await call(id, { subscriberId: sid });
    expect(draft.statusCode).toBe(409);
    await t.post(`/api/workflows/${id}/publish`, undefined, { cookie });
    const ok = await call(id, { phone: "+1 310 555 0147" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ entered: true, subscriberId: sid });
    expect((await call(id, { subscriberId: sid })).json()).toEqual({
      entered: false,
      subscriberId: sid,
    });
    expect((await call(id, {})).statusCode).toBe(400);
    await turn();
    expect((await textsTo("+13105550147")).map((m) => m.body)).toEqual(["From the API"]);
    // A workflow with another trigger does not take API calls.
    const kw = await createWorkflow("Keyword only");
    await t.post(`/api/workflows/${kw}/publish`, undefined, { cookie });
    expect((await call(kw, { subscriberId: sid })).statusCode).toBe(400);
    // Another account's key sees neither the workflow nor the subscriber.
    const theirKey = (
      await t.post("/api/api-keys", { name: "x", scopes: ["sends:write"] }, { cookie: otherCookie })
    ).json().key as string;
    expect((await call(id, { subscriberId: sid }, theirKey)).statusCode).toBe(404);
  });

  it("shows another account's workflow to nobody (404 everywhere), and a drip is no workflow", async () => {
    const id = await createWorkflow("Mine only");
    const o = { cookie: otherCookie };
    expect((await t.get(`/api/workflows/${id}`, o)).statusCode).toBe(404);
    expect((await t.put(`/api/workflows/${id}/layout`, { positions: {} }, o)).statusCode).toBe(404);
    expect((await t.post(`/api/workflows/${id}/duplicate`, undefined, o)).statusCode).toBe(404);
    expect((await t.post(`/api/workflows/${id}/publish`, undefined, o)).statusCode).toBe(404);
    expect(
      (await t.post(`/api/workflows/${id}/test-run`, { phone: "+13105550145" }, o)).statusCode,
    ).toBe(404);
    expect((await t.get(`/api/automations/${id}/report`, o)).statusCode).toBe(404);
    expect((await t.get("/api/automations?kind=workflow", o)).json().rows).toEqual([]);
    const drip = await t.post(
      "/api/automations",
      {
        kind: "drip",
        name: "A drip",
        trigger: { type: "api" },
        graph: { start: "s", steps: [{ id: "s", type: "send", body: "x", next: null }] },
      },
      { cookie },
    );
    expect((await t.get(`/api/workflows/${drip.json().id}`, { cookie })).statusCode).toBe(404);
  });
});
