import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startIntegrationStandins } from "../../test/integration-standins";
import { suppressions } from "../compliance/compliance.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * The three integrations against local stand-ins of their real APIs (HubSpot CRM v3, Customer.io
 * Track, a Zapier hook receiver), through the server's own HTTP routes and background loops.
 */
const HUBSPOT_TOKEN = "pat-na1-standin-token";
const standins = await startIntegrationStandins({ hubspotToken: HUBSPOT_TOKEN, cioKey: "cio-key" });
const t = await createTestServer({
  listen: true,
  env: {
    HUBSPOT_API_BASE: standins.base,
    CUSTOMERIO_TRACK_BASE: standins.base,
    INTEGRATIONS_SYNC_SECONDS: "86400",
    EMULATOR_LATENCY_MS: "10",
    // The Zapier hook receiver is a stand-in on loopback (internal, so allowed explicitly).
    OUTBOUND_ALLOW: "127.0.0.1",
  },
});

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const agent = await buildAccountWithUser(t.db, { user: { permissionLevel: 0 } });
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const cookieAgent = await loginAs(t.app, agent.user.username, agent.user.password);

async function key(cookie: string, scopes: string[]) {
  return (await t.post("/api/api-keys", { name: "Zapier", scopes }, { cookie })).json()
    .key as string;
}
function call(k: string, method: "GET" | "POST" | "DELETE", url: string, body?: unknown) {
  return t.request({ method, url, body, csrf: false, headers: { authorization: `Bearer ${k}` } });
}
async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}
const statusOf = async (cookie: string) =>
  (await t.get("/api/integrations", { cookie })).json().rows as {
    provider: string;
    connected: boolean;
    lastSyncAt: string | null;
    lastError: string | null;
  }[];

