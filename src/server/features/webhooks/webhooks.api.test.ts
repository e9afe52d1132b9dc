import { createHmac, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startJsonReceiver } from "../../test/json-receiver";
import { keyRing, seal } from "../auth/secret-box";
import { mailMessages } from "../mail/mail.schema";
import { webhookOf } from "./webhook-signature";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.schema";

/**
 * Outgoing webhooks end to end: events from the outbox become signed JSON POSTs to a local
 * receiver, in order per subscriber, retried after failures, replayable, and an endpoint that
 * fails for a day is turned off with an e-mail.
 */
// The receiver listens on loopback, which tenants' webhooks may not reach unless allowed.
const t = await createTestServer({ pipeline: true, env: { OUTBOUND_ALLOW: "127.0.0.1" } });
const receiver = await startJsonReceiver();

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

async function key(cookie: string, scopes: string[]) {
  const res = await t.post("/api/api-keys", { name: "hooks", scopes }, { cookie });
  return res.json().key as string;
}
const keyA = await key(cookieA, ["webhooks:write", "subscribers:write"]);
const readA = await key(cookieA, ["webhooks:read"]);
const keyB = await key(cookieB, ["webhooks:write"]);

function call(k: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) {
  return t.request({ method, url, body, csrf: false, headers: { authorization: `Bearer ${k}` } });
}

const created = await call(keyA, "POST", "/api/v1/webhooks", {
  url: receiver.url("/hooks"),
  events: ["subscriber.created", "subscriber.opted_out"],
});
const hook = created.json() as { id: number; secret: string };

async function makeDue() {
  await t.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.status, "pending"));
}

