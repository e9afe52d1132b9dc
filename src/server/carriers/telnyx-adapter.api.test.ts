import { generateKeyPairSync } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleInboundNow } from "../features/carrier-webhooks/inbound.service";
import { consentEvents, suppressions } from "../features/compliance/compliance.schema";
import { messages } from "../features/messages/messages.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { queueMessage } from "../features/outbound/outbound.service";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { startTelnyxStandIn } from "../test/telnyx-stand-in";
import { TELNYX_WEBHOOK_PATH } from "./telnyx-adapter";

/**
 * Parley with CARRIER=telnyx against a local stand-in of Telnyx's API v2: sends go out through
 * the one outbound path and the Telnyx adapter (over real HTTP), and the stand-in's Ed25519-signed
 * webhooks come back to /webhooks/telnyx/messaging, through the same ingress and status services
 * as Twilio's.
 */
const API_KEY = "KEY0123456789ABCDEF_test";
const PROFILE = "40017f8e-0a13-4e28-b4f5-standin00001";
const telnyx = await startTelnyxStandIn({ apiKey: API_KEY, messagingProfileId: PROFILE });
const t = await createTestServer({
  listen: true,
  env: {
    CARRIER: "telnyx",
    PAYMENTS: "test",
    TELNYX_API_KEY: API_KEY,
    TELNYX_PUBLIC_KEY: telnyx.publicKey,
    TELNYX_MESSAGING_PROFILE_ID: PROFILE,
    TELNYX_API_BASE: telnyx.base,
    CARRIER_TIMEOUT_MS: "1000",
    SEND_MPS_LONG_CODE: "100",
  },
});
telnyx.setProfileWebhook(`${t.baseUrl}${TELNYX_WEBHOOK_PATH}`);

const a = await buildAccountWithUser(t.db, { account: { businessName: "Bean There Cafe" } });
const b = await buildAccountWithUser(t.db, { account: { businessName: "Other Shop" } });
const A_NUMBER = "+12125550160";
const B_NUMBER = "+12125550161";
const [aNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: A_NUMBER, carrierSid: A_NUMBER, included: true })
  .returning();