describe("Zapier REST hooks", () => {
  it("subscribes a hook with an API key, delivers the events it asked for, and unsubscribes", async () => {
    const zapKey = await key(cookieA, ["webhooks:write", "subscribers:write"]);
    const me = await call(zapKey, "GET", "/api/v1/zapier/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ accountId: a.account.id, keyName: "Zapier" });

    const noKey = await t.request({
      method: "POST",
      url: "/api/v1/zapier/hooks",
      body: { hookUrl: `${standins.base}/zapier/1`, event: "subscriber.created" },
      csrf: false,
    });
    expect(noKey.statusCode).toBe(401);
    const bad = await call(zapKey, "POST", "/api/v1/zapier/hooks", { hookUrl: "nope", event: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();

    const sub = await call(zapKey, "POST", "/api/v1/zapier/hooks", {
      hookUrl: `${standins.base}/zapier/created`,
      event: "subscriber.created",
    });
    expect(sub.statusCode).toBe(201);
    const hookId = sub.json().id as number;
    expect((await statusOf(cookieA)).find((r) => r.provider === "zapier")?.connected).toBe(true);
    expect((await statusOf(cookieB)).find((r) => r.provider === "zapier")?.connected).toBe(false);

    // An action through the public API (what a Zap's "Create subscriber" does) fires the trigger.
    const created = await call(zapKey, "POST", "/api/v1/subscribers", {
      number: "+13105550701",
      firstName: "Zoe",
    });
    expect(created.json()).toMatchObject({ firstName: "Zoe" });
    expect(created.statusCode).toBe(201);
    const hit = await until(async () => standins.zapier.find((z) => z.path === "/zapier/created"));
    expect(hit.body).toMatchObject({
      type: "subscriber.created",
      data: { subscriberId: created.json().id },
    });
    // Signed like every outgoing webhook.
    expect(hit.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(hit.headers["webhook-id"]).toBe((hit.body as { id: string }).id);

    const samples = await call(zapKey, "GET", "/api/v1/zapier/samples/subscriber.created");
    expect(samples.json()[0]).toMatchObject({ type: "subscriber.created" });

    const detail = (await t.get("/api/integrations/zapier", { cookie: cookieA })).json();
    expect(detail.hooks).toHaveLength(1);

    // Another account's key cannot remove it; the owner's key can.
    const keyB = await key(cookieB, ["webhooks:write"]);
    expect((await call(keyB, "DELETE", `/api/v1/zapier/hooks/${hookId}`)).statusCode).toBe(404);
    expect((await call(zapKey, "DELETE", `/api/v1/zapier/hooks/${hookId}`)).statusCode).toBe(204);
    expect((await statusOf(cookieA)).find((r) => r.provider === "zapier")?.connected).toBe(false);
    expect((await t.get("/api/webhooks", { cookie: cookieA })).json().rows).toEqual([]);
  });

  it("disconnects every Zap from the page, and refuses agents", async () => {
    const zapKey = await key(cookieA, ["webhooks:write"]);
    await call(zapKey, "POST", "/api/v1/zapier/hooks", {
      hookUrl: `${standins.base}/zapier/out`,
      event: "subscriber.opted_out",
    });
    expect((await t.get("/api/integrations", { cookie: cookieAgent })).statusCode).toBe(403);
    const off = await t.request({
      method: "DELETE",
      url: "/api/integrations/zapier",
      cookie: cookieA,
    });
    expect(off.statusCode).toBe(204);
    expect((await t.get("/api/integrations/zapier", { cookie: cookieA })).json().hooks).toEqual([]);
  });
});

describe("HubSpot", () => {
  it("refuses a wrong token with a clear 400 and stores nothing", async () => {
    const res = await t.put(
      "/api/integrations/hubspot",
      { accessToken: "pat-wrong-token-123" },
      {
        cookie: cookieA,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/HubSpot refused the credentials/);
    expect((await statusOf(cookieA)).find((r) => r.provider === "hubspot")?.connected).toBe(false);
  });

  it("syncs contacts both ways without ever giving consent or undoing an opt-out", async () => {
    // In Parley: one consenting subscriber, one who opted out.
    const [kept] = await t.db
      .insert(subscribers)
      .values({
        accountId: a.account.id,
        phone: "+13105550801",
        firstName: "Kim",
        marketingConsentAt: new Date(),
      })
      .returning();
    const [stopped] = await t.db
      .insert(subscribers)
      .values({
        accountId: a.account.id,
        phone: "+13105550802",
        firstName: "Sam",
        marketingConsentAt: new Date(),
      })
      .returning();
    await t.db
      .insert(suppressions)
      .values({ accountId: a.account.id, phone: "+13105550802", reason: "opted_out" });
    // In HubSpot: the opted-out person, and a new contact.
    standins.addHubspotContact({ phone: "+13105550802", firstname: "Samantha", lastname: "Lee" });
    standins.addHubspotContact({
      phone: "(310) 555-0803",
      firstname: "Noor",
      email: "noor@example.com",
    });

    const res = await t.put(
      "/api/integrations/hubspot",
      { accessToken: HUBSPOT_TOKEN },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      connected: true,
      detail: "Connected with a private-app token",
    });
    // The background turn syncs a new connection at once.
    const synced = await until(async () =>
      (await statusOf(cookieA)).find((r) => r.provider === "hubspot" && r.lastSyncAt),
    );
    expect(synced.lastError).toBeNull();

    // HubSpot → Parley: names follow HubSpot; consent and opt-outs do not.
    const [sam] = await t.db.select().from(subscribers).where(eq(subscribers.id, stopped!.id));
    expect(sam).toMatchObject({ firstName: "Samantha", lastName: "Lee" });
    const stillOut = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.phone, "+13105550802"));
    expect(stillOut).toHaveLength(1);
    const [noor] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.phone, "+13105550803"));
    expect(noor).toMatchObject({
      firstName: "Noor",
      email: "noor@example.com",
      signupMethod: "HUBSPOT",
    });
    expect(noor!.marketingConsentAt).toBeNull();
    // Parley → HubSpot: the Parley-only subscriber became a contact.
    const kim = [...standins.hubspot.values()].find((c) => c.properties.phone === kept!.phone);
    expect(kim?.properties.firstname).toBe("Kim");

    // A change on each side travels on the next sync.
    await t.put(`/api/subscribers/${kept!.id}`, { firstName: "Kimberly" }, { cookie: cookieA });
    await t.db
      .update(subscribers)
      .set({ firstName: "Kimberly", updatedAt: new Date() })
      .where(eq(subscribers.id, kept!.id));
    standins.editHubspotContact(
      [...standins.hubspot.values()].find((c) => c.properties.phone === "+13105550803")!.id,
      { firstname: "Noora" },
    );
    const now = await t.post("/api/integrations/hubspot/sync", {}, { cookie: cookieA });
    expect(now.statusCode).toBe(200);
    expect(now.json().lastError).toBeNull();
    expect(kim?.properties.firstname).toBe("Kimberly");
    const [noora] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.phone, "+13105550803"));
    expect(noora!.firstName).toBe("Noora");
    expect(noora!.marketingConsentAt).toBeNull();

    // Another account sees nothing of it.
    expect((await statusOf(cookieB)).find((r) => r.provider === "hubspot")?.connected).toBe(false);
    expect(
      (await t.post("/api/integrations/hubspot/sync", {}, { cookie: cookieB })).statusCode,
    ).toBe(404);
  });

  it("shows an error when HubSpot starts refusing, and disconnects", async () => {
    standins.hubspot.clear();
    const { integrationConnections } = await import("./integrations.schema");
    const { sealCredentials } = await import("./integration-credentials");
    await t.db
      .update(integrationConnections)
      .set({
        credentials: sealCredentials(t.ctx, { kind: "hubspot_token", accessToken: "revoked" }),
      })
      .where(eq(integrationConnections.accountId, a.account.id));
    const res = await t.post("/api/integrations/hubspot/sync", {}, { cookie: cookieA });
    expect(res.json().lastError).toMatch(/HubSpot refused the credentials/);
    const off = await t.request({
      method: "DELETE",
      url: "/api/integrations/hubspot",
      cookie: cookieA,
    });
    expect(off.statusCode).toBe(204);
    expect((await statusOf(cookieA)).find((r) => r.provider === "hubspot")?.connected).toBe(false);
  });
});

