import { describe, expect, it } from "vitest";
import { dripToGraph } from "../../../domain/automation-graph";
import { TIMEZONES, timezoneByIana } from "../../../domain/timezones";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { advanceClock, engineNow } from "../automations/clock";
import { scanDateTriggers } from "../automations/enrol";
import type { Claimed } from "../outbound/dispatch-claim";
import { decideBatch } from "../outbound/dispatch-decide";

// Accounts anywhere in the world: a zone beyond the first ten (Europe/Paris) is taken, stored and
// used wherever an account's day or hour counts.
const t = await createTestServer();
const db = t.db.$client;
const PARIS = timezoneByIana("Europe/Paris")!.id;

async function accountIn(timezoneId: number) {
  const { account, user } = await buildAccountWithUser(t.db);
  const cookie = await loginAs(t.app, user.username, user.password);
  const profile = (await t.get("/api/account/profile", { cookie })).json();
  const put = await t.put(
    "/api/account/profile",
    { ...profile, industry: 2, businessPhone: "", timezoneId },
    { cookie },
  );
  expect(put.statusCode, put.body).toBe(200);
  return { account, cookie };
}

describe("time zones beyond the first ten", () => {
  it("serves every zone of the table, with its offset now; the database knows each one", async () => {
    const res = await t.get("/api/data/timezones");
    expect(res.statusCode).toBe(200);
    const zones = res.json();
    expect(Object.keys(zones)).toHaveLength(TIMEZONES.length);
    expect(zones[String(PARIS)]).toMatchObject({
      code: "Europe/Paris",
      name: "Central European Time",
      iana: "Europe/Paris",
    });
    expect(["+01:00", "+02:00"]).toContain(zones[String(PARIS)].offset);
    expect(zones["1"]).toMatchObject({ code: "ET", name: "Eastern Time" });
    // PostgreSQL reads days and hours in these zones too (automation dates, reports).
    const unknown = await db.query(
      `select n from unnest($1::text[]) n where not exists (select 1 from pg_timezone_names where name = n)`,
      [TIMEZONES.map((z) => z.iana)],
    );
    expect(unknown.rows).toEqual([]);
  });

  it("saves a zone of the table in the profile, refuses one it does not have, and shows its offset", async () => {
    const { cookie } = await accountIn(PARIS);
    const me = (await t.get("/api/account/me", { cookie })).json();
    expect(me).toMatchObject({ timezoneId: PARIS, timezoneIana: "Europe/Paris" });
    expect(["+01:00", "+02:00"]).toContain(me.timezone);
    const profile = (await t.get("/api/account/profile", { cookie })).json();
    const bad = await t.put(
      "/api/account/profile",
      { ...profile, businessPhone: "", timezoneId: TIMEZONES.length + 1 },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Choose a time zone from the list");
    expect((await t.get("/api/account/profile", { cookie })).json().timezoneId).toBe(PARIS);
  });

  it("holds marketing in the account's quiet hours in Paris time", async () => {
    const { account, cookie } = await accountIn(PARIS);
    const quiet = await t.put(
      "/api/account/settings/quiet_hours",
      { val: [["22:00", "08:00"]] },
      { cookie },
    );
    expect(quiet.statusCode, quiet.body).toBe(200);
    const eastern = await accountIn(1);
    await t.put(
      "/api/account/settings/quiet_hours",
      { val: [["22:00", "08:00"]] },
      { cookie: eastern.cookie },
    );
    // Wednesday 2026-11-25 22:30 UTC: 23:30 in Paris (its night), 17:30 in New York. A French
    // number has no US area, so the account's zone is the recipient's.
    const now = new Date("2026-11-25T22:30:00Z");
    const text = (accountId: number): Claimed => ({
      id: 0,
      accountId,
      phoneNumberId: 0,
      fromNumber: "+14155550100",
      toNumber: "+33612345678",
      body: "Sale",
      mediaUrls: [],
      runId: null,
      subscriberId: null,
      source: "campaign",
      lane: 1,
      credits: 1,
      internationalCredits: 0,
      attempts: 1,
      createdAt: now,
      deadlineAt: new Date(now.getTime() + 48 * 3600_000),
      ignoreQuietHours: false,
      outcomeUnknown: false,
      sendAt: now,
    });
    const [paris, newYork] = await decideBatch(
      t.ctx,
      [text(account.id), text(eastern.account.id)],
      now,
    );
    // Held until 08:00 in Paris (07:00 UTC in winter).
    expect(paris).toEqual({
      kind: "hold",
      until: new Date("2026-11-26T07:00:00Z"),
      reason: "quiet_hours",
    });
    expect(newYork).toEqual({ kind: "go" });
  });

  it("enters people on their birthday as the day is in Paris, not in New York", async () => {
    // The engine's clock at 19:00 in New York: already tomorrow (01:00) in Paris.
    const hourInNewYork = (at: Date) =>
      Number(
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "America/New_York",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .format(at)
          .replace(":", "."),
      );
    const h = hourInNewYork(await engineNow(db));
    const at = await advanceClock(db, (((19 - h + 24) % 24) * 60 + 0) * 60_000);
    expect(Math.floor(hourInNewYork(at))).toBe(19);
    const dayIn = (zone: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, month: "2-digit", day: "2-digit" }).format(
        at,
      );
    expect(dayIn("Europe/Paris")).not.toBe(dayIn("America/New_York"));

    const birthdays = [];
    for (const zone of [PARIS, 1]) {
      const { account, cookie } = await accountIn(zone);
      const field = (
        await db.query<{ id: number }>(
          `insert into custom_fields (account_id, name, type) values ($1, 'Birthday', 'date') returning id`,
          [account.id],
        )
      ).rows[0]!.id;
      const made = await t.post(
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
      expect(made.statusCode, made.body).toBe(201);
      const on = await t.post(
        `/api/automations/${made.json().id}/status`,
        { status: "active" },
        { cookie },
      );
      expect(on.statusCode, on.body).toBe(200);
      // Born on the day it now is in Paris.
      const person = await db.query<{ id: string }>(
        `insert into subscribers (account_id, phone, first_name, attributes, marketing_consent_at)
         values ($1, $2, 'Amélie', jsonb_build_object($3::text, $4::text), now()) returning id`,
        [
          account.id,
          `+1310555${String(account.id).padStart(4, "0")}`,
          String(field),
          `1990-${dayIn("Europe/Paris")}`,
        ],
      );
      birthdays.push({
        zone,
        automationId: made.json().id,
        subscriberId: Number(person.rows[0]!.id),
      });
    }
    expect(await scanDateTriggers(db)).toBe(1);
    const runs = await db.query<{ automation_id: number; subscriber_id: string }>(
      `select automation_id, subscriber_id from automation_runs where automation_id = any($1::int[])`,
      [birthdays.map((b) => b.automationId)],
    );
    const paris = birthdays.find((b) => b.zone === PARIS)!;
    expect(runs.rows.map((r) => [r.automation_id, Number(r.subscriber_id)])).toEqual([
      [paris.automationId, paris.subscriberId],
    ]);
  });
});
