import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app-context";
import { twilioSettings } from "../../carriers/credentials";
import { twilioSignature } from "../../carriers/twilio-signature";
import { buildAccount } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents, suppressions } from "../compliance/compliance.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { queueMessage } from "../outbound/outbound.service";
import { handleInboundNow } from "./inbound.service";

const t = await createTestServer();
const ctx = await createAppContext(t.config, t.db);
const token = twilioSettings(ctx).authToken;

const account = await buildAccount(t.db, { businessName: "Bean There Cafe" });
const [ourNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: "+12125550150", carrierSid: "PN0001" })
  .returning();
const other = await buildAccount(t.db);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: other.id, number: "+12125550151", carrierSid: "PN0002" });

let sidCounter = 0;
function nextSid() {
  sidCounter += 1;
  return `SM${String(sidCounter).padStart(32, "0")}`;
}

/** Posts a form-encoded webhook signed the way Twilio signs it (or with the given signature). */
function post(path: string, params: Record<string, string>, signature?: string) {
  const body = new URLSearchParams(params).toString();
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature":
        signature ?? twilioSignature(token, `${t.config.webhookBase}${path}`, params),
    },
    payload: body,
  });
}

/** Posts an inbound text, then lets the ingress worker's drain handle what it recorded. */
async function inbound(from: string, body: string, sid = nextSid(), to = "+12125550150") {
  const res = await post("/webhooks/twilio/inbound", {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: twilioSettings(ctx).accountSid,
    From: from,
    To: to,
    Body: body,
    NumMedia: "0",
    NumSegments: "1",
  });
  await handleInboundNow(t.ctx);
  return res;
}

async function rowsFor(phone: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, account.id), eq(messages.fromNumber, phone)));
}

describe("carrier webhooks: signatures", () => {
  it("refuses a missing, wrong or replayed signature and stores nothing", async () => {
    const params = { MessageSid: nextSid(), From: "+13105550101", To: "+12125550150", Body: "hi" };
    const noSig = await t.app.inject({
      method: "POST",
      url: "/webhooks/twilio/inbound",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(params).toString(),
    });
    expect(noSig.statusCode).toBe(403);
    const wrongToken = twilioSignature(
      "not-the-token",
      `${t.config.webhookBase}/webhooks/twilio/inbound`,
      params,
    );
    expect((await post("/webhooks/twilio/inbound", params, wrongToken)).statusCode).toBe(403);
    // A signature made for the status URL is worthless on the inbound URL.
    const otherUrl = twilioSignature(
      token,
      `${t.config.webhookBase}/webhooks/twilio/status`,
      params,
    );
    expect((await post("/webhooks/twilio/inbound", params, otherUrl)).statusCode).toBe(403);
    // Altered parameters after signing.
    const good = twilioSignature(token, `${t.config.webhookBase}/webhooks/twilio/inbound`, params);
    expect(
      (await post("/webhooks/twilio/inbound", { ...params, Body: "changed" }, good)).statusCode,
    ).toBe(403);
    expect(await rowsFor("+13105550101")).toHaveLength(0);
  });
});