const [bNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: b.account.id, number: B_NUMBER, carrierSid: B_NUMBER, included: true })
  .returning();

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const messageRow = async (id: number) =>
  (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

async function pendingDispatch(id: number): Promise<boolean> {
  const res = await t.db.$client.query<{ p: boolean }>(
    "select pending_dispatch as p from messages where id = $1",
    [id],
  );
  return res.rows[0]!.p;
}

function sendFromA(to: string, body: string) {
  return queueMessage(t.ctx, {
    accountId: a.account.id,
    from: { id: aNumber!.id, number: A_NUMBER },
    to,
    body,
    source: "inbox",
    messageClass: "transactional",
  });
}

/** Posts a body to the webhook with the given headers (signed by the stand-in unless told). */
/** A text in through Telnyx's webhook, then handled by the ingress worker's drain. */
async function textIn(from: string, to: string, text: string) {
  const status = await telnyx.textIn(from, to, text);
  await handleInboundNow(t.ctx);
  return status;
}

function postWebhook(body: string, headers: Record<string, string>, query = "") {
  return t.app.inject({
    method: "POST",
    url: `${TELNYX_WEBHOOK_PATH}${query}`,
    headers: { "content-type": "application/json", ...headers },
    payload: body,
  });
}

function inboundBody(from: string, to: string, text: string) {
  return JSON.stringify({
    data: {
      record_type: "event",
      id: crypto.randomUUID(),
      event_type: "message.received",
      occurred_at: new Date().toISOString(),
      payload: {
        id: crypto.randomUUID(),
        direction: "inbound",
        type: "SMS",
        from: { phone_number: from },
        to: [{ phone_number: to, status: "webhook_delivered" }],
        text,
        media: [],
        parts: 1,
      },
    },
  });
}

describe("sending through Telnyx", () => {
  it("reaches Telnyx once, with its Idempotency-Key, through 5xx, 429 and a lost answer", async () => {
    const to = "+13105550101";
    telnyx.failNext(503);
    telnyx.failNext(429, 1);
    telnyx.dropNextAnswer();
    const queued = await sendFromA(to, "Your order is ready for pickup.");
    // Done when the dispatcher has recorded Telnyx's answer (the lost one was asked again).
    await until(
      "the dispatcher's record",
      () => pendingDispatch(queued.id),
      (p) => !p,
    );
    const row = await until(
      "delivery",
      () => messageRow(queued.id),
      (m) => m.status === "Delivered",
    );

    const attempts = telnyx.sendAttempts.filter((s) => s.to === to);
    // 503, 429, the taken-but-lost answer, then the replay of that first success.
    expect(attempts.map((s) => s.status)).toEqual([503, 429, 200, 200]);
    expect(new Set(attempts.map((s) => s.key))).toEqual(new Set([`parley-message-${queued.id}`]));
    const taken = telnyx.accepted.filter((m) => m.to === to);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ from: A_NUMBER, text: "Your order is ready for pickup." });
    expect(row.carrierSid).toBe(taken[0]!.id);
    expect(taken[0]!.webhookUrl).toBe(`${t.baseUrl}${TELNYX_WEBHOOK_PATH}?m=${queued.id}`);
  });

  it("sends a campaign to each consenting subscriber once, through a Telnyx 5xx", async () => {
    const fans = ["+19173000001", "+19173000002", "+19173000003"];
    const noConsent = "+19173000004";
    const db = t.db.$client;
    await db.query(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       select $1, p, 'Fan', now() from unnest($2::text[]) p`,
      [a.account.id, fans],
    );
    await db.query(
      `insert into subscribers (account_id, phone, first_name) values ($1, $2, 'Walk-in')`,
      [a.account.id, noConsent],
    );
    await db.query(
      `insert into account_credits (account_id, balance) values ($1, 1000)
       on conflict (account_id) do update set balance = 1000`,
      [a.account.id],
    );
    const cookie = await loginAs(t.app, a.user.username, a.user.password);
    telnyx.failNext(502);
    const send = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Fresh beans today!", longcodeId: aNumber!.id },
      { cookie },
    );
    expect(send.statusCode, send.body).toBe(201);
    const texts = await until(
      "the campaign at Telnyx",
      async () => telnyx.accepted.filter((m) => m.text.startsWith("Fresh beans today!")),
      (r) => r.length >= fans.length,
    );
    // Give a duplicate every chance to show up before counting.
    await until(
      "the campaign's records",
      async () =>
        (
          await db.query(
            `select count(*)::int as n from messages where account_id = $1 and run_id is not null and pending_dispatch`,
            [a.account.id],
          )
        ).rows[0].n,
      (n) => n === 0,
    );
    expect(texts.map((m) => m.to).sort()).toEqual(fans);
    expect(telnyx.accepted.filter((m) => m.to === noConsent)).toHaveLength(0);
    expect(telnyx.sendAttempts.filter((s) => s.status === 502)).toHaveLength(1);
  });

  it("records a final refusal (the recipient texted STOP at Telnyx) without retrying", async () => {
    const to = "+13105550102";
    // Telnyx's own STOP block, from a STOP Parley never heard of.
    telnyx.block(A_NUMBER, to);
    const queued = await sendFromA(to, "Flash sale!");
    const row = await until(
      "the refusal",
      () => messageRow(queued.id),
      (m) => m.status !== "Queued",
    );
    expect(row).toMatchObject({ status: "Stopped Number", errorCode: 21610 });
    const attempts = telnyx.sendAttempts.filter((s) => s.to === to);
    expect(attempts.map((s) => s.status)).toEqual([409]);
  });

  it("moves a message through the delivery webhooks, failures named as on Twilio", async () => {
    const landline = "+13105550103";
    telnyx.setOutcome(landline, {
      status: "delivery_failed",
      code: "40001",
      title: "Not routable",
    });
    const queued = await sendFromA(landline, "Hello landline");
    const row = await until(
      "the final status",
      () => messageRow(queued.id),
      (m) => m.status === "Failed Landline Delivery",
    );
    expect(row.errorCode).toBe(30006);
    const answers = telnyx.webhookAnswers.filter((w) => w.event !== "message.received");
    expect(answers.every((w) => w.status === 204)).toBe(true);
  });
});

describe("texts coming in through Telnyx", () => {
  it("opts the sender out on STOP, logs consent and answers through Telnyx", async () => {
    const phone = "+13105550201";
    expect(await textIn(phone, A_NUMBER, "STOP")).toBe(200);
    const suppressed = await t.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.accountId, a.account.id), eq(suppressions.phone, phone)));
    expect(suppressed.map((s) => s.reason)).toEqual(["opted_out"]);
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(events).toMatchObject([
      { action: "opt_out", source: "keyword", phoneNumberId: aNumber!.id },
    ]);
    const reply = await until(
      "the confirmation at Telnyx",
      async () => telnyx.accepted.filter((m) => m.to === phone),
      (r) => r.length > 0,
    );
    expect(reply).toHaveLength(1);
    expect(reply[0]!.text).toContain("Bean There Cafe: You have been unsubscribed");
    expect(reply[0]!.from).toBe(A_NUMBER);
  });

  it("answers HELP and takes START back, as on the Twilio path", async () => {
    const phone = "+13105550202";
    await textIn(phone, A_NUMBER, "STOP");
    await textIn(phone, A_NUMBER, "start");
    expect(
      await t.db.select().from(suppressions).where(eq(suppressions.phone, phone)),
    ).toHaveLength(0);
    await textIn(phone, A_NUMBER, "HELP");
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(events.map((e) => e.action)).toEqual(["opt_out", "opt_in", "help"]);
    const help = await until(
      "the HELP answer",
      async () => telnyx.accepted.filter((m) => m.to === phone && m.text.includes("Help:")),
      (r) => r.length > 0,
    );
    expect(help[0]!.text).toBe(
      `Bean There Cafe text alerts. Help: ${a.account.email}. Msg & data rates may apply. Reply STOP to opt out.`,
    );
  });

  it("records a reply once however often Telnyx repeats the event", async () => {
    const phone = "+13105550203";
    const body = inboundBody(phone, A_NUMBER, "Do you have oat milk?");
    for (let i = 0; i < 2; i++) {
      const { timestamp, signature } = telnyx.signed(body);
      const res = await postWebhook(body, {
        "telnyx-timestamp": timestamp,
        "telnyx-signature-ed25519": signature,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.db.select().from(messages).where(eq(messages.fromNumber, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: a.account.id,
      direction: "inbound",
      body: "Do you have oat milk?",
      status: "Received",
    });
  });

  it("refuses a bad, missing, altered or stale signature with 403 and changes nothing", async () => {
    const phone = "+13105550204";
    const body = inboundBody(phone, A_NUMBER, "STOP");
    const stranger = generateKeyPairSync("ed25519").privateKey;
    const wrongKey = telnyx.signed(body, { key: stranger });
    const stale = telnyx.signed(body, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const future = telnyx.signed(body, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    const good = telnyx.signed(body);
    const tries: Record<string, string>[] = [
      { "telnyx-timestamp": wrongKey.timestamp, "telnyx-signature-ed25519": wrongKey.signature },
      { "telnyx-timestamp": stale.timestamp, "telnyx-signature-ed25519": stale.signature },
      { "telnyx-timestamp": future.timestamp, "telnyx-signature-ed25519": future.signature },
      // A good signature with another timestamp than the one signed.
      {
        "telnyx-timestamp": String(Number(good.timestamp) - 1),
        "telnyx-signature-ed25519": good.signature,
      },
      { "telnyx-timestamp": good.timestamp },
      {},
    ];
    for (const headers of tries) {
      const res = await postWebhook(body, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    // The signed body altered after signing.
    const altered = await postWebhook(body.replace("STOP", "STOP "), {
      "telnyx-timestamp": good.timestamp,
      "telnyx-signature-ed25519": good.signature,
    });
    expect(altered.statusCode).toBe(403);
    expect(await t.db.select().from(messages).where(eq(messages.fromNumber, phone))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(suppressions).where(eq(suppressions.phone, phone)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone)),
    ).toHaveLength(0);
  });

  it("answers 400 to a signed body that is not JSON", async () => {
    const body = "{not json";
    const { timestamp, signature } = telnyx.signed(body);
    const res = await postWebhook(body, {
      "telnyx-timestamp": timestamp,
      "telnyx-signature-ed25519": signature,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("accounts stay apart on Telnyx", () => {
  it("an opt-out at another account's number stays with that account", async () => {
    const phone = "+13105550301";
    await textIn(phone, B_NUMBER, "STOP");
    const rows = await t.db.select().from(suppressions).where(eq(suppressions.phone, phone));
    expect(rows.map((r) => r.accountId)).toEqual([b.account.id]);
    const inbound = await t.db.select().from(messages).where(eq(messages.fromNumber, phone));
    expect(inbound.map((m) => m.phoneNumberId)).toEqual([bNumber!.id]);
  });

  it("a status naming another message, or another message's sid, is refused and changes nothing", async () => {
    const to = "+13105550302";
    const queued = await sendFromA(to, "Table for two at seven.");
    const done = await until(
      "delivery",
      () => messageRow(queued.id),
      (m) => m.status === "Delivered",
    );

    // B's message, still queued, never sent.
    const [bRow] = await t.db
      .insert(messages)
      .values({
        accountId: b.account.id,
        direction: "outbound",
        phoneNumberId: bNumber!.id,
        fromNumber: B_NUMBER,
        toNumber: "+13105550303",
        body: "hello",
        status: "Sending",
        carrierSid: "b-own-sid",
        source: "test",
      })
      .returning();
    const status = (sid: string, signedM: number) =>
      JSON.stringify({
        data: {
          event_type: "message.finalized",
          payload: {
            id: sid,
            direction: "outbound",
            from: { phone_number: A_NUMBER },
            to: [{ phone_number: to, status: "delivery_failed" }],
            webhook_url: `${t.baseUrl}${TELNYX_WEBHOOK_PATH}?m=${signedM}`,
            errors: [{ code: "40001", title: "Not routable" }],
          },
        },
      });
    const post = async (body: string, query: string) => {
      const { timestamp, signature } = telnyx.signed(body);
      return postWebhook(
        body,
        { "telnyx-timestamp": timestamp, "telnyx-signature-ed25519": signature },
        query,
      );
    };
    // A's signed event replayed at B's message URL.
    expect((await post(status(done.carrierSid!, queued.id), `?m=${bRow!.id}`)).statusCode).toBe(
      404,
    );
    // An event about B's message with a sid that is not B's.
    expect((await post(status(done.carrierSid!, bRow!.id), `?m=${bRow!.id}`)).statusCode).toBe(404);
    expect((await messageRow(bRow!.id)).status).toBe("Sending");
    expect((await messageRow(queued.id)).status).toBe("Delivered");
  });
});

describe("numbers and calls on Telnyx", () => {
  it("searches, orders into the messaging profile, looks up and releases numbers", async () => {
    const found = await t.ctx.carrier.searchNumbers({ areaCode: "646", tollFree: false, limit: 5 });
    expect(found[0]).toMatchObject({ locality: "NWYRCYZN01", region: "NY", tollFree: false });
    expect(found[0]!.number).toMatch(/^\+1646555/);
    const tollFree = await t.ctx.carrier.searchNumbers({ tollFree: true, limit: 5 });
    expect(tollFree.every((n) => n.tollFree)).toBe(true);

    const hooks = { smsUrl: "", statusCallback: "", friendlyName: "" };
    const bought = await t.ctx.carrier.buyNumber(found[0]!.number, hooks);
    expect(bought).toEqual({ sid: found[0]!.number, number: found[0]!.number });
    expect(telnyx.ownedNumbers.has(found[0]!.number)).toBe(true);
    await t.ctx.carrier.releaseNumber(bought.sid);
    expect(telnyx.ownedNumbers.has(found[0]!.number)).toBe(false);
    // Releasing again is not an error: it is already gone.
    await t.ctx.carrier.releaseNumber(bought.sid);

    expect(await t.ctx.carrier.lookup("+13105550000")).toMatchObject({
      valid: true,
      lineType: "landline",
      carrierName: "PACIFIC BELL",
    });
    expect(await t.ctx.carrier.lookup("+13105550404")).toMatchObject({
      valid: true,
      lineType: "mobile",
      carrierName: "T-Mobile",
    });
  });

  it("says voice is not available, and a voice broadcast is refused with 400 instead of failing later", async () => {
    const cookie = await loginAs(t.app, a.user.username, a.user.password);
    const me = await t.get("/api/account/me", { cookie });
    expect(me.json()).toMatchObject({ carrierEmulator: false, carrierVoice: false });
    expect((await t.get("/api/virtual-phones", { cookie })).statusCode).toBe(404);
    const res = await t.post(
      "/api/phone-messages",
      {
        text: "Our store opens at nine tomorrow.",
        voice: "en-US:woman",
        phoneNumberId: aNumber!.id,
        recipients: { mode: "all", subscriberIds: [], groupIds: [] },
      },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Voice broadcasts are not available: this server's carrier sends texts only.",
    );
    // The Twilio webhooks do not exist here: nothing can come in unverified that way.
    const twilio = await t.app.inject({
      method: "POST",
      url: "/webhooks/twilio/inbound",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "From=%2B13105550999&To=%2B12125550160&Body=STOP",
    });
    expect(twilio.statusCode).toBe(404);
  });
});
