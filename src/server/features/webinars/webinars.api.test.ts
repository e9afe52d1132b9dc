import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents } from "../compliance/compliance.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { sendDueReminders } from "./webinars.service";

/**
 * Webinars: registrants from a CSV (and from a Zoom stand-in), subscribers only with consent
 * (method 'Webinar Import', a consent-ledger line), reminders planned per offset, rescheduled when
 * the event moves, queued through the outbound path when due with each registrant's join link.
 */
const zoomHits: string[] = [];
const zoom = http.createServer((req, res) => {
  zoomHits.push(`${req.headers.authorization} ${req.url}`);
  res.setHeader("content-type", "application/json");
  if (req.url === "/v2/webinars/81234") {
    res.end(
      JSON.stringify({
        topic: "Spring Launch",
        start_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        duration: 45,
        join_url: "https://zoom.us/j/81234",
      }),
    );
  } else if (req.url?.startsWith("/v2/webinars/81234/registrants")) {
    res.end(
      JSON.stringify({
        registrants: [
          {
            first_name: "Zed",
            last_name: "Z",
            email: "z@x.test",
            phone: "(310) 555-0701",
            join_url: "https://zoom.us/w/z1",
          },
          { first_name: "No", last_name: "Phone", email: "n@x.test" },
        ],
        next_page_token: "",
      }),
    );
  } else {
    res.statusCode = 404;
    res.end("{}");
  }
});
await new Promise<void>((r) => zoom.listen(0, "127.0.0.1", r));
afterAll(() => new Promise<void>((r) => zoom.close(() => r())));

const t = await createTestServer({
  env: {
    ZOOM_ACCESS_TOKEN: "zoom-token",
    ZOOM_API_BASE: `http://127.0.0.1:${(zoom.address() as AddressInfo).port}/v2`,
  },
});
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
await t.db.insert(phoneNumbers).values({
  accountId: a.account.id,
  number: "+12125550170",
  carrierSid: "PN0170",
  state: "active",
});

