import { beforeAll, describe, expect, it } from "vitest";
import {
  createCall as createEmulatedCall,
  settleEmulatorCalls,
} from "../../carriers/emulator/calls.service";
import { sayTwiml } from "../../carriers/twilio-adapter";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { dispatchCalls } from "../outbound/dispatcher";
import { subscribers } from "../subscribers/subscribers.schema";
import { claimDueCalls } from "./voice.queries";
import { startDueBroadcasts } from "./voice.service";

/**
 * Voice broadcasts end to end against the emulator over real HTTP: the pipeline is driven by
 * hand so each step is seen. Only subscribers with voice consent who are not opted out are
 * called, each call once, even when a worker dies holding its claim.
 */
const t = await createTestServer({ listen: true, pipeline: false });

const NUMBER = "+14155550140";
const CONSENTED = "+13125550141";
const NO_VOICE = "+13125550142";
const OPTED_OUT = "+13125550143";
const LATE = "+13125550144";

let cookie: string;
let otherCookie: string;
let numberId: number;
let accountId: number;
let userId: number;
const ids: Record<string, number> = {};

async function emuCallsTo(phone: string) {
  const res = await t.db.$client.query<{ sid: string; status: string; duration: number | null }>(
    `select sid, status, duration_seconds as duration from emu_calls where to_number = $1 order by created_at`,
    [phone],
  );
  return res.rows;
}

async function runPipeline() {
  await startDueBroadcasts(t.ctx);
  await dispatchCalls(t.ctx);
  await settleEmulatorCalls();
}

function broadcastBody(extra: Record<string, unknown> = {}) {
  return {
    text: "Hello from Parley. Our store opens at nine tomorrow.",
    voice: "en-US:woman",
    phoneNumberId: numberId,
    recipients: { mode: "subscribers", subscriberIds: Object.values(ids), groupIds: [] },
    ...extra,
  };
}