describe("carrier webhooks: inbound", () => {
  it("records a reply once, however often the carrier repeats it", async () => {
    const sid = nextSid();
    const first = await inbound("+13105550102", "Do you have oat milk?", sid);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toContain("text/xml");
    expect((await inbound("+13105550102", "Do you have oat milk?", sid)).statusCode).toBe(200);
    const rows = await rowsFor("+13105550102");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: "inbound",
      body: "Do you have oat milk?",
      status: "Received",
    });
  });

  it("opts the sender out on STOP and its siblings, logs consent and confirms once", async () => {
    const words = [
      "STOP",
      "stop",
      " Unsubscribe ",
      "cancel",
      "END",
      "quit",
      "revoke",
      "optout",
      "stopall",
    ];
    for (const [i, word] of words.entries()) {
      const phone = `+1310555020${i}`;
      await inbound(phone, word);
      const suppressed = await t.db
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.accountId, account.id), eq(suppressions.phone, phone)));
      expect(
        suppressed.map((s) => s.reason),
        word,
      ).toEqual(["opted_out"]);
      const events = await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
      expect(events).toMatchObject([
        { action: "opt_out", source: "keyword", phoneNumberId: ourNumber!.id },
      ]);
      const replies = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.toNumber, phone), eq(messages.direction, "outbound")));
      expect(replies).toHaveLength(1);
      expect(replies[0]!.body).toContain("Bean There Cafe: You have been unsubscribed");
      expect(replies[0]!.source).toBe("compliance");
    }
  });

  it("does not treat a sentence containing stop as an opt-out", async () => {
    await inbound("+13105550301", "please don't stop the deals");
    const suppressed = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.phone, "+13105550301"));
    expect(suppressed).toHaveLength(0);
  });

  it("opts back in on START and answers HELP with the program, a contact, rates and how to stop", async () => {
    const phone = "+13105550302";
    await inbound(phone, "STOP");
    await inbound(phone, "Start");
    expect(
      await t.db.select().from(suppressions).where(eq(suppressions.phone, phone)),
    ).toHaveLength(0);
    await inbound(phone, "help");
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(events.map((e) => e.action)).toEqual(["opt_out", "opt_in", "help"]);
    const replies = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, phone), eq(messages.direction, "outbound")));
    expect(replies.at(-1)!.body).toBe(
      `Bean There Cafe text alerts. Help: ${account.email}. Msg & data rates may apply. Reply STOP to opt out.`,
    );
  });

  it("keeps opt-outs per account", async () => {
    await inbound("+13105550303", "STOP", nextSid(), "+12125550151");
    const rows = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.phone, "+13105550303"));
    expect(rows.map((r) => r.accountId)).toEqual([other.id]);
  });

  it("never sends to an opted-out number", async () => {
    await inbound("+13105550304", "STOP");
    await expect(
      queueMessage(ctx, {
        accountId: account.id,
        from: { id: ourNumber!.id, number: ourNumber!.number },
        to: "+13105550304",
        body: "Flash sale!",
        source: "test",
      }),
    ).rejects.toThrow("This number has opted out of your messages and cannot be sent to.");
    const sent = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, "+13105550304"), eq(messages.source, "test")));
    expect(sent).toHaveLength(0);
  });
});

describe("carrier webhooks: status callbacks", () => {
  async function outbound(to: string) {
    const [row] = await t.db
      .insert(messages)
      .values({
        accountId: account.id,
        direction: "outbound",
        phoneNumberId: ourNumber!.id,
        fromNumber: ourNumber!.number,
        toNumber: to,
        body: "hello",
        status: "Queued",
        source: "test",
      })
      .returning();
    return row!;
  }
  const status = (id: number, sid: string, messageStatus: string, errorCode?: string) =>
    post(`/webhooks/twilio/status?m=${id}`, {
      MessageSid: sid,
      MessageStatus: messageStatus,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    });
  const statusOf = async (id: number) =>
    (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it("moves forward, ignores repeats and never lets a late 'sent' undo 'delivered'", async () => {
    const msg = await outbound("+13105550401");
    const sid = nextSid();
    expect((await status(msg.id, sid, "sent")).statusCode).toBe(204);
    expect((await statusOf(msg.id)).status).toBe("Sent");
    expect((await statusOf(msg.id)).carrierSid).toBe(sid);
    expect((await status(msg.id, sid, "delivered")).statusCode).toBe(204);
    expect((await status(msg.id, sid, "delivered")).statusCode).toBe(204);
    expect((await status(msg.id, sid, "sent")).statusCode).toBe(204);
    expect((await status(msg.id, sid, "queued")).statusCode).toBe(204);
    expect((await statusOf(msg.id)).status).toBe("Delivered");
  });

  it("maps failures and marks an opted-out recipient (21610)", async () => {
    const landline = await outbound("+13105550402");
    await status(landline.id, nextSid(), "undelivered", "30006");
    expect(await statusOf(landline.id)).toMatchObject({
      status: "Failed Landline Delivery",
      errorCode: 30006,
    });

    const optedOut = await outbound("+13105550403");
    await status(optedOut.id, nextSid(), "failed", "21610");
    expect((await statusOf(optedOut.id)).status).toBe("Stopped Number");
    const rows = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.phone, "+13105550403"));
    expect(rows).toMatchObject([{ reason: "opted_out", accountId: account.id }]);
    const events = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.phone, "+13105550403"));
    expect(events).toMatchObject([{ action: "opt_out", source: "carrier" }]);
  });

  it("answers 404 for a message it does not know, or a sid that does not match", async () => {
    expect((await status(999_999, nextSid(), "delivered")).statusCode).toBe(404);
    const msg = await outbound("+13105550404");
    const sid = nextSid();
    await status(msg.id, sid, "sent");
    expect((await status(msg.id, nextSid(), "delivered")).statusCode).toBe(404);
    expect((await statusOf(msg.id)).status).toBe("Sent");
  });
});
