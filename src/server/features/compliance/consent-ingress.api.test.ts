import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { consentEvents } from "./compliance.schema";

// Ingress → compliance → inbox, and what it means for marketing sends (issue 13, consent core).
const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000" },
});

const OURS = "+14155550191";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There", email: "owner@beanthere.test" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
{
  const owned = await t.ctx.carrier.buyNumber(OURS, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  await t.db
    .insert(phoneNumbers)
    .values({ accountId: account.id, number: OURS, carrierSid: owned.sid, included: true });
}

function text(from: string, body: string) {
  return receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to: OURS,
    body,
    mediaUrls: [],
    segments: 1,
  });
}

async function answersTo(phone: string) {
  return t.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.accountId, account.id),
        eq(messages.toNumber, phone),
        eq(messages.direction, "outbound"),
      ),
    )
    .orderBy(messages.id);
}

async function subscriberOf(phone: string) {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, phone)));
  return row;
}

async function audience(body: Record<string, unknown>, c = cookie) {
  const res = await t.post("/api/sends/audience", body, { cookie: c });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    selected: number;
    recipients: number;
    excluded: Record<string, number>;
    sampleText: string | null;
  };
}

async function thread(subscriberId: number) {
  const res = await t.get(`/api/inbox/conversations/${subscriberId}/messages?pageSize=50`, {
    cookie,
  });
  expect(res.statusCode).toBe(200);
  return res.json().rows as { type: string; message: string; automatic: boolean }[];
}

