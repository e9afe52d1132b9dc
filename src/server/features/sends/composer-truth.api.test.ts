import { describe, expect, it } from "vitest";
import { SAMPLE_RECIPIENT_KEY } from "../../../domain/links";
import { TestClock } from "../../clock";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertRun, insertSend } from "../../test/send-factories";
import { queueMessage } from "../outbound/outbound.service";

// What the composer and the sent-messages screens say before and after a send, from the server's
// own rules. 21:30 in New York, 20:30 in Dallas (Texas allows marketing texts until 9 pm).
const clock = new TestClock("2026-11-25T02:30:00Z");
const t = await createTestServer({ clock, env: { SEND_WINDOWS: "law" } });
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const OURS = "+14155550177";
const numberId = (
  await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNtruth', true) returning id`,
    [account.id, OURS],
  )
).rows[0]!.id;
const person = async (phone: string) =>
  Number(
    (
      await db.query<{ id: string }>(
        `insert into subscribers (account_id, phone, marketing_consent_at) values ($1, $2, now()) returning id`,
        [account.id, phone],
      )
    ).rows[0]!.id,
  );
const newYork = await person("+12125550181");
const dallas = await person("+12145550182");
const link = (
  await t.post("/api/links", { longUrl: "https://coffee.example/menu" }, { cookie })
).json() as { id: number; shortUrl: string };

describe("the composer's view of the content rule", () => {
  it("says the local number may not carry links before 10DLC approval, and when 'Templates only' is on", async () => {
    const before = (await t.get("/api/content-status", { cookie })).json();
    expect(before).toMatchObject({ tenDlcRegistered: false, templatesOnly: false });
    const saved = await t.put(
      "/api/account/settings/template_sending_only",
      { val: true },
      { cookie },
    );
    expect(saved.statusCode).toBeLessThan(300);
    expect((await t.get("/api/content-status", { cookie })).json().templatesOnly).toBe(true);
    await t.put("/api/account/settings/template_sending_only", { val: false }, { cookie });
    expect((await t.get("/api/content-status", { cookie })).json().templatesOnly).toBe(false);
  });
});

describe("the composer's audience preview", () => {
  it("reads a tracked link as the first recipient gets it, counts who is outside legal hours, and the pace", async () => {
    const res = await t.post(
      "/api/sends/audience",
      {
        isSubscribers: "true",
        subscriberIds: [newYork, dallas],
        text: `Menu: [[link tracking id=${link.id}]]`,
        longcodeId: numberId,
      },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sampleText).toBe(
      `Menu: ${link.shortUrl}/${body.sampleText.slice(`Menu: ${link.shortUrl}/`.length)}`,
    );
    expect(body.sampleText).toMatch(new RegExp(`/l/\\w+/${newYork}-[\\w-]{8}$`));
    expect(body.outlook.outsideHours.text).toBe(
      "1 of 2 recipients is outside legal hours now; they get it from 8:00 AM their time",
    );
    // With its parts, so a screen in another language words the whole sentence.
    expect(body.outlook.outsideHours).toMatchObject({
      key: "{{who}} {{why}} now; they get it from {{time}} their time",
      values: {
        who: { key: "{{outside}} of {{total}} recipients is", values: { outside: 1, total: 2 } },
        why: { key: "outside legal hours", values: {} },
        time: "8:00 AM",
      },
    });
    expect(body.outlook.pace.text).toBe("under a minute at this number's pace (1 text a second)");
  });

  it("says nothing of legal hours once they are open", async () => {
    clock.set(new Date("2026-11-24T20:00:00Z"));
    const body = (
      await t.post(
        "/api/sends/audience",
        { isSubscribers: "true", subscriberIds: [newYork, dallas], text: "Hi" },
        { cookie },
      )
    ).json();
    expect(body.outlook.outsideHours).toBeNull();
    clock.set(new Date("2026-11-25T02:30:00Z"));
  });

  it("counts who is in the account's quiet hours in their own zone", async () => {
    // 15:00 in New York, 14:00 in Dallas: legal hours open, the account quiet 13:30-14:30.
    clock.set(new Date("2026-11-24T20:00:00Z"));
    const ask = async () =>
      (
        await t.post(
          "/api/sends/audience",
          { isSubscribers: "true", subscriberIds: [newYork, dallas], text: "Hi" },
          { cookie },
        )
      ).json().outlook.outsideHours?.text ?? null;
    try {
      const saved = await t.put(
        "/api/account/settings/quiet_hours",
        { val: [["13:30", "14:30"]] },
        { cookie },
      );
      expect(saved.statusCode).toBeLessThan(300);
      expect(await ask()).toBe(
        "1 of 2 recipients is in your quiet hours now; they get it from 2:30 PM their time",
      );
    } finally {
      await t.put("/api/account/settings/quiet_hours", { val: [] }, { cookie });
      clock.set(new Date("2026-11-25T02:30:00Z"));
    }
    expect(await ask()).toBe(
      "1 of 2 recipients is outside legal hours now; they get it from 8:00 AM their time",
    );
  });
});

