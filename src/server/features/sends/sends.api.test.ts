import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countSegments } from "../../../domain/segments";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startPipeline } from "./pipeline";
import { startDueSends } from "./scheduler";

// The whole path: POST /api/sends → scheduler → fan-out → dispatch → the emulator over HTTP →
// status callbacks back into this server.
const t = await createTestServer({
  listen: true,
  pipeline: false,
  env: {
    EMULATOR_LATENCY_MS: "20",
    EMULATOR_MPS_LONG_CODE: "100000",
    SEND_MPS_LONG_CODE: "100000",
  },
});
const db = t.db.$client;

const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);

let sender = "";
const pipeline = startPipeline(t.ctx);
afterAll(() => pipeline.stop());

/** A subscriber with marketing consent, unless `consent: false` (a conversation contact). */
async function subscriber(phone: string, firstName: string, extra: Record<string, unknown> = {}) {
  const res = await db.query<{ id: number }>(
    `insert into subscribers (account_id, phone, first_name, is_landline, marketing_consent_at)
     values ($1, $2, $3, $4, case when $5 then now() end) returning id::int`,
    [account.id, phone, firstName, extra.landline ?? null, extra.consent !== false],
  );
  return res.rows[0]!.id;
}

beforeAll(async () => {
  const [first] = await t.ctx.carrier.searchNumbers({ areaCode: "212", tollFree: false, limit: 1 });
  sender = first!.number;
  const owned = await t.ctx.carrier.buyNumber(sender, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)`,
    [account.id, sender, owned.sid],
  );
  await subscriber("+12125550111", "Ana");
  await subscriber("+13125550112", "Ben");
  await subscriber("+14155550113", "");
  const opted = await subscriber("+12125550114", "Otto");
  await db.query(
    `insert into suppressions (account_id, phone, reason) values ($1, '+12125550114', 'opted_out')`,
    [account.id],
  );
  expect(opted).toBeGreaterThan(0);
  await subscriber("+12125550115", "Lena", { landline: true });
  await subscriber("+12125550002", "Una"); // the emulator reports this handset unreachable
  // Texted a question in, never subscribed: a conversation contact, in no marketing send.
  await subscriber("+12125550116", "Cora", { consent: false });
});

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("sending to subscribers", () => {
  it("personalises, excludes opted-out, landline and unconsented numbers, sends once each and charges credits", async () => {
    const before = (await t.get("/api/credits", { cookie })).json();
    const res = await t.post(
      "/api/sends",
      {
        isSubscribers: "all",
        message: "Hi [first name], fresh beans today!",
        header: true,
        footer: true,
      },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "running", recipients: 4 });
    const sendId = res.json().id;

    const run = await until(async () => {
      const r = await db.query(
        `select status, recipients, excluded, credits from send_runs where send_id = $1`,
        [sendId],
      );
      return r.rows[0]?.status === "completed" ? r.rows[0] : null;
    });
    expect(run).toMatchObject({ recipients: 4, excluded: 3, credits: 4 });

    const received = await db.query<{ to: string; body: string }>(
      `select to_number as "to", body from emu_messages where from_number = $1 order by to_number`,
      [sender],
    );
    expect(received.rows.map((r) => r.to)).toEqual([
      "+12125550002",
      "+12125550111",
      "+13125550112",
      "+14155550113",
    ]);
    const ana = received.rows.find((r) => r.to === "+12125550111")!;
    expect(ana.body).toBe("Bean There: Hi Ana, fresh beans today!\nReply STOP to opt out");
    expect(received.rows.find((r) => r.to === "+14155550113")!.body).toContain("Hi , fresh");

    // The unreachable handset fails at the carrier and its credit comes back.
    await until(async () => {
      const r = await db.query(
        `select status from messages where to_number = '+12125550002' and run_id is not null`,
      );
      return r.rows[0]?.status === "Undelivered" ? true : null;
    });
    const after = await until(async () => {
      const c = (await t.get("/api/credits", { cookie })).json();
      return c.balance === before.balance - 3 ? c : null;
    });
    expect(after.balance).toBe(before.balance - 3);
    const send = await t.get(`/api/sends/${sendId}`, { cookie });
    expect(send.json().status).toBe("completed");
  });

  it("answers the form's own messages for bad input and changes nothing", async () => {
    const count = async () => (await db.query("select count(*)::int as n from sends")).rows[0].n;
    const n = await count();
    const empty = await t.post("/api/sends", { isSubscribers: "all", message: "  " }, { cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Enter message");
    const noGroups = await t.post(
      "/api/sends",
      { isSubscribers: "false", groupIds: [], message: "Hi" },
      { cookie },
    );
    expect(noGroups.body).toContain("Select at least one group");
    const noDate = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Hi", isScheduled: true, time: "10:00", timezone: "UTC" },
      { cookie },
    );
    expect(noDate.body).toContain("Please select a date");
    const past = await t.post(
      "/api/sends",
      {
        isSubscribers: "all",
        message: "Hi",
        isScheduled: true,
        date: "2020-01-01",
        time: "10:00",
        timezone: "UTC",
      },
      { cookie },
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe("Please choose a date and time in the future.");
    expect(await count()).toBe(n);
  });

  it("refuses a send larger than the balance with the spec's credits message", async () => {
    await db.query("update account_credits set balance = 1 where account_id = $1", [account.id]);
    const res = await t.post("/api/sends", { isSubscribers: "all", message: "Hi" }, { cookie });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      "Whoops, looks like you don’t have enough message credits.",
    );
    await db.query("update account_credits set balance = 1000 where account_id = $1", [account.id]);
  });

  it("flags a time inside quiet hours unless sent anyway", async () => {
    await db.query(
      `insert into account_settings (account_id, name, value) values ($1, 'quiet_hours', '[["00:00","23:59"]]')`,
      [account.id],
    );
    const body = {
      isSubscribers: "all",
      message: "Late news",
      isScheduled: true,
      date: "2030-06-01",
      time: "12:00",
      timezone: "America/New_York",
    };
    const flagged = await t.post("/api/sends", body, { cookie });
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().error.code).toBe("QUIET_HOURS");
    const anyway = await t.post("/api/sends", { ...body, sendAnyway: true }, { cookie });
    expect(anyway.statusCode).toBe(201);
    await t.request({ method: "DELETE", url: `/api/sends/${anyway.json().id}`, cookie });
    await db.query(`delete from account_settings where account_id = $1 and name = 'quiet_hours'`, [
      account.id,
    ]);
  });
});

describe("group welcome messages", () => {
  it("texts the welcome message to members added on the group's page, once", async () => {
    const group = await db.query<{ id: number }>(
      `insert into groups (account_id, name, welcome_message) values ($1, 'Regulars', 'Welcome to the Regulars, [first name]!')
       returning id`,
      [account.id],
    );
    const ben = await db.query<{ id: number }>(
      "select id::int from subscribers where phone = '+13125550112'",
    );
    const add = await t.post(
      `/api/groups/${group.rows[0]!.id}/members`,
      { subscriberIds: [ben.rows[0]!.id] },
      { cookie },
    );
    expect(add.json().affected).toBe(1);
    // Adding them again is no new membership: no second welcome.
    await t.post(
      `/api/groups/${group.rows[0]!.id}/members`,
      { subscriberIds: [ben.rows[0]!.id] },
      { cookie },
    );
    const got = await until(async () => {
      const r = await db.query(
        "select body from emu_messages where to_number = '+13125550112' and body like 'Welcome%'",
      );
      return r.rows.length ? r.rows : null;
    });
    expect(got).toEqual([{ body: "Welcome to the Regulars, Ben!" }]);
    await new Promise((r) => setTimeout(r, 1500));
    const again = await db.query(
      "select count(*)::int as n from emu_messages where to_number = '+13125550112' and body like 'Welcome%'",
    );
    expect(again.rows[0].n).toBe(1);
  });
});

describe("scheduled and recurring sends", () => {
  const weekly = {
    isSubscribers: "all",
    message: "Weekly deal",
    isScheduled: true,
    date: "2030-03-04",
    time: "09:00",
    timezone: "America/New_York",
    repeatFrequency: "weekly",
    repeatDays: { monday: true },
  };

  it("stores the first run in the chosen zone, edits and cancels while scheduled", async () => {
    const res = await t.post("/api/sends", weekly, { cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: "scheduled",
      nextRunAt: "2030-03-04T14:00:00.000Z",
    });
    const id = res.json().id;
    const got = await t.get(`/api/sends/${id}`, { cookie });
    expect(got.json().form.message).toBe("Weekly deal");

    const edited = await t.put(`/api/sends/${id}`, { ...weekly, time: "10:30" }, { cookie });
    expect(edited.json().nextRunAt).toBe("2030-03-04T15:30:00.000Z");

    // Another account sees none of it.
    expect((await t.get(`/api/sends/${id}`, { cookie: otherCookie })).statusCode).toBe(404);
    expect((await t.put(`/api/sends/${id}`, weekly, { cookie: otherCookie })).statusCode).toBe(404);
    const foreignCancel = await t.request({
      method: "DELETE",
      url: `/api/sends/${id}`,
      cookie: otherCookie,
    });
    expect(foreignCancel.statusCode).toBe(404);

    const cancelled = await t.request({ method: "DELETE", url: `/api/sends/${id}`, cookie });
    expect(cancelled.json().status).toBe("cancelled");
    const again = await t.request({ method: "DELETE", url: `/api/sends/${id}`, cookie });
    expect(again.statusCode).toBe(409);
  });

  it("a cancel racing the start of the send waits for it and then refuses", async () => {
    const res = await t.post("/api/sends", { ...weekly, repeatFrequency: "never" }, { cookie });
    const id = res.json().id;
    // Play the scheduler: lock the send as it does while it starts a run.
    const scheduler = await db.connect();
    await scheduler.query("begin");
    await scheduler.query("select id from sends where id = $1 for update", [id]);
    const cancel = t.request({ method: "DELETE", url: `/api/sends/${id}`, cookie });
    await new Promise((r) => setTimeout(r, 300));
    await scheduler.query(
      `insert into send_runs (send_id, account_id, run_at, text, status)
       values ($1, $2, now(), 'x', 'completed')`,
      [id, account.id],
    );
    await scheduler.query("update sends set status = 'running', next_run_at = null where id = $1", [
      id,
    ]);
    await scheduler.query("commit");
    scheduler.release();
    const answer = await cancel;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(
      "This message has already started sending and can no longer be changed.",
    );
  });

  it("a due recurring send starts one run per occurrence and moves to the next, across DST", async () => {
    const res = await t.post("/api/sends", weekly, { cookie });
    const id = res.json().id;
    await pipeline.stop(); // drive the scheduler by hand
    // Pretend its time has come.
    await db.query(`update sends set next_run_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    await startDueSends(t.ctx);
    await startDueSends(t.ctx); // a second pass starts nothing more
    const runs = await db.query(`select count(*)::int as n from send_runs where send_id = $1`, [
      id,
    ]);
    expect(runs.rows[0].n).toBe(1);
    const next = await db.query(`select next_run_at, status, run_count from sends where id = $1`, [
      id,
    ]);
    expect(next.rows[0].status).toBe("scheduled");
    expect(next.rows[0].run_count).toBe(1);
    // Mondays at 9:00 in New York, whatever the offset that week.
    const at = next.rows[0].next_run_at as Date;
    const local = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }).format(at);
    expect(local).toBe("Monday 09:00");
  });
});

