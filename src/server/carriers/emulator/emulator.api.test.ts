import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServer } from "../../test/harness";
import { startWebhookCapture } from "../../test/webhook-capture";
import { CarrierError } from "../carrier";
import { twilioSettings } from "../credentials";
import { TwilioAdapter } from "../twilio-adapter";
import { isValidTwilioSignature } from "../twilio-signature";
import { emuMessages } from "./emulator.schema";
import { startEmulatorDispatcher } from "./status-dispatcher";
import { textFromVirtualPhone } from "./virtual-phones.service";

// Everything goes through the real Twilio adapter over HTTP to the emulator in this server.
const t = await createTestServer({
  listen: true,
  env: {
    EMULATOR_LATENCY_MS: "30",
    EMULATOR_MPS_LONG_CODE: "100000",
    EMULATOR_MPS_TOLL_FREE: "100000",
  },
});
const hooks = await startWebhookCapture();
const carrier = t.ctx.carrier;
const { accountSid, authToken } = twilioSettings(t.ctx);

let sender: string;

beforeAll(async () => {
  const [first] = await carrier.searchNumbers({ areaCode: "415", tollFree: false, limit: 1 });
  sender = first!.number;
  await carrier.buyNumber(sender, {
    smsUrl: hooks.url("/sms"),
    statusCallback: hooks.url("/status"),
    friendlyName: "Main line",
  });
});

function send(to: string, extra: { body?: string; mediaUrls?: string[]; key?: string } = {}) {
  return carrier.send({
    from: sender,
    to,
    body: extra.body ?? "Hello from Parley",
    mediaUrls: extra.mediaUrls,
    statusCallback: hooks.url(`/status?m=${encodeURIComponent(to)}`),
    idempotencyKey: extra.key ?? randomUUID(),
  });
}

function callbacksOf(sid: string) {
  return hooks.received.filter((h) => h.path === "/status" && h.params.MessageSid === sid);
}

async function refusal(promise: Promise<unknown>): Promise<CarrierError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  return err as CarrierError;
}