describe("the recipient's state", () => {
  it("is read as the dispatcher reads it: a Dallas number living in Florida keeps Florida's hours (until 8 pm)", async () => {
    const field = await db.query<{ id: number }>(
      `insert into custom_fields (account_id, name, type) values ($1, 'Home', 'address') returning id`,
      [account.id],
    );
    const movedAway = await person("+12145550183");
    await db.query(`update subscribers set attributes = $2::jsonb where id = $1`, [
      movedAway,
      JSON.stringify({
        [field.rows[0]!.id]: { address: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" },
      }),
    ]);
    const preview = async (ids: number[]) =>
      (
        await t.post(
          "/api/sends/audience",
          { isSubscribers: "true", subscriberIds: ids, text: "Hi" },
          { cookie },
        )
      ).json().outlook.outsideHours?.text ?? null;
    // 20:30 in Dallas: Texas's hours are open, Florida's closed at 8 pm.
    expect(await preview([dallas])).toBeNull();
    expect(await preview([movedAway])).toBe(
      "The recipient is outside legal hours now; they get it from 8:00 AM their time",
    );
    // And the dispatcher holds it for the same reason.
    const queued = await queueMessage(t.ctx, {
      accountId: account.id,
      from: { id: numberId, number: OURS },
      to: "+12145550183",
      body: "Sunset special",
      source: "automation",
      subscriberId: movedAway,
    });
    const thread = await t.get(`/api/inbox/conversations/${movedAway}/messages`, { cookie });
    const rows = thread.json().rows as { message: string; waiting?: { text: string } }[];
    expect(rows.find((r) => r.message === "Sunset special")?.waiting?.text).toBe(
      "waiting for 8:00 AM Wednesday CT (Florida legal hours)",
    );
    await db.query(`update messages set pending_dispatch = false where id = $1`, [queued.id]);
  });
});

describe("sent messages", () => {
  it("show a tracked link as a short address, and why a text still waits", async () => {
    const text = `Menu: [[link tracking id=${link.id}]]`;
    const sendId = await insertSend(t.db, { accountId: account.id, text, phoneNumberId: numberId });
    const runId = await insertRun(t.db, {
      sendId,
      accountId: account.id,
      runAt: clock.now(),
      text,
      status: "running",
      recipients: 1,
    });
    const shown = `Menu: ${link.shortUrl}/${SAMPLE_RECIPIENT_KEY}`;
    const list = (await t.get("/api/reports/sent-messages", { cookie })).json();
    expect(list.rows.find((r: { id: number }) => r.id === runId).text).toBe(shown);
    const csv = (await exportedCsv(t, "/api/reports/sent-messages/export", cookie)).body;
    expect(csv).toContain(shown);
    expect(csv).not.toContain("[[link tracking");
    const dash = JSON.stringify((await t.get("/api/dashboard", { cookie })).json());
    expect(dash).not.toContain("[[link tracking");

    await queueMessage(t.ctx, {
      accountId: account.id,
      from: { id: numberId, number: OURS },
      to: "+12125550181",
      body: `Menu: ${link.shortUrl}/1-abcdefgh`,
      source: "campaign",
      subscriberId: newYork,
    });
    await db.query(
      "update messages set run_id = $1 where account_id = $2 and source = 'campaign'",
      [runId, account.id],
    );
    const recipients = (
      await t.get(`/api/reports/sent-messages/${runId}/recipients`, { cookie })
    ).json();
    expect(recipients.rows).toHaveLength(1);
    expect(recipients.rows[0].waiting).toMatchObject({
      code: "legal_hours",
      until: "2026-11-25T13:00:00.000Z",
      text: "waiting for 8:00 AM Wednesday ET (federal legal hours)",
    });
  });
});