describe("messages without foreign keys", () => {
  it("still go with their account, and lose a deleted number's link", async () => {
    const gone = await buildAccountWithUser(t.db);
    const num = await db.query<{ id: number }>(
      `insert into phone_numbers (account_id, number, carrier_sid) values ($1, '+12125550199', 'PNX') returning id`,
      [gone.account.id],
    );
    await db.query(
      `insert into messages (account_id, direction, phone_number_id, from_number, to_number, status)
       values ($1, 'outbound', $2, '+12125550199', '+12125550111', 'Sent'),
              ($3, 'outbound', $2, '+12125550199', '+12125550111', 'Sent')`,
      [gone.account.id, num.rows[0]!.id, account.id],
    );
    await db.query("delete from phone_numbers where id = $1", [num.rows[0]!.id]);
    const kept = await db.query(
      "select phone_number_id from messages where account_id = $1 and from_number = '+12125550199'",
      [account.id],
    );
    expect(kept.rows).toEqual([{ phone_number_id: null }]);
    await db.query("delete from accounts where id = $1", [gone.account.id]);
    const left = await db.query("select count(*)::int as n from messages where account_id = $1", [
      gone.account.id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe("segments in SQL", () => {
  it("counts exactly like src/domain/segments.ts", async () => {
    const alphabet = fc.constantFrom(
      "a",
      "Z",
      " ",
      "1",
      "\n",
      "€",
      "^",
      "{",
      "[",
      "~",
      "|",
      "é",
      "ß",
      "😀",
      "ü",
      "日",
      "’",
      "-",
      "\\",
      "]",
    );
    const texts = fc.sample(
      fc.array(alphabet, { minLength: 0, maxLength: 420 }).map((a) => a.join("")),
      300,
    );
    texts.push(
      "a".repeat(160),
      "a".repeat(161),
      "😀".repeat(35),
      "😀".repeat(36),
      `${"a".repeat(152)}€`,
    );
    const res = await db.query<{ n: number }>(
      "select parley_segments(t) as n from unnest($1::text[]) with ordinality as u(t, i) order by i",
      [texts],
    );
    const fromSql = res.rows.map((r) => r.n);
    expect(fromSql).toEqual(texts.map((x) => countSegments(x).segments));
  });
});