describe("outgoing webhooks", () => {
  it("are managed with the webhooks scope, and not by another account or a read-only key", async () => {
    expect(created.statusCode).toBe(201);
    // Standard Webhooks' secret format: whsec_ and the base64 of the key's 32 bytes.
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call(readA, "GET", "/api/v1/webhooks");
    expect(list.json().rows).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(hook.secret);
    expect(
      (
        await call(readA, "POST", "/api/v1/webhooks", {
          url: receiver.url("/x"),
          events: ["send.finished"],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(keyB, "GET", `/api/v1/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect(
      (await call(keyB, "PATCH", `/api/v1/webhooks/${hook.id}`, { enabled: false })).statusCode,
    ).toBe(404);
    expect((await call(keyB, "GET", `/api/v1/webhooks/${hook.id}/deliveries`)).statusCode).toBe(
      404,
    );
    expect((await call(keyB, "DELETE", `/api/v1/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await call(keyB, "GET", "/api/v1/webhooks")).json().rows).toEqual([]);
    // The same webhooks on the developer dashboard.
    expect((await t.get("/api/webhooks", { cookie: cookieA })).json().rows).toHaveLength(1);
    const bad = await call(keyA, "POST", "/api/v1/webhooks", { url: "ftp://nope", events: [] });
    expect(bad.statusCode).toBe(400);
  });

  it("delivers signed events in order per subscriber, holding later ones while one is retried", async () => {
    // The receiver refuses everything at first.
    let failing = true;
    receiver.respondWith(() => (failing ? 503 : 200));
    const sub = await call(keyA, "POST", "/api/v1/subscribers", {
      number: "+13105550171",
      firstName: "Ordered",
    });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().id as number;
    expect((await call(keyA, "POST", `/api/v1/subscribers/${subId}/opt-out`)).statusCode).toBe(200);

    // The first delivery is tried and fails; the second waits behind it.
    await waitUntil(async () => {
      const rows = await deliveriesOf(subId);
      return rows.length === 2 && rows[0]!.attempts >= 1;
    });
    let rows = await deliveriesOf(subId);
    expect(rows.map((r) => [r.eventType, r.status])).toEqual([
      ["subscriber.created", "pending"],
      ["subscriber.opted_out", "pending"],
    ]);
    expect(rows[0]!.lastStatusCode).toBe(503);
    expect(rows[1]!.attempts).toBe(0);
    // Retried on a backoff (10 s after the first failure), not at once.
    expect(rows[0]!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3_000);

    failing = false;
    await makeDue();
    const posts = await receiver.waitFor(
      (p) => (p.json.data as { subscriberId: number }).subscriberId === subId,
      2,
    );
    expect(posts.map((p) => p.json.type)).toEqual(["subscriber.created", "subscriber.opted_out"]);
    // Signed per Standard Webhooks: the standardwebhooks library verifies what the receiver got.
    for (const p of posts) {
      const headers = p.headers as Record<string, string>;
      expect(new Webhook(hook.secret).verify(p.body, headers)).toEqual(p.json);
      expect(headers["webhook-id"]).toBe(p.json.id);
      expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(() => new Webhook(`whsec_${"A".repeat(43)}=`).verify(p.body, headers)).toThrow(
        WebhookVerificationError,
      );
      expect(() => new Webhook(hook.secret).verify(`${p.body} `, headers)).toThrow(
        WebhookVerificationError,
      );
      // The type rides in the body and, for routing before parsing, in a header.
      expect(p.headers["parley-event"]).toBe(p.json.type);
      // New secrets get no header of the older scheme.
      expect(p.headers["parley-signature"]).toBeUndefined();
    }
    // The receiver has both; each is marked delivered once its answer is written down.
    await waitUntil(async () => (await deliveriesOf(subId)).every((r) => r.status === "delivered"));
    rows = await deliveriesOf(subId);
    expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered"]);
  });

  it("keeps a delivery log and replays a delivery", async () => {
    const log = await call(readA, "GET", `/api/v1/webhooks/${hook.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    const delivered = log.json().rows.find((r: { status: string }) => r.status === "delivered");
    expect(delivered.attempts).toBeGreaterThanOrEqual(1);
    const before = receiver.received.length;
    const replay = await call(
      keyA,
      "POST",
      `/api/v1/webhooks/${hook.id}/deliveries/${delivered.id}/replay`,
    );
    expect(replay.statusCode).toBe(201);
    await receiver.waitFor(() => receiver.received.length > before);
    expect(receiver.received[before]!.json.id).toBe(delivered.eventId);
    // Recorded (and the endpoint's health with it) once the answer is in.
    await waitUntil(async () => {
      const pending = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, "pending"));
      return pending.length === 0;
    });
    expect(
      (await call(keyB, "POST", `/api/v1/webhooks/${hook.id}/deliveries/${delivered.id}/replay`))
        .statusCode,
    ).toBe(404);
  });

  it("turns an endpoint off after a day of failures and e-mails the account", async () => {
    receiver.respondWith(() => 500);
    // The replay's success may still be recording the endpoint's health: let it land first.
    await new Promise((r) => setTimeout(r, 500));
    await t.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, hook.id));
    expect(
      (await call(keyA, "POST", "/api/v1/subscribers", { number: "+13105550172" })).statusCode,
    ).toBe(201);
    await waitUntil(async () => {
      const [row] = await t.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, hook.id));
      return row!.enabled === false;
    });
    const got = await call(readA, "GET", `/api/v1/webhooks/${hook.id}`);
    expect(got.json().disabledReason).toMatch(/Turned off after failing for a day/);
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.accountId, a.account.id), eq(mailMessages.kind, "webhook_disabled")),
      );
    expect(mails).toHaveLength(1);
    // Turned back on by a person, it delivers what waited.
    receiver.respondWith(() => 200);
    const on = await call(keyA, "PATCH", `/api/v1/webhooks/${hook.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    await makeDue();
    await receiver.waitFor(
      (p) =>
        (p.json.data as { subscriberId: number }).subscriberId > 0 &&
        p.json.type === "subscriber.created",
      2,
    );
  });
});

describe("a secret made before Standard Webhooks", () => {
  it("still signs: standard headers keyed by the secret's text, and the old Parley-Signature", async () => {
    // The older format: whsec_ and 32 base64url characters, used whole as the HMAC key.
    const legacy = `whsec_${randomBytes(24).toString("base64url")}`;
    expect(legacy).toHaveLength(38);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        accountId: a.account.id,
        url: receiver.url("/legacy"),
        events: ["subscriber.created"],
        secret: seal(keyRing(t.config), legacy),
      })
      .returning();
    receiver.respondWith(() => 200);
    expect(
      (await call(keyA, "POST", "/api/v1/subscribers", { number: "+13105550173" })).statusCode,
    ).toBe(201);
    const [p] = await receiver.waitFor((post) => post.path === "/legacy");
    const headers = p!.headers as Record<string, string>;
    expect(new Webhook(legacy, { format: "raw" }).verify(p!.body, headers)).toEqual(p!.json);
    expect(webhookOf(legacy).verify(p!.body, headers)).toEqual(p!.json);
    // A receiver still checking the header of before is not broken.
    const [tPart, v1Part] = headers["parley-signature"]!.split(",");
    const ts = tPart!.slice(2);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(300);
    expect(v1Part!.slice(3)).toBe(
      createHmac("sha256", legacy).update(`${ts}.${p!.body}`).digest("hex"),
    );
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
  });
});

async function deliveriesOf(subscriberId: number) {
  return t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.orderKey, subscriberId))
    .orderBy(webhookDeliveries.id);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a webhook's events and its switch (the developer dashboard)", () => {
  it("delivers only the events ticked, and nothing while it is off", async () => {
    receiver.respondWith(() => 200);
    const made = await t.post(
      "/api/webhooks",
      { url: receiver.url("/opt-outs"), events: ["subscriber.opted_out"] },
      { cookie: cookieA },
    );
    expect(made.statusCode, made.body).toBe(201);
    const endpointId = made.json().id as number;
    const ofEndpoint = () =>
      t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(webhookDeliveries.id);

    const sub = await call(keyA, "POST", "/api/v1/subscribers", { number: "+13105550174" });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().id as number;
    expect((await call(keyA, "POST", `/api/v1/subscribers/${subId}/opt-out`)).statusCode).toBe(200);
    const [post] = await receiver.waitFor((p) => p.path === "/opt-outs");
    expect(post!.json.type).toBe("subscriber.opted_out");
    // The creation went to the first endpoint, which asked for it; never to this one.
    await waitUntil(async () => (await deliveriesOf(subId)).length === 3);
    expect((await ofEndpoint()).map((d) => d.eventType)).toEqual(["subscriber.opted_out"]);

    const off = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${endpointId}`,
      body: { enabled: false },
      cookie: cookieA,
    });
    expect(off.json().enabled).toBe(false);
    const next = await call(keyA, "POST", "/api/v1/subscribers", { number: "+13105550175" });
    const nextId = next.json().id as number;
    expect((await call(keyA, "POST", `/api/v1/subscribers/${nextId}/opt-out`)).statusCode).toBe(
      200,
    );
    // The first endpoint gets both of the new person's events: the off one gets neither.
    await waitUntil(async () => (await deliveriesOf(nextId)).length === 2);
    expect((await ofEndpoint()).map((d) => d.eventType)).toEqual(["subscriber.opted_out"]);
  });
});
