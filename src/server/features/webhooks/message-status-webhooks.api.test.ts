import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app-context";
import { twilioSettings } from "../../carriers/credentials";
import { twilioSignature } from "../../carriers/twilio-signature";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startJsonReceiver } from "../../test/json-receiver";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

/**
 * message.status: a status callback (delivered, failed with its error code) changes the message
 * and writes the event in the same statement; the outbox relay and the webhook deliverer bring
 * it, signed, to the account's receiver. Accounts without a message.status webhook get no event.
 */
// The receiver listens on loopback, which tenants' webhooks may not reach unless allowed.
const t = await createTestServer({ pipeline: true, env: { OUTBOUND_ALLOW: "127.0.0.1" } });
const ctx = await createAppContext(t.config, t.db);
const token = twilioSettings(ctx).authToken;
const receiver = await startJsonReceiver();

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const keyRes = await t.post(
  "/api/api-keys",
  { name: "status hooks", scopes: ["webhooks:write"] },
  { cookie: cookieA },
);
const keyA = keyRes.json().key as string;
const hookRes = await t.request({
  method: "POST",
  url: "/api/v1/webhooks",
  body: { url: receiver.url("/status"), events: ["message.status"] },
  csrf: false,
  headers: { authorization: `Bearer ${keyA}` },
});
const hook = hookRes.json() as { id: number; secret: string };

const [numA] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+12125550160", carrierSid: "PN0160" })
  .returning();
const [numB] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: b.account.id, number: "+12125550161", carrierSid: "PN0161" })
  .returning();

async function outbound(accountId: number, num: { id: number; number: string }, to: string) {
  const [row] = await t.db
    .insert(messages)
    .values({
      accountId,
      direction: "outbound",
      phoneNumberId: num.id,
      fromNumber: num.number,
      toNumber: to,
      body: "hello",
      status: "Queued",
      source: "test",
    })
    .returning();
  return row!;
}

let sids = 0;
function statusCallback(id: number, messageStatus: string, errorCode?: string) {
  sids += 1;
  const path = `/webhooks/twilio/status?m=${id}`;
  const params: Record<string, string> = {
    MessageSid: `SM${String(sids).padStart(32, "7")}`,
    MessageStatus: messageStatus,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  };
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(token, `${t.config.webhookBase}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe("message.status webhook events", () => {
  it("delivers a signed event for a delivered text and for a failed one with its error code", async () => {
    expect(hookRes.statusCode).toBe(201);
    const ok = await outbound(a.account.id, numA!, "+13105550901");
    const bad = await outbound(a.account.id, numA!, "+13105550902");
    expect((await statusCallback(ok.id, "delivered")).statusCode).toBe(204);
    expect((await statusCallback(bad.id, "undelivered", "30006")).statusCode).toBe(204);

    const posts = await receiver.waitFor((p) => p.path === "/status", 2, 15_000);
    const byMessage = new Map(
      posts.map((p) => [(p.json.data as { messageId: number }).messageId, p]),
    );
    const delivered = byMessage.get(ok.id)!;
    const failed = byMessage.get(bad.id)!;
    expect(delivered.json).toMatchObject({
      type: "message.status",
      data: { messageId: ok.id, status: "Delivered", errorCode: null, to: "+13105550901" },
    });
    expect(failed.json).toMatchObject({
      type: "message.status",
      data: {
        messageId: bad.id,
        status: "Failed Landline Delivery",
        errorCode: 30006,
        from: "+12125550160",
      },
    });
    // Standard Webhooks: the library verifies (and parses) what arrived.
    for (const p of [delivered, failed])
      expect(new Webhook(hook.secret).verify(p.body, p.headers as Record<string, string>)).toEqual(
        p.json,
      );
  });

  it("writes no event for a repeated callback, nor for an account without such a webhook", async () => {
    const before = await eventCount();
    const msg = await outbound(a.account.id, numA!, "+13105550903");
    await statusCallback(msg.id, "delivered");
    await statusCallback(msg.id, "delivered"); // a repeat changes nothing
    const other = await outbound(b.account.id, numB!, "+13105550904");
    await statusCallback(other.id, "delivered");
    expect((await eventCount()) - before).toBe(1);
    const { rows } = await t.db.$client.query<{ account_id: number }>(
      "select account_id from account_events where type = 'message.status'",
    );
    expect(rows.every((r) => r.account_id === a.account.id)).toBe(true);
  });
});

async function eventCount() {
  const { rows } = await t.db.$client.query<{ n: number }>(
    "select count(*)::int as n from account_events where type = 'message.status'",
  );
  return rows[0]!.n;
}