describe("Customer.io", () => {
  it("syncs attributes to the Track API and sends texts from its action only with consent", async () => {
    const owned = await t.ctx.carrier.buyNumber("+14155550199", {
      smsUrl: "",
      statusCallback: "",
      friendlyName: "",
    });
    await t.db
      .insert(phoneNumbers)
      .values({ accountId: b.account.id, number: "+14155550199", carrierSid: owned.sid });
    const [yes] = await t.db
      .insert(subscribers)
      .values({
        accountId: b.account.id,
        phone: "+13105550901",
        firstName: "Ana",
        marketingConsentAt: new Date(),
      })
      .returning();
    const [no] = await t.db
      .insert(subscribers)
      .values({ accountId: b.account.id, phone: "+13105550902", firstName: "Ben" })
      .returning();

    const wrong = await t.put(
      "/api/integrations/customer-io",
      { siteId: "site-1", apiKey: "nope" },
      { cookie: cookieB },
    );
    expect(wrong.statusCode).toBe(400);
    const res = await t.put(
      "/api/integrations/customer-io",
      { siteId: "site-1", apiKey: "cio-key" },
      { cookie: cookieB },
    );
    expect(res.statusCode).toBe(200);
    const token = res.json().actionToken as string;
    expect(token).toMatch(/^cio_/);
    // The token is shown once.
    expect(
      JSON.stringify((await t.get("/api/integrations/customer-io", { cookie: cookieB })).json()),
    ).not.toContain(token);

    await until(async () => standins.customers.get(`parley-${no!.id}`));
    expect(standins.customers.get(`parley-${yes!.id}`)).toMatchObject({
      phone: "+13105550901",
      first_name: "Ana",
      sms_marketing_consent: true,
      sms_opted_out: false,
    });
    expect(standins.customers.get(`parley-${no!.id}`)).toMatchObject({
      sms_marketing_consent: false,
    });

    const action = (body: unknown, auth = `Bearer ${token}`) =>
      t.request({
        method: "POST",
        url: "/integrations/customer-io/send",
        body,
        csrf: false,
        headers: { authorization: auth },
      });
    expect(
      (await action({ customerId: `parley-${yes!.id}`, text: "Hi" }, "Bearer cio_wrong"))
        .statusCode,
    ).toBe(401);
    expect((await action({ text: "Hi" })).statusCode).toBe(400);
    const refused = await action({ customerId: `parley-${no!.id}`, text: "Sale today" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/no recorded consent/);
    // Another account's subscriber is unknown to this token.
    expect((await action({ phone: "+13105550801", text: "Hi" })).statusCode).toBe(404);
    const sent = await action({ customerId: `parley-${yes!.id}`, text: "Sale today" });
    expect(sent.statusCode).toBe(201);
    const rows = await t.db.select().from(messages).where(eq(messages.subscriberId, yes!.id));
    expect(rows.map((m) => m.body)).toEqual(["Sale today"]);
    expect(await t.db.select().from(messages).where(eq(messages.subscriberId, no!.id))).toEqual([]);
  });
});