// In two days, on the minute (reminder times are compared to the millisecond).
const start = new Date(Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
const CSV = [
  "First Name,Last Name,Email,Phone,Join URL,SMS Consent",
  "Ada,Lovelace,ada@x.test,(310) 555-0601,https://zoom.us/w/ada,yes",
  "Bob,Builder,bob@x.test,310-555-0602,https://zoom.us/w/bob,no",
  "Cy,Nope,cy@x.test,12,https://zoom.us/w/cy,yes",
].join("\n");

describe("webinars", () => {
  let eventId = 0;

  it("creates an event and refuses bad input with the field's message", async () => {
    const bad = await t.post(
      "/api/webinars",
      { title: "", startsAt: "soon", reminderOffsets: [], reminderMessage: "" },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    const res = await t.post(
      "/api/webinars",
      {
        title: "Product tour",
        startsAt: start.toISOString(),
        durationMinutes: 60,
        joinUrl: "https://zoom.us/j/1",
        phoneNumberId: null,
        reminderOffsets: [60, 1440],
        reminderMessage: "Hi [first name], [title] starts [start time]. Join: [join link]",
      },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    eventId = res.json().id;
    expect(res.json().reminderOffsets).toEqual([1440, 60]);
    // Another account sees nothing of it.
    expect((await t.get(`/api/webinars/${eventId}`, { cookie: cookieB })).statusCode).toBe(404);
    expect(
      (await t.post(`/api/webinars/${eventId}/import`, { csv: CSV }, { cookie: cookieB }))
        .statusCode,
    ).toBe(404);
  });

  it("imports CSV registrants: subscribers and reminders only with consent", async () => {
    const res = await t.post(`/api/webinars/${eventId}/import`, { csv: CSV }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      imported: 2,
      consented: 1,
      skipped: 1,
      remindersScheduled: 2,
    });
    expect(res.json().errors[0]).toContain("Row 4");
    const subs = await t.db.select().from(subscribers);
    const mine = subs.filter((s) => s.accountId === a.account.id);
    expect(mine.map((s) => [s.phone, s.signupMethod])).toEqual([
      ["+13105550601", "WEBINAR_IMPORT"],
    ]);
    const ledger = await t.db.select().from(consentEvents);
    expect(ledger.filter((c) => c.phone === "+13105550601")).toEqual([
      expect.objectContaining({ action: "opt_in", source: "webinar_import" }),
    ]);
    const regs = (await t.get(`/api/webinars/${eventId}/registrants`, { cookie })).json().rows;
    const ada = regs.find((r: { phone: string }) => r.phone === "+13105550601");
    const bob = regs.find((r: { phone: string }) => r.phone === "+13105550602");
    expect(bob).toMatchObject({ consent: false, subscriberId: null, reminders: [] });
    expect(
      ada.reminders.map((m: { offsetMinutes: number; status: string }) => [
        m.offsetMinutes,
        m.status,
      ]),
    ).toEqual([
      [1440, "scheduled"],
      [60, "scheduled"],
    ]);
    expect(new Date(ada.reminders[1].dueAt).getTime()).toBe(start.getTime() - 3_600_000);
    // The attestation checkbox covers a file without a consent column.
    const attested = await t.post(
      `/api/webinars/${eventId}/import`,
      { csv: "Phone,First Name\n3105550603,Cat", consent: true },
      { cookie },
    );
    // The event now has Ada and Cat with two reminders each.
    expect(attested.json()).toMatchObject({ consented: 1, remindersScheduled: 4 });
    const noPhone = await t.post(`/api/webinars/${eventId}/import`, { csv: "Name\nX" }, { cookie });
    expect(noPhone.statusCode).toBe(400);
  });

  it("reschedules reminders when the event moves and sends the due ones with the join link", async () => {
    const moved = new Date(start.getTime() + 86_400_000);
    const res = await t.request({
      method: "PUT",
      url: `/api/webinars/${eventId}`,
      body: {
        title: "Product tour",
        startsAt: moved.toISOString(),
        durationMinutes: 60,
        joinUrl: "https://zoom.us/j/1",
        phoneNumberId: null,
        reminderOffsets: [60],
        reminderMessage: "Hi [first name], [title] starts [start time]. Join: [join link]",
      },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().remindersScheduled).toBe(2); // Ada and Cat, one offset each
    const regs = (await t.get(`/api/webinars/${eventId}/registrants`, { cookie })).json().rows;
    const ada = regs.find((r: { phone: string }) => r.phone === "+13105550601");
    expect(ada.reminders).toHaveLength(1);
    expect(new Date(ada.reminders[0].dueAt).getTime()).toBe(moved.getTime() - 3_600_000);

    // Time passes to 59 minutes before the start: both reminders go out.
    expect(await sendDueReminders(t.ctx, new Date(moved.getTime() - 59 * 60_000))).toBe(2);
    const sent = (await t.db.select().from(messages)).filter(
      (m) => m.source === "webinar_reminder",
    );
    expect(sent).toHaveLength(2);
    const toAda = sent.find((m) => m.toNumber === "+13105550601")!;
    expect(toAda.body).toContain("Hi Ada, Product tour starts");
    expect(toAda.body).toContain("https://zoom.us/w/ada");
    expect(toAda.fromNumber).toBe("+12125550170");
    // Nothing twice.
    expect(await sendDueReminders(t.ctx, new Date(moved.getTime() - 30 * 60_000))).toBe(0);
  });

  it("'Send reminders from': the reminders go from the number the event names", async () => {
    const [second] = await t.db
      .insert(phoneNumbers)
      .values({
        accountId: a.account.id,
        number: "+12125550171",
        carrierSid: "PN0171",
        state: "active",
      })
      .returning();
    const later = new Date(start.getTime() + 3 * 86_400_000);
    const res = await t.request({
      method: "PUT",
      url: `/api/webinars/${eventId}`,
      body: {
        title: "Product tour",
        startsAt: later.toISOString(),
        durationMinutes: 60,
        joinUrl: "https://zoom.us/j/1",
        phoneNumberId: second!.id,
        reminderOffsets: [120],
        reminderMessage: "[title] starts [start time]. Join: [join link]",
      },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().remindersScheduled).toBe(2);
    expect(await sendDueReminders(t.ctx, new Date(later.getTime() - 119 * 60_000))).toBe(2);
    const sent = (await t.db.select().from(messages)).filter(
      (m) => m.source === "webinar_reminder" && m.body.startsWith("Product tour starts"),
    );
    expect(sent.map((m) => m.fromNumber)).toEqual(["+12125550171", "+12125550171"]);
  });

  it("imports a Zoom webinar through its API (local stand-in)", async () => {
    const res = await t.post(
      "/api/webinars/import-provider",
      { provider: "zoom", webinarId: "81234", consent: true },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: "Zoom", imported: 1, consented: 1 });
    expect(zoomHits.every((h) => h.startsWith("Bearer zoom-token"))).toBe(true);
    const ev = (await t.get(`/api/webinars/${res.json().eventId}`, { cookie })).json();
    expect(ev).toMatchObject({ title: "Spring Launch", source: "zoom", durationMinutes: 45 });
    const missing = await t.post(
      "/api/webinars/import-provider",
      { provider: "zoom", webinarId: "999" },
      { cookie },
    );
    expect(missing.statusCode).toBe(404);
    const goto = await t.post(
      "/api/webinars/import-provider",
      { provider: "goto", webinarId: "5" },
      { cookie },
    );
    expect(goto.statusCode).toBe(409);
    expect(goto.json().error.message).toContain("GoTo is not connected");
  });
});