describe("authentication", () => {
  it("answers 401 in Twilio's shape to wrong or missing credentials", async () => {
    const url = `${t.baseUrl}/emulator/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const wrong = `Basic ${Buffer.from(`${accountSid}:not-the-token`).toString("base64")}`;
    for (const headers of [{}, { authorization: wrong }] as Record<string, string>[]) {
      const res = await fetch(url, { method: "POST", headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 20003, message: "Authenticate", status: 401 });
    }
    const stranger = new TwilioAdapter({ ...twilioSettings(t.ctx), authToken: "f".repeat(32) });
    const err = await refusal(stranger.searchNumbers({ tollFree: true, limit: 1 }));
    expect([err.httpStatus, err.code, err.retryable]).toEqual([401, 20003, false]);
  });

  it("refuses another account's URL even with valid credentials", async () => {
    const res = await fetch(
      `${t.baseUrl}/emulator/2010-04-01/Accounts/AC${"0".repeat(32)}/Messages/SMx.json`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        },
      },
    );
    expect(res.status).toBe(401);
  });

  it("is not part of the published API", async () => {
    const doc = (await t.get("/api/docs/json")).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/emulator"))).toBe(false);
  });
});

describe("numbers", () => {
  it("offers local numbers of an area code with their place", async () => {
    const rows = await carrier.searchNumbers({ areaCode: "212", tollFree: false, limit: 5 });
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      number: "+12125550100",
      locality: "New York",
      region: "NY",
      tollFree: false,
    });
    expect(rows.map((r) => r.number)).toEqual([
      "+12125550100",
      "+12125550101",
      "+12125550102",
      "+12125550103",
      "+12125550104",
    ]);
  });

  it("still offers numbers in an area code it has no place for, and none in one that does not exist", async () => {
    const rows = await carrier.searchNumbers({ areaCode: "207", tollFree: false, limit: 3 });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ number: "+12075550100", region: "US", tollFree: false });
    expect(await carrier.searchNumbers({ areaCode: "999", tollFree: false, limit: 3 })).toEqual([]);
  });

  it("offers toll-free numbers", async () => {
    const rows = await carrier.searchNumbers({ tollFree: true, limit: 3 });
    expect(rows.map((r) => r.number)).toEqual(["+18335550100", "+18335550101", "+18335550102"]);
    expect(rows.every((r) => r.tollFree)).toBe(true);
    const in855 = await carrier.searchNumbers({ areaCode: "855", tollFree: true, limit: 1 });
    expect(in855[0]!.number).toBe("+18555550100");
  });

  it("sells a number once, hides it from searches, and offers it again once released", async () => {
    const number = "+13125550100";
    const bought = await carrier.buyNumber(number, {
      smsUrl: hooks.url("/sms"),
      statusCallback: "",
      friendlyName: "",
    });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect(bought.number).toBe(number);

    const search = () => carrier.searchNumbers({ areaCode: "312", tollFree: false, limit: 2 });
    expect((await search()).map((r) => r.number)).toEqual(["+13125550101", "+13125550102"]);

    const again = await refusal(
      carrier.buyNumber(number, { smsUrl: "", statusCallback: "", friendlyName: "" }),
    );
    expect([again.httpStatus, again.code]).toEqual([400, 21422]);

    await carrier.releaseNumber(bought.sid);
    expect((await search())[0]!.number).toBe(number);

    const gone = await refusal(carrier.releaseNumber(bought.sid));
    expect([gone.httpStatus, gone.code]).toEqual([404, 20404]);
  });

  it("answers the raw Twilio shapes", async () => {
    const auth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    const base = `${t.baseUrl}/emulator/2010-04-01/Accounts/${accountSid}`;
    const list = await fetch(
      `${base}/AvailablePhoneNumbers/US/Local.json?AreaCode=617&PageSize=1`,
      {
        headers: { authorization: auth },
      },
    );
    expect((await list.json()).available_phone_numbers).toEqual([
      expect.objectContaining({
        phone_number: "+16175550100",
        friendly_name: "(617) 555-0100",
        locality: "Boston",
        region: "MA",
        iso_country: "US",
        capabilities: { SMS: true, MMS: true, voice: true },
      }),
    ]);
    const buy = await fetch(`${base}/IncomingPhoneNumbers.json`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ PhoneNumber: "+16175550100", SmsUrl: "http://x.test/sms" }),
    });
    expect(buy.status).toBe(201);
    const number = await buy.json();
    expect(number).toMatchObject({
      phone_number: "+16175550100",
      friendly_name: "(617) 555-0100",
      sms_url: "http://x.test/sms",
      status_callback: "",
    });
    // incomingPhoneNumbers.list as the twilio SDK asks it (a page of PageSize, Twilio's keys).
    const owned = await fetch(`${base}/IncomingPhoneNumbers.json?PageSize=50`, {
      headers: { authorization: auth },
    });
    expect(owned.status).toBe(200);
    const page = await owned.json();
    expect(page.incoming_phone_numbers.map((n: { sid: string }) => n.sid)).toContain(number.sid);
    expect(page).toMatchObject({ page: 0, next_page_uri: null });
    const one = await fetch(
      `${base}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent("+16175550100")}`,
      { headers: { authorization: auth } },
    );
    expect((await one.json()).incoming_phone_numbers).toHaveLength(1);
    const release = await fetch(`${base}/IncomingPhoneNumbers/${number.sid}.json`, {
      method: "DELETE",
      headers: { authorization: auth },
    });
    expect(release.status).toBe(204);
  });
});

describe("sending", () => {
  it("accepts a text and posts signed callbacks: sent, then delivered", async () => {
    const to = "+14155551234";
    const sent = await send(to, { body: "Your order is ready" });
    expect(sent).toEqual({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: "queued",
      errorCode: null,
      segments: 1,
    });

    const calls = await hooks.waitFor((h) => h.params.MessageSid === sent.sid, 2);
    expect(calls.map((c) => c.params.MessageStatus)).toEqual(["sent", "delivered"]);
    for (const call of calls) {
      expect(call.url).toBe(hooks.url(`/status?m=${encodeURIComponent(to)}`));
      expect(isValidTwilioSignature(authToken, call.url, call.params, call.signature)).toBe(true);
      expect(isValidTwilioSignature("x".repeat(32), call.url, call.params, call.signature)).toBe(
        false,
      );
      expect(call.params).toMatchObject({
        MessageSid: sent.sid,
        SmsSid: sent.sid,
        AccountSid: accountSid,
        From: sender,
        To: to,
        SmsStatus: call.params.MessageStatus,
      });
      expect(call.params.ErrorCode).toBeUndefined();
    }

    // The dispatcher writes its progress back just after posting.
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(emuMessages).where(eq(emuMessages.sid, sent.sid));
      expect(row).toMatchObject({ status: "delivered", nextEventAt: null, pendingEvents: [] });
    });
  });

  it("reads a message back as Twilio's Message resource", async () => {
    const sent = await send("+14155551235", { body: "Hi" });
    const res = await fetch(
      `${t.baseUrl}/emulator/2010-04-01/Accounts/${accountSid}/Messages/${sent.sid}.json`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        },
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      sid: sent.sid,
      account_sid: accountSid,
      from: sender,
      to: "+14155551235",
      body: "Hi",
      direction: "outbound-api",
      num_segments: "1",
      num_media: "0",
      error_code: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sent.sid}.json`,
    });
  });

  it.each([
    ["+14155550001", 30006],
    ["+14155550002", 30003],
    ["+14155550003", 30007],
  ])("accepts a text to %s, then reports it undelivered with %i", async (to, code) => {
    const sent = await send(to);
    expect(sent.status).toBe("queued");
    const calls = await hooks.waitFor((h) => h.params.MessageSid === sent.sid, 2);
    expect(calls.map((c) => [c.params.MessageStatus, c.params.ErrorCode])).toEqual([
      ["sent", undefined],
      ["undelivered", String(code)],
    ]);
    expect(
      isValidTwilioSignature(authToken, calls[1]!.url, calls[1]!.params, calls[1]!.signature),
    ).toBe(true);
  });

  it.each([
    ["+14155550000", 21211],
    ["+14155550004", 21610],
  ])("refuses a text to %s with %i, stores nothing and posts nothing", async (to, code) => {
    const err = await refusal(send(to));
    expect([err.httpStatus, err.code, err.retryable]).toEqual([400, code, false]);
    const rows = await t.db.select().from(emuMessages).where(eq(emuMessages.toNumber, to));
    expect(rows).toEqual([]);
  });

  it("validates like Twilio: unknown sender, bad recipient, nothing to send", async () => {
    const base = { body: "x", statusCallback: "", idempotencyKey: randomUUID() };
    const notOurs = await refusal(
      carrier.send({ ...base, from: "+14155550199", to: "+14155551234" }),
    );
    expect(notOurs.code).toBe(21606);
    const badTo = await refusal(carrier.send({ ...base, from: sender, to: "+1415555" }));
    expect(badTo.code).toBe(21211);
    const empty = await refusal(
      carrier.send({ ...base, body: "", from: sender, to: "+14155551234" }),
    );
    expect(empty.code).toBe(21602);
  });

  it("counts segments: GSM-7 160/153, UCS-2 70/67, MMS as one", async () => {
    expect((await send("+14155551240", { body: "a".repeat(160) })).segments).toBe(1);
    expect((await send("+14155551240", { body: "a".repeat(161) })).segments).toBe(2);
    expect((await send("+14155551240", { body: "é".repeat(70) })).segments).toBe(1);
    expect((await send("+14155551240", { body: "😀".repeat(36) })).segments).toBe(2);
    const mms = await send("+14155551240", {
      body: "a".repeat(400),
      mediaUrls: ["https://example.test/a.jpg", "https://example.test/b.png"],
    });
    expect(mms.segments).toBe(1);
    const [row] = await t.db.select().from(emuMessages).where(eq(emuMessages.sid, mms.sid));
    expect(row!.mediaUrls).toEqual(["https://example.test/a.jpg", "https://example.test/b.png"]);
  });

  it("honours a repeated idempotency key when set to: same key, same message", async () => {
    const config = t.ctx.config as { EMULATOR_IDEMPOTENCY_KEYS: string };
    config.EMULATOR_IDEMPOTENCY_KEYS = "honour";
    try {
      const key = randomUUID();
      const first = await send("+14155551250", { key });
      const second = await send("+14155551250", { key, body: "changed on retry" });
      expect(second.sid).toBe(first.sid);
      const rows = await t.db.select().from(emuMessages).where(eq(emuMessages.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      await hooks.waitFor((h) => h.params.MessageSid === first.sid, 2);
      await new Promise((r) => setTimeout(r, 150));
      expect(callbacksOf(first.sid)).toHaveLength(2);
    } finally {
      config.EMULATOR_IDEMPOTENCY_KEYS = "ignore";
    }
  });

  it("ignores idempotency keys by default, as Twilio may; the sender finds what it sent by listing", async () => {
    const key = randomUUID();
    const since = new Date();
    const first = await send("+14155551251", { key, body: "Your table is ready" });
    const second = await send("+14155551251", { key, body: "Your table is ready" });
    expect(second.sid).not.toBe(first.sid);
    const found = await carrier.findSent({
      from: sender,
      to: "+14155551251",
      body: "Your table is ready",
      since,
    });
    expect([first.sid, second.sid]).toContain(found?.sid);
    expect(
      await carrier.findSent({ from: sender, to: "+14155551251", body: "Other text", since }),
    ).toBeNull();
  });

  it("posts each callback once when several dispatchers share the queue", async () => {
    const second = startEmulatorDispatcher(t.ctx);
    const third = startEmulatorDispatcher(t.ctx);
    try {
      const sent = await Promise.all(
        Array.from({ length: 60 }, (_, i) => send(`+1617555${String(2000 + i)}`)),
      );
      const sids = new Set(sent.map((m) => m.sid));
      await hooks.waitFor((h) => sids.has(String(h.params.MessageSid)), 120);
      await new Promise((r) => setTimeout(r, 150));
      for (const { sid } of sent) {
        expect(callbacksOf(sid).map((c) => c.params.MessageStatus)).toEqual(["sent", "delivered"]);
      }
    } finally {
      await Promise.all([second.stop(), third.stop()]);
    }
  });

  it("retries a callback the receiver refused, in order", async () => {
    let refusals = 0;
    hooks.respondWith((h) => {
      if (h.path === "/flaky" && refusals < 2) {
        refusals += 1;
        return 503;
      }
      return 200;
    });
    const sent = await carrier.send({
      from: sender,
      to: "+14155551260",
      body: "retry me",
      statusCallback: hooks.url("/flaky"),
      idempotencyKey: randomUUID(),
    });
    const calls = await hooks.waitFor((h) => h.params.MessageSid === sent.sid, 4, 8_000);
    hooks.respondWith(() => 200);
    expect(calls.map((c) => c.params.MessageStatus)).toEqual(["sent", "sent", "sent", "delivered"]);
  });
});