beforeAll(async () => {
  const a = await buildAccountWithUser(t.db);
  const b = await buildAccountWithUser(t.db);
  cookie = await loginAs(t.app, a.user.username, a.user.password);
  accountId = a.account.id;
  userId = a.user.id;
  otherCookie = await loginAs(t.app, b.user.username, b.user.password);
  const owned = await t.ctx.carrier.buyNumber(NUMBER, {
    smsUrl: `${t.baseUrl}/webhooks/twilio/inbound`,
    statusCallback: "",
    friendlyName: "",
  });
  const [n] = await t.db
    .insert(phoneNumbers)
    .values({ accountId: a.account.id, number: NUMBER, carrierSid: owned.sid })
    .returning();
  numberId = n!.id;
  const rows = await t.db
    .insert(subscribers)
    .values(
      [CONSENTED, NO_VOICE, OPTED_OUT].map((phone) => ({
        accountId: a.account.id,
        phone,
        marketingConsentAt: new Date(),
      })),
    )
    .returning();
  for (const r of rows) ids[r.phone] = r.id;
  await t.db.$client.query(
    `insert into suppressions (account_id, phone, reason) values ($1, $2, 'opted_out')`,
    [a.account.id, OPTED_OUT],
  );
  for (const phone of [CONSENTED, OPTED_OUT]) {
    const res = await t.post(
      "/api/phone-messages/voice-consent",
      { subscriberId: ids[phone], given: true, evidence: "Pressed 1 to receive store calls" },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
  }
});

describe("voice broadcasts", () => {
  it("records voice consent as evidence in the consent ledger", async () => {
    const res = await t.db.$client.query(
      `select action, detail from consent_events where phone = $1`,
      [CONSENTED],
    );
    expect(res.rows).toEqual([
      { action: "voice_opt_in", detail: "Pressed 1 to receive store calls" },
    ]);
  });

  it("speaks a preview of the text with the chosen voice", async () => {
    const qs = new URLSearchParams({ text: "Hola, su pedido está listo.", voice: "es-ES:woman" });
    const res = await t.get(`/api/phone-messages/preview?${qs}`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("audio/wav");
    expect(res.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    const empty = await t.get("/api/phone-messages/preview?text=&voice=en-US:man", { cookie });
    expect(empty.statusCode).toBe(400);
  });

  it("counts who will be called and who is left out", async () => {
    const res = await t.post(
      "/api/phone-messages/audience",
      { recipients: broadcastBody().recipients },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ callable: 1, noVoiceConsent: 1, optedOut: 1 });
  });

  it("calls only the consenting, not opted-out subscriber, once, and records each status", async () => {
    const created = await t.post("/api/phone-messages", broadcastBody(), { cookie });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await runPipeline();

    expect(await emuCallsTo(NO_VOICE)).toEqual([]);
    expect(await emuCallsTo(OPTED_OUT)).toEqual([]);
    const calls = await emuCallsTo(CONSENTED);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.status).toBe("completed");
    expect(calls[0]!.duration).toBeGreaterThan(0);

    const detail = await t.get(`/api/phone-messages/${id}`, { cookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      status: "sent",
      calls: [{ toNumber: CONSENTED, status: "completed", credits: 1 }],
      completed: 1,
    });
    expect(detail.json().calls[0].durationSeconds).toBeGreaterThan(0);

    // The virtual phone hears it: a WAV served to the account, to nobody else.
    const heard = await t.get(`/api/virtual-phones/${encodeURIComponent(CONSENTED)}/calls`, {
      cookie,
    });
    expect(heard.json().rows).toHaveLength(1);
    const audio = await t.get(`/api/virtual-phones/calls/${calls[0]!.sid}/audio`, { cookie });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toContain("audio/wav");
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    const stolen = await t.get(`/api/virtual-phones/calls/${calls[0]!.sid}/audio`, {
      cookie: otherCookie,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it("never places a call twice when a worker dies holding its claim", async () => {
    const created = await t.post("/api/phone-messages", broadcastBody(), { cookie });
    const id = created.json().id as number;
    await startDueBroadcasts(t.ctx);
    // A worker claims the call, reaches the carrier, and dies before writing the answer down.
    const [claimed] = await claimDueCalls(t.db.$client, 10, 60);
    expect(claimed).toBeDefined();
    // The call as the carrier holds it after that first request (the emulator's own store:
    // Parley itself only places calls through dispatchCalls).
    await createEmulatedCall(t.ctx, {
      from: claimed!.fromNumber,
      to: claimed!.toNumber,
      twiml: sayTwiml(claimed!.text, claimed!.voice, claimed!.language),
      statusCallback: `${t.config.webhookBase}/webhooks/twilio/voice-status?c=${claimed!.id}`,
      idempotencyKey: `voice-call-${claimed!.id}`,
    });
    await settleEmulatorCalls();
    // Its lease lapses; the next worker claims the call again.
    await t.db.$client.query(
      `update voice_calls set claimed_until = now() - interval '1 second', status = 'pending' where id = $1`,
      [claimed!.id],
    );
    expect(await dispatchCalls(t.ctx)).toBe(1);
    await settleEmulatorCalls();
    expect(await emuCallsTo(CONSENTED)).toHaveLength(2); // one per broadcast
    const detail = await t.get(`/api/phone-messages/${id}`, { cookie });
    expect(detail.json().calls).toHaveLength(1);
    expect(detail.json().calls[0].status).toBe("completed");
  });

  it("schedules, edits and cancels a broadcast; a canceled one calls nobody", async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await t.post("/api/phone-messages", broadcastBody({ sendAt }), { cookie });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const scheduled = await t.get("/api/phone-messages?status=scheduled", { cookie });
    expect(scheduled.json().rows.map((r: { id: number }) => r.id)).toEqual([id]);
    const edited = await t.put(
      `/api/phone-messages/${id}`,
      broadcastBody({ sendAt, text: "Changed text", voice: "es-ES:man" }),
      { cookie },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: "Changed text", language: "es-ES", voice: "man" });
    const canceled = await t.request({
      method: "DELETE",
      url: `/api/phone-messages/${id}`,
      cookie,
    });
    expect(canceled.json().status).toBe("canceled");
    await t.db.$client.query(`update voice_broadcasts set send_at = now() where id = $1`, [id]);
    await runPipeline();
    expect(await emuCallsTo(CONSENTED)).toHaveLength(2);
  });

  it("answers another account's broadcast with 404 and refuses bad input with 400", async () => {
    const list = await t.get("/api/phone-messages", { cookie });
    const id = list.json().rows[0].id as number;
    expect((await t.get(`/api/phone-messages/${id}`, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    const del = await t.request({
      method: "DELETE",
      url: `/api/phone-messages/${id}`,
      cookie: otherCookie,
    });
    expect(del.statusCode).toBe(404);
    expect((await t.get("/api/phone-messages", { cookie: otherCookie })).json().rows).toEqual([]);
    const empty = await t.post("/api/phone-messages", broadcastBody({ text: " " }), { cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBeDefined();
    const huge = await t.post(
      "/api/phone-messages",
      broadcastBody({ phoneNumberId: 2_147_483_648 }),
      { cookie },
    );
    expect(huge.statusCode).toBe(400);
    const otherNumber = await t.post("/api/phone-messages", broadcastBody(), {
      cookie: otherCookie,
    });
    expect(otherNumber.statusCode).toBe(400);
  });

  it("records voice consent given verbally or in writing with the user, withdraws it, refuses a no-op", async () => {
    const [row] = await t.db
      .insert(subscribers)
      .values({ accountId, phone: LATE, marketingConsentAt: new Date() })
      .returning();
    const id = row!.id;
    const set = (body: Record<string, unknown>, c = cookie) =>
      t.post("/api/phone-messages/voice-consent", { subscriberId: id, ...body }, { cookie: c });

    const given = await set({ given: true, method: "verbal", evidence: "Said yes at the counter" });
    expect(given.statusCode).toBe(200);
    expect(given.json().voiceConsentAt).not.toBeNull();
    const twice = await set({ given: true, method: "verbal", evidence: "Again" });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe("This subscriber already agreed to voice calls.");
    expect((await set({ given: false, method: "fax", evidence: "x" })).statusCode).toBe(400);
    expect((await set({ given: false, method: "written", evidence: " " })).statusCode).toBe(400);
    expect(
      (await set({ given: false, method: "written", evidence: "x" }, otherCookie)).statusCode,
    ).toBe(404);
    const withdrawn = await set({ given: false, method: "written", evidence: "Letter of 3 May" });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().voiceConsentAt).toBeNull();
    const again = await set({ given: false, evidence: "Once more" });
    expect(again.json().error.message).toBe("This subscriber has not agreed to voice calls.");

    const ledger = await t.db.$client.query(
      `select action, detail, user_id from consent_events where phone = $1 order by id`,
      [LATE],
    );
    expect(ledger.rows).toEqual([
      { action: "voice_opt_in", detail: "Verbally: Said yes at the counter", user_id: userId },
      { action: "voice_opt_out", detail: "In writing: Letter of 3 May", user_id: userId },
    ]);
    // The subscriber page reads it from the consent history, with who recorded it.
    const history = await t.get(`/api/subscribers/${id}/consent-history`, { cookie });
    expect(history.json().rows[0]).toMatchObject({
      action: "voice_opt_out",
      detail: "In writing: Letter of 3 May",
      user: { id: userId },
    });
  });

  it("does not call someone whose voice consent was withdrawn after the broadcast started, and refunds", async () => {
    const id = (
      await t.db.$client.query<{ id: number }>(
        `select id::int from subscribers where account_id = $1 and phone = $2`,
        [accountId, LATE],
      )
    ).rows[0]!.id;
    await t.post(
      "/api/phone-messages/voice-consent",
      { subscriberId: id, given: true, method: "written", evidence: "Signed form" },
      { cookie },
    );
    const before = (await t.get("/api/credits", { cookie })).json().balance as number;
    const created = await t.post(
      "/api/phone-messages",
      broadcastBody({ recipients: { mode: "subscribers", subscriberIds: [id], groupIds: [] } }),
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    await startDueBroadcasts(t.ctx);
    expect((await t.get("/api/credits", { cookie })).json().balance).toBe(before - 1);
    await t.post(
      "/api/phone-messages/voice-consent",
      { subscriberId: id, given: false, method: "verbal", evidence: "Asked us to stop calling" },
      { cookie },
    );
    await dispatchCalls(t.ctx);
    await settleEmulatorCalls();
    expect(await emuCallsTo(LATE)).toEqual([]);
    const detail = (await t.get(`/api/phone-messages/${created.json().id}`, { cookie })).json();
    expect(detail).toMatchObject({ status: "sent", calls: [{ status: "canceled", credits: 0 }] });
    expect((await t.get("/api/credits", { cookie })).json().balance).toBe(before);
  });
});