describe("a number that only texted a question", () => {
  it("is a conversation contact: in the inbox, not in an All Subscribers send", async () => {
    const added = await t.post(
      "/api/subscribers",
      { attestation: true, number: "+13105550401", firstName: "Ana", signupMethod: "MANUAL_ENTRY" },
      { cookie },
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ marketingConsent: true, consentSource: "manual" });

    await text("+13105550402", "Hi, do you sell gift cards?");
    const contact = await subscriberOf("+13105550402");
    expect(contact).toMatchObject({ consentSource: "inbound_message", marketingConsentAt: null });
    const inbox = (await t.get("/api/inbox/conversations", { cookie })).json();
    expect(inbox.rows.map((r: { number: string }) => r.number)).toContain("+13105550402");
    // No automatic answer to a question.
    expect(await answersTo("+13105550402")).toHaveLength(0);

    const detail = (await t.get(`/api/subscribers/${contact!.id}`, { cookie })).json();
    expect(detail).toMatchObject({ marketingConsent: false, marketingConsentAt: null });
    // The dashboard counts subscribers: the contact is not one.
    const dash = (await t.get("/api/dashboard", { cookie })).json();
    expect(dash.subscribers).toMatchObject({ total: 1, last30: 1 });
    // The subscriber list finds the conversation contacts apart.
    const only = (await t.get("/api/subscribers?marketingConsent=false", { cookie })).json();
    expect(only.rows.map((r: { number: string }) => r.number)).toEqual(["+13105550402"]);
    expect(only.total).toBe(1);

    const all = await audience({ isSubscribers: "all", text: "Hi [first name]!" });
    expect(all).toMatchObject({
      selected: 2,
      recipients: 1,
      excluded: { optedOut: 0, blocked: 0, landline: 0, noConsent: 1 },
      sampleText: "Hi Ana!",
    });
    // Picked by hand, it is still left out, and the refusal says why.
    const picked = { isSubscribers: "true", subscriberIds: [contact!.id] };
    expect(await audience(picked)).toMatchObject({ selected: 1, recipients: 0 });
    const refused = await t.post("/api/sends", { ...picked, message: "Sale!" }, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      "There is nobody to send this message to. Everyone selected has not given consent to marketing messages.",
    );
  });

  it("gains consent when the business records it by hand, with the attestation", async () => {
    const contact = await subscriberOf("+13105550402");
    const path = `/api/subscribers/${contact!.id}/marketing-consent`;
    const noAttestation = await t.post(path, { detail: "Paper form" }, { cookie });
    expect(noAttestation.statusCode).toBe(400);
    expect(noAttestation.body).toContain(
      "Confirm that this person agreed to receive marketing text messages from you.",
    );
    expect((await t.post(path, { attestation: true }, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    expect((await subscriberOf("+13105550402"))!.marketingConsentAt).toBeNull();

    const res = await t.post(
      path,
      { attestation: true, detail: "Signed the paper form at the counter" },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ marketingConsent: true, consentSource: "manual" });
    expect(res.json().consentHistory[0]).toMatchObject({
      action: "consent",
      source: "manual",
      detail: "Signed the paper form at the counter",
      userId: user.id,
    });
    expect((await audience({ isSubscribers: "all" })).recipients).toBe(2);
  });

  it("subscribes by texting START, consent recorded as keyword", async () => {
    await text("+13105550403", "Do you open on Sundays?");
    await text("+13105550403", "START");
    expect(await subscriberOf("+13105550403")).toMatchObject({
      consentSource: "keyword",
      consentDetail: "Texted START",
    });
    expect((await subscriberOf("+13105550403"))!.marketingConsentAt).not.toBeNull();
    // "Yes" to an agent's question is an ordinary reply, not an opt-in.
    await text("+13105550404", "Can I book a table?");
    await text("+13105550404", "Yes");
    expect((await subscriberOf("+13105550404"))!.marketingConsentAt).toBeNull();
    expect(await answersTo("+13105550404")).toHaveLength(0);
  });
});

describe("a send that reaches nobody", () => {
  it("is refused now, naming why; a scheduled one to All Subscribers may wait for people", async () => {
    const lone = await buildAccountWithUser(t.db);
    const c = await loginAs(t.app, lone.user.username, lone.user.password);
    const owned = await t.ctx.carrier.buyNumber("+14155550192", {
      smsUrl: "",
      statusCallback: "",
      friendlyName: "",
    });
    await t.db.insert(phoneNumbers).values({
      accountId: lone.account.id,
      number: "+14155550192",
      carrierSid: owned.sid,
      included: true,
    });
    const now = await t.post("/api/sends", { isSubscribers: "all", message: "Hi" }, { cookie: c });
    expect(now.statusCode).toBe(400);
    expect(now.json().error.message).toBe(
      "There is nobody to send this message to. You have no subscribers yet.",
    );
    const later = await t.post(
      "/api/sends",
      {
        isSubscribers: "all",
        message: "Hi",
        isScheduled: true,
        date: "2099-01-05",
        time: "10:00",
        timezone: "America/New_York",
      },
      { cookie: c },
    );
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe("automatic answers", () => {
  it("confirms a STOP once, however often it is repeated, and logs every one", async () => {
    const phone = "+13105550410";
    await text(phone, "Stop please");
    await text(phone, "STOP");
    await text(phone, "stop.");
    const answers = await answersTo(phone);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ source: "compliance" });
    expect(answers[0]!.body).toBe(
      "Bean There: You have been unsubscribed and will receive no further messages. Reply START to resubscribe.",
    );
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(events.map((e) => e.action)).toEqual(["opt_out", "opt_out", "opt_out"]);
  });

  it("confirms the first STOP of a number the business had opted out by hand", async () => {
    const phone = "+13105550416";
    const added = await t.post(
      "/api/subscribers",
      { attestation: true, number: phone, firstName: "Otto", signupMethod: "MANUAL_ENTRY" },
      { cookie },
    );
    const id = added.json().id;
    expect((await t.post(`/api/subscribers/${id}/opt-out`, undefined, { cookie })).statusCode).toBe(
      200,
    );
    await text(phone, "STOP");
    await text(phone, "STOP");
    expect((await answersTo(phone)).map((m) => m.body.slice(0, 30))).toEqual([
      "Bean There: You have been unsu",
    ]);
  });

  it("answers HELP from an opted-out number without 'Reply STOP', with the contact", async () => {
    const phone = "+13105550411";
    await text(phone, "STOP");
    await text(phone, "HELP");
    const help = (await answersTo(phone)).at(-1)!;
    expect(help.body).toBe(
      "Bean There text alerts. Help: owner@beanthere.test. Msg & data rates may apply. You are unsubscribed. Reply START to resubscribe.",
    );
    expect(help.body).not.toContain("Reply STOP");
  });

  it("names the account's support contact and program description when set", async () => {
    for (const [name, val] of [
      ["support_contact", "(415) 555-0100"],
      ["program_description", "Bean There weekly deals"],
    ])
      expect(
        (await t.put(`/api/account/settings/${name}`, { val }, { cookie })).statusCode,
        name,
      ).toBe(200);
    await text("+13105550412", "info");
    expect((await answersTo("+13105550412")).at(-1)!.body).toBe(
      "Bean There weekly deals. Help: (415) 555-0100. Msg & data rates may apply. Reply STOP to opt out.",
    );
    await t.put("/api/account/settings/program_description", { val: "" }, { cookie });
  });

  it("answers PARAR and AYUDA in Spanish", async () => {
    const phone = "+13105550413";
    await text(phone, "AYUDA");
    await text(phone, "PARAR");
    const [help, stop] = await answersTo(phone);
    expect(help!.body).toContain("Pueden aplicarse tarifas de mensajes y datos");
    expect(help!.body).toContain("Responda PARAR para darse de baja");
    expect(stop!.body).toBe(
      "Bean There: Se ha dado de baja y no recibirá más mensajes. Responda COMENZAR para volver a suscribirse.",
    );
  });

  it("does not opt out a sentence that merely contains STOP", async () => {
    await text("+13105550414", "I can't stop smiling, when do you open?");
    expect(await answersTo("+13105550414")).toHaveLength(0);
    const contact = await subscriberOf("+13105550414");
    const detail = (await t.get(`/api/subscribers/${contact!.id}`, { cookie })).json();
    expect(detail).toMatchObject({ optedOut: false, marketingConsent: false });
  });

  it("lists the automatic answers in the inbox thread, marked automatic", async () => {
    const phone = "+13105550415";
    await text(phone, "Hi, do you sell gift cards?");
    await text(phone, "HELP");
    await text(phone, "STOP");
    const contact = await subscriberOf(phone);
    const rows = await thread(contact!.id);
    const said = rows.filter((r) => r.type === "reply" || r.type === "message");
    expect(said.map((r) => [r.type, r.automatic, r.message.slice(0, 24)])).toEqual([
      ["reply", false, "Hi, do you sell gift car"],
      ["reply", false, "HELP"],
      ["message", true, "Bean There text alerts. "],
      ["reply", false, "STOP"],
      ["message", true, "Bean There: You have bee"],
    ]);
    // Opted out now: counted apart, not sent to.
    const all = await audience({ isSubscribers: "all" });
    expect(all.excluded.optedOut).toBeGreaterThanOrEqual(1);
  });
});