describe("lookup", () => {
  it.each([
    [
      "+14155551233",
      { valid: true, number: "+14155551233", lineType: "mobile", carrierName: "Verizon Wireless" },
    ],
    [
      "+14155551235",
      {
        valid: true,
        number: "+14155551235",
        lineType: "mobile",
        carrierName: "T-Mobile USA, Inc.",
      },
    ],
    [
      "+14155551239",
      { valid: true, number: "+14155551239", lineType: "mobile", carrierName: "AT&T Wireless" },
    ],
    [
      "+14155550001",
      {
        valid: true,
        number: "+14155550001",
        lineType: "landline",
        carrierName: "Lumen Technologies",
      },
    ],
    ["+14155550000", { valid: false, number: "+14155550000", lineType: null, carrierName: null }],
    [
      "+18445550100",
      { valid: true, number: "+18445550100", lineType: "unknown", carrierName: null },
    ],
    ["12", { valid: false, number: "12", lineType: null, carrierName: null }],
  ])("looks up %s", async (number, expected) => {
    expect(await carrier.lookup(number)).toEqual(expected);
  });
});

describe("a virtual phone texting in", () => {
  it("reaches the number's SmsUrl as a signed Twilio inbound webhook", async () => {
    const { sid } = await textFromVirtualPhone(t.ctx, {
      from: "+12125551234",
      to: sender,
      body: "STOP",
      mediaUrls: ["https://example.test/pic.jpg"],
    });
    const [hook] = await hooks.waitFor((h) => h.path === "/sms" && h.params.MessageSid === sid);
    expect(hook!.url).toBe(hooks.url("/sms"));
    expect(isValidTwilioSignature(authToken, hook!.url, hook!.params, hook!.signature)).toBe(true);
    expect(hook!.params).toMatchObject({
      MessageSid: sid,
      SmsSid: sid,
      SmsMessageSid: sid,
      AccountSid: accountSid,
      From: "+12125551234",
      To: sender,
      Body: "STOP",
      NumMedia: "1",
      NumSegments: "1",
      MediaUrl0: "https://example.test/pic.jpg",
      MediaContentType0: "image/jpeg",
      FromCountry: "US",
      FromState: "NY",
      ToCountry: "US",
    });
    const [row] = await t.db.select().from(emuMessages).where(eq(emuMessages.sid, sid));
    expect(row).toMatchObject({ direction: "inbound", status: "received" });
  });

  it("cannot text a number nobody owns", async () => {
    await expect(
      textFromVirtualPhone(t.ctx, { from: "+12125551234", to: "+12125550199", body: "hi" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
