import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OUTBOUND_TEXT } from "../../../domain/outbound-address";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startJsonReceiver } from "../../test/json-receiver";
import { webhookDeliveries } from "./webhooks.schema";

/**
 * A tenant's webhook never makes the server call an internal address: literal ones are refused
 * when the webhook is saved (web route and /api/v1), names that resolve inside fail at delivery
 * with the reason in the delivery log. The operator's OUTBOUND_ALLOW lets a named one through.
 */
const NAMES: Record<string, string[]> = {
  // A public-looking name whose DNS answer is loopback.
  "hooks.rebound.test": ["127.0.0.1"],
  // The one the operator allows (below), on loopback as well.
  "receiver.internal": ["127.0.0.1"],
};
const t = await createTestServer({
  pipeline: true,
  env: { OUTBOUND_ALLOW: "receiver.internal" },
  resolver: async (name) => NAMES[name] ?? [],
});
const receiver = await startJsonReceiver();
const port = new URL(receiver.url("/")).port;

const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const key = (
  await t.post(
    "/api/api-keys",
    { name: "hooks", scopes: ["webhooks:write", "webhooks:read", "subscribers:write"] },
    { cookie },
  )
).json().key as string;

function v1(method: "GET" | "POST" | "PATCH", url: string, body?: unknown) {
  return t.request({ method, url, body, csrf: false, headers: { authorization: `Bearer ${key}` } });
}

const INTERNAL = [
  "127.0.0.1",
  "127.8.9.10",
  "[::1]",
  "10.1.2.3",
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.1",
  "169.254.169.254",
  "[fc00::1]",
  "[fd12:3456::1]",
  "0.0.0.0",
  "[::ffff:127.0.0.1]",
  "2130706433",
  "127.1",
  "0x7f.1",
  "100.64.0.1",
  "localhost",
  "metadata.google.internal",
];

describe("webhook destinations", () => {
  it.each(INTERNAL)("%s is refused when the webhook is saved, on both APIs", async (host) => {
    const url = `http://${host}:${port}/internal`;
    const viaApi = await v1("POST", "/api/v1/webhooks", { url, events: ["subscriber.created"] });
    expect(viaApi.statusCode).toBe(400);
    expect(viaApi.json().error.message).toBe(OUTBOUND_TEXT.blocked);
    const viaWeb = await t.post(
      "/api/webhooks",
      { url, events: ["subscriber.created"] },
      { cookie },
    );
    expect(viaWeb.statusCode).toBe(400);
    expect(viaWeb.json().error.message).toBe(OUTBOUND_TEXT.blocked);
  });

  it("refuses moving an existing webhook to an internal address", async () => {
    const ok = await v1("POST", "/api/v1/webhooks", {
      url: "https://hooks.example.com/parley",
      events: ["send.finished"],
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id as number;
    const moved = await v1("PATCH", `/api/v1/webhooks/${id}`, {
      url: `http://127.0.0.1:${port}/internal`,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(OUTBOUND_TEXT.blocked);
    const web = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${id}`,
      body: { url: "http://[::ffff:a00:1]/" },
      cookie,
    });
    expect(web.statusCode).toBe(400);
    expect((await v1("GET", `/api/v1/webhooks/${id}`)).json().url).toBe(
      "https://hooks.example.com/parley",
    );
  });

  it("fails a delivery to a name that resolves inside, once, saying why; the allowed name gets its event", async () => {
    const rebound = await v1("POST", "/api/v1/webhooks", {
      url: `http://hooks.rebound.test:${port}/rebound`,
      events: ["subscriber.created"],
    });
    // A name cannot be judged before it is looked up at delivery.
    expect(rebound.statusCode).toBe(201);
    const allowed = await v1("POST", "/api/v1/webhooks", {
      url: `http://receiver.internal:${port}/allowed`,
      events: ["subscriber.created"],
    });
    expect(allowed.statusCode).toBe(201);

    const sub = await v1("POST", "/api/v1/subscribers", { number: "+13105550199" });
    expect(sub.statusCode).toBe(201);

    // The allowed one arrives; the rebound one is failed after one attempt, not retried.
    await receiver.waitFor((p) => p.path === "/allowed", 1, 10_000);
    const reboundId = rebound.json().id as number;
    const deadline = Date.now() + 10_000;
    let row = await failedDelivery(reboundId);
    while (!row && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      row = await failedDelivery(reboundId);
    }
    expect(row).toBeDefined();
    expect(row!.attempts).toBe(1);
    expect(row!.lastStatusCode).toBeNull();
    expect(row!.lastError).toBe(
      `hooks.rebound.test resolves to 127.0.0.1 (loopback). ${OUTBOUND_TEXT.blocked}`,
    );
    expect(receiver.received.some((p) => p.path === "/rebound")).toBe(false);

    // The delivery log says the same.
    const log = await v1("GET", `/api/v1/webhooks/${reboundId}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().rows[0]).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining(OUTBOUND_TEXT.blocked),
    });
  });
});

async function failedDelivery(endpointId: number) {
  const rows = await t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return rows.find((r) => r.status === "failed");
}
