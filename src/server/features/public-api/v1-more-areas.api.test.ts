import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POLICY } from "../../http/policy";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { startIntegrationStandins } from "../../test/integration-standins";
import { type Method, v1Client } from "../../test/v1-client";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { users } from "../users/users.schema";

/**
 * More of the screens through /api/v1 (issue 17): webinars (events, registrants, reminders) and
 * managed accounts (children with their usage, a new child, a child's audit) and integrations
 * (HubSpot, Customer.io and Zapier connections, against local stand-ins of their APIs); the
 * inbox's bulk actions, read-all and message deletion; marketing consent recorded by hand; the
 * unhealthy subscribers' list, line-type check and clean-up.
 * Each operation is called with a key of its scope (works, and answers what the screen's route
 * answers), a key without it (403) and another account's key (404, never A's data).
 */
const HUBSPOT_TOKEN = "pat-na1-standin-token-v1";
const standins = await startIntegrationStandins({ hubspotToken: HUBSPOT_TOKEN, cioKey: "cio-key" });
const t = await createTestServer({
  listen: true,
  env: {
    HUBSPOT_API_BASE: standins.base,
    CUSTOMERIO_TRACK_BASE: standins.base,
    INTEGRATIONS_SYNC_SECONDS: "86400",
    API_RATE_LIMIT: "5000",
    EMULATOR_LATENCY_MS: "10",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "v1-more-areas-")),
  },
});

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const admin = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
const cookieAdmin = await loginAs(t.app, admin.username, admin.password);
/** A second Owner of A, who steps down later (their key must stop making children). */
const coOwner = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 3 });
const cookieCoOwner = await loginAs(t.app, coOwner.username, coOwner.password);

async function makeKey(cookie: string, scopes: readonly string[]) {
  const res = await t.post("/api/api-keys", { name: scopes.join(" "), scopes }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}
const keys = {
  webinarsRead: await makeKey(cookieA, ["webinars:read"]),
  webinarsWrite: await makeKey(cookieA, ["webinars:write"]),
  webinarsAndSubscribers: await makeKey(cookieA, ["webinars:write", "subscribers:write"]),
  subscribersWrite: await makeKey(cookieA, ["subscribers:write"]),
  accountsRead: await makeKey(cookieA, ["accounts:read"]),
  accountsWrite: await makeKey(cookieA, ["accounts:write"]),
  coOwnerAccounts: await makeKey(cookieCoOwner, ["accounts:write"]),
  settingsRead: await makeKey(cookieA, ["settings:read"]),
  messagesRead: await makeKey(cookieA, ["messages:read"]),
  subscribersRead: await makeKey(cookieA, ["subscribers:read"]),
  messagesWrite: await makeKey(cookieA, ["messages:write"]),
  settingsWrite: await makeKey(cookieA, ["settings:write"]),
  otherAccount: await makeKey(cookieB, [
    "webinars:write",
    "subscribers:write",
    "accounts:write",
    "settings:write",
    "messages:write",
  ]),
};

const { call, ok } = v1Client(t);
async function fails(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status: number,
) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { error: { code: string; message: string } };
  expect(typeof body.error.code).toBe("string");
  expect(typeof body.error.message).toBe("string");
  return body;
}

const event = {
  title: "Spring planting workshop",
  startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  durationMinutes: 45,
  joinUrl: "https://meet.example.com/spring",
  reminderOffsets: [60, 1440],
  reminderMessage: "Hi [first name], [title] starts [start time]. Join: [join link]",
};
const CSV =
  "First Name,Last Name,Email,Phone,Consent\nAda,Lovelace,ada@example.com,+13105550101,yes\nBob,Stone,bob@example.com,+13105550102,no";

describe("webinars", () => {
  let eventId = 0;

  it("creates an event (idempotently) and reads it back as the screen does", async () => {
    const created = await ok<{ id: number; title: string; reminderOffsets: number[] }>(
      call(keys.webinarsWrite, "POST", "/api/v1/webinars", event, "web-1"),
      201,
    );
    eventId = created.id;
    expect(created.title).toBe(event.title);
    expect(created.reminderOffsets).toEqual([1440, 60]);
    const replay = await call(keys.webinarsWrite, "POST", "/api/v1/webinars", event, "web-1");
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(eventId);

    const list = await ok<{ rows: { id: number }[]; providers: unknown }>(
      call(keys.webinarsRead, "GET", "/api/v1/webinars"),
    );
    const screen = (await t.get("/api/webinars", { cookie: cookieA })).json();
    expect(list).toEqual(screen);
    expect(list.rows.map((r) => r.id)).toEqual([eventId]);
    const one = await ok(call(keys.webinarsRead, "GET", `/api/v1/webinars/${eventId}`));
    expect(one).toEqual((await t.get(`/api/webinars/${eventId}`, { cookie: cookieA })).json());
  });

  it("changes an event; a read key or another scope may not", async () => {
    const changed = await ok<{ title: string; durationMinutes: number }>(
      call(keys.webinarsWrite, "PUT", `/api/v1/webinars/${eventId}`, {
        ...event,
        title: "Spring planting, part 1",
        durationMinutes: 90,
      }),
    );
    expect(changed).toMatchObject({ title: "Spring planting, part 1", durationMinutes: 90 });
    await fails(call(keys.webinarsRead, "PUT", `/api/v1/webinars/${eventId}`, event), 403);
    await fails(call(keys.webinarsRead, "POST", "/api/v1/webinars", event), 403);
    await fails(call(keys.subscribersWrite, "GET", "/api/v1/webinars"), 403);
    await fails(call(keys.subscribersWrite, "GET", `/api/v1/webinars/${eventId}`), 403);
    const bad = await fails(
      call(keys.webinarsWrite, "POST", "/api/v1/webinars", { ...event, title: "" }),
      400,
    );
    expect(bad.error.message).toContain("Title is required");
  });

  it("imports registrants with the subscribers scope too, and lists them with their reminders", async () => {
    // Registrants become subscribers: a webinars key alone may not import.
    await fails(
      call(keys.webinarsWrite, "POST", `/api/v1/webinars/${eventId}/registrants/import`, {
        csv: CSV,
      }),
      403,
    );
    await fails(
      call(keys.subscribersWrite, "POST", `/api/v1/webinars/${eventId}/registrants/import`, {
        csv: CSV,
      }),
      403,
    );
    const result = await ok(
      call(
        keys.webinarsAndSubscribers,
        "POST",
        `/api/v1/webinars/${eventId}/registrants/import`,
        { csv: CSV },
        "import-1",
      ),
    );
    expect(result).toMatchObject({ imported: 2, consented: 1, skipped: 0, remindersScheduled: 2 });
    const regs = await ok<{
      rows: { phone: string; consent: boolean; reminders: { status: string }[] }[];
    }>(call(keys.webinarsRead, "GET", `/api/v1/webinars/${eventId}/registrants`));
    expect(regs).toEqual(
      (await t.get(`/api/webinars/${eventId}/registrants`, { cookie: cookieA })).json(),
    );
    const ada = regs.rows.find((r) => r.phone === "+13105550101");
    expect(ada?.consent).toBe(true);
    expect(ada?.reminders.map((r) => r.status)).toEqual(["scheduled", "scheduled"]);
    await fails(call(keys.subscribersWrite, "GET", `/api/v1/webinars/${eventId}/registrants`), 403);
    const noPhone = await fails(
      call(keys.webinarsAndSubscribers, "POST", `/api/v1/webinars/${eventId}/registrants/import`, {
        csv: "Name\nX",
      }),
      400,
    );
    expect(noPhone.error.message).toContain("phone column");
  });

  it("imports from Zoom only through the account's connection", async () => {
    await fails(
      call(keys.webinarsRead, "POST", "/api/v1/webinars/import-provider", {
        provider: "zoom",
        webinarId: "81234",
      }),
      403,
    );
    const res = await call(
      keys.webinarsAndSubscribers,
      "POST",
      "/api/v1/webinars/import-provider",
      {
        provider: "zoom",
        webinarId: "81234",
      },
    );
    // Nothing connected on this server: the screen's answer, in the one error shape.
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/Zoom/);
  });

  it("another account's key sees none of it", async () => {
    const o = keys.otherAccount;
    const list = await ok<{ rows: unknown[] }>(call(o, "GET", "/api/v1/webinars"));
    expect(list.rows).toEqual([]);
    await fails(call(o, "GET", `/api/v1/webinars/${eventId}`), 404);
    await fails(call(o, "PUT", `/api/v1/webinars/${eventId}`, event), 404);
    await fails(call(o, "GET", `/api/v1/webinars/${eventId}/registrants`), 404);
    await fails(
      call(o, "POST", `/api/v1/webinars/${eventId}/registrants/import`, { csv: CSV }),
      404,
    );
    await fails(call(o, "DELETE", `/api/v1/webinars/${eventId}`), 404);
    expect((await t.get(`/api/webinars/${eventId}`, { cookie: cookieA })).statusCode).toBe(200);
  });

  it("deletes an event", async () => {
    await fails(call(keys.webinarsRead, "DELETE", `/api/v1/webinars/${eventId}`), 403);
    const res = await call(keys.webinarsWrite, "DELETE", `/api/v1/webinars/${eventId}`);
    expect(res.statusCode, res.body).toBe(204);
    await fails(call(keys.webinarsRead, "GET", `/api/v1/webinars/${eventId}`), 404);
  });
});

describe("managed accounts", () => {
  let childId = 0;
  const child = {
    businessName: "Bean There Uptown",
    email: `uptown-${Date.now()}@beanthere.example`,
    firstName: "Rosa",
    lastName: "Diaz",
  };

  it("only an Owner can give a key the managed accounts", async () => {
    for (const scope of ["accounts:read", "accounts:write"]) {
      const res = await t.post(
        "/api/api-keys",
        { name: "agency", scopes: [scope] },
        { cookie: cookieAdmin },
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toContain("Managed accounts");
    }
  });

  it("creates a child (idempotently) and lists it with its usage as the screen does", async () => {
    const created = await ok<{
      id: number;
      businessName: string;
      usage: { creditsBalance: number };
    }>(call(keys.accountsWrite, "POST", "/api/v1/managed-accounts", child, "child-1"), 201);
    childId = created.id;
    expect(created.businessName).toBe(child.businessName);
    const replay = await call(
      keys.accountsWrite,
      "POST",
      "/api/v1/managed-accounts",
      child,
      "child-1",
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(childId);
    // Without the Idempotency-Key the same e-mail is the screen's conflict.
    const again = await fails(
      call(keys.accountsWrite, "POST", "/api/v1/managed-accounts", child),
      409,
    );
    expect(again.error.message).toBe("An account with this e-mail already exists.");
    const bad = await fails(
      call(keys.accountsWrite, "POST", "/api/v1/managed-accounts", { ...child, email: "nope" }),
      400,
    );
    expect(bad.error.message).toContain("valid email");

    const list = await ok<{ rows: { id: number }[] }>(
      call(keys.accountsRead, "GET", "/api/v1/managed-accounts"),
    );
    expect(list).toEqual((await t.get("/api/managed-accounts", { cookie: cookieA })).json());
    expect(list.rows.map((r) => r.id)).toEqual([childId]);
    const audit = await ok<{ rows: { action: string }[] }>(
      call(keys.accountsRead, "GET", `/api/v1/managed-accounts/${childId}/audit`),
    );
    expect(audit).toEqual(
      (await t.get(`/api/managed-accounts/${childId}/audit`, { cookie: cookieA })).json(),
    );
    expect(audit.rows.map((r) => r.action)).toContain("Created the account");
  });

  it("a read key or another scope may not create", async () => {
    await fails(call(keys.accountsRead, "POST", "/api/v1/managed-accounts", child), 403);
    await fails(call(keys.webinarsWrite, "POST", "/api/v1/managed-accounts", child), 403);
    await fails(call(keys.webinarsWrite, "GET", "/api/v1/managed-accounts"), 403);
    await fails(call(keys.webinarsWrite, "GET", `/api/v1/managed-accounts/${childId}/audit`), 403);
  });

  it("a key stops making children when its maker is no longer an Owner", async () => {
    const mine = { ...child, email: `co-${Date.now()}@beanthere.example` };
    await ok(call(keys.coOwnerAccounts, "GET", "/api/v1/managed-accounts"));
    await t.db.update(users).set({ permissionLevel: 1 }).where(eq(users.id, coOwner.id));
    await fails(call(keys.coOwnerAccounts, "POST", "/api/v1/managed-accounts", mine), 403);
    await fails(call(keys.coOwnerAccounts, "GET", "/api/v1/managed-accounts"), 403);
  });

  it("another account's key sees none of A's children", async () => {
    const o = keys.otherAccount;
    const list = await ok<{ rows: unknown[] }>(call(o, "GET", "/api/v1/managed-accounts"));
    expect(list.rows).toEqual([]);
    await fails(call(o, "GET", `/api/v1/managed-accounts/${childId}/audit`), 404);
  });
});

describe("integrations", () => {
  type Status = { provider: string; connected: boolean; lastSyncAt: string | null };
  const w = () => keys.settingsWrite;

  it("reads the connections as the page does; a settings reader may not (as on the screen)", async () => {
    const list = await ok<{ rows: Status[] }>(call(w(), "GET", "/api/v1/integrations"));
    expect(list).toEqual((await t.get("/api/integrations", { cookie: cookieA })).json());
    expect(list.rows.map((r) => [r.provider, r.connected])).toEqual([
      ["zapier", false],
      ["hubspot", false],
      ["customerio", false],
    ]);
    const zapier = await ok(call(w(), "GET", "/api/v1/integrations/zapier"));
    expect(zapier).toEqual((await t.get("/api/integrations/zapier", { cookie: cookieA })).json());
    for (const url of ["", "/zapier", "/hubspot", "/customer-io"])
      await fails(call(keys.settingsRead, "GET", `/api/v1/integrations${url}`), 403);
  });

  it("connects HubSpot with a token, syncs now, and another account sees none of it", async () => {
    const wrong = await fails(
      call(w(), "PUT", "/api/v1/integrations/hubspot", { accessToken: "pat-na1-wrong-token" }),
      400,
    );
    expect(wrong.error.code).toBe("VALIDATION");
    await fails(
      call(keys.settingsRead, "PUT", "/api/v1/integrations/hubspot", {
        accessToken: HUBSPOT_TOKEN,
      }),
      403,
    );
    const on = await ok<Status & { detail: string }>(
      call(w(), "PUT", "/api/v1/integrations/hubspot", { accessToken: HUBSPOT_TOKEN }),
    );
    expect(on).toMatchObject({ connected: true, detail: "Connected with a private-app token" });
    const synced = await ok<Status & { lastError: string | null }>(
      call(w(), "POST", "/api/v1/integrations/hubspot/sync"),
    );
    expect(synced.connected).toBe(true);
    expect(synced.lastError).toBeNull();
    expect(await ok(call(w(), "GET", "/api/v1/integrations/hubspot"))).toEqual(
      (await t.get("/api/integrations/hubspot", { cookie: cookieA })).json(),
    );
    await fails(call(keys.settingsRead, "POST", "/api/v1/integrations/hubspot/sync"), 403);

    const o = keys.otherAccount;
    const theirs = await ok<Status>(call(o, "GET", "/api/v1/integrations/hubspot"));
    expect(theirs.connected).toBe(false);
    await fails(call(o, "POST", "/api/v1/integrations/hubspot/sync"), 404);
    await fails(call(o, "DELETE", "/api/v1/integrations/hubspot"), 404);
    await fails(call(o, "DELETE", "/api/v1/integrations/zapier"), 404);
    expect((await ok<Status>(call(w(), "GET", "/api/v1/integrations/hubspot"))).connected).toBe(
      true,
    );
  });

  it("connects Customer.io (the action token once) and disconnects both", async () => {
    await fails(
      call(w(), "PUT", "/api/v1/integrations/customer-io", { siteId: "site-1", apiKey: "nope" }),
      400,
    );
    const on = await ok<{ status: Status; actionToken: string }>(
      call(w(), "PUT", "/api/v1/integrations/customer-io", { siteId: "site-1", apiKey: "cio-key" }),
    );
    expect(on.status.connected).toBe(true);
    expect(on.actionToken).toMatch(/^cio_/);
    const again = await ok<{ actionToken?: string }>(
      call(w(), "GET", "/api/v1/integrations/customer-io"),
    );
    expect(again.actionToken).toBeUndefined();
    await ok(call(w(), "POST", "/api/v1/integrations/customer-io/sync"));
    await fails(call(keys.otherAccount, "POST", "/api/v1/integrations/customer-io/sync"), 404);
    await fails(call(keys.settingsRead, "DELETE", "/api/v1/integrations/customer-io"), 403);
    for (const path of ["hubspot", "customer-io"]) {
      const off = await call(w(), "DELETE", `/api/v1/integrations/${path}`);
      expect(off.statusCode, off.body).toBe(204);
    }
    // Nothing left to disconnect: the screen's 404, in the one error shape.
    await fails(call(w(), "DELETE", "/api/v1/integrations/hubspot"), 404);
    await fails(call(w(), "DELETE", "/api/v1/integrations/zapier"), 404);
    const list = await ok<{ rows: Status[] }>(call(w(), "GET", "/api/v1/integrations"));
    expect(list.rows.every((r) => !r.connected)).toBe(true);
  });
});

describe("inbox: bulk actions, read-all, message deletion", () => {
  type Conv = { id: number; read: boolean; archived: boolean };
  type Thread = { rows: { messageId: number | null; message: string }[] };
  const convs: number[] = [];

  it("sets up two conversations on A's number", async () => {
    const owned = await t.ctx.carrier.buyNumber("+14155550181", {
      smsUrl: "",
      statusCallback: "",
      friendlyName: "",
    });
    const [num] = await t.db
      .insert(phoneNumbers)
      .values({ accountId: a.account.id, number: "+14155550181", carrierSid: owned.sid })
      .returning();
    for (const [phone, body] of [
      ["+13105550181", "Is the patio open?"],
      ["+13105550182", "Do you deliver?"],
    ] as const) {
      await receiveInbound(t.ctx, {
        sid: `SM${randomBytes(16).toString("hex")}`,
        from: phone,
        to: num!.number,
        body,
        mediaUrls: [],
        segments: 1,
      });
      const [sub] = await t.db.select().from(subscribers).where(eq(subscribers.phone, phone));
      convs.push(sub!.id);
    }
  });

  const conv = async (id: number) =>
    ok<Conv>(call(keys.messagesRead, "GET", `/api/v1/conversations/${id}`));

  it("closes and reopens a selection; another account's key changes none of A's", async () => {
    const body = { action: "archive", selection: { mode: "ids", numberIds: convs } };
    await fails(call(keys.messagesRead, "POST", "/api/v1/conversations/bulk", body), 403);
    const theirs = await ok<{ count: number }>(
      call(keys.otherAccount, "POST", "/api/v1/conversations/bulk", body),
    );
    expect(theirs.count).toBe(0);
    expect((await conv(convs[0]!)).archived).toBe(false);

    const closed = await ok<{ count: number; message: string }>(
      call(keys.messagesWrite, "POST", "/api/v1/conversations/bulk", body),
    );
    expect(closed).toEqual({ count: 2, message: "Conversation(s) archived" });
    expect((await conv(convs[0]!)).archived).toBe(true);
    const screen = (
      await t.get(`/api/inbox/conversations/${convs[1]}`, { cookie: cookieA })
    ).json();
    expect(screen.archivedAt).not.toBeNull();
    const reopened = await ok<{ count: number }>(
      call(keys.messagesWrite, "POST", "/api/v1/conversations/bulk", {
        action: "unarchive",
        selection: { mode: "all", filters: { status: "archived" }, excludedIds: [convs[1]] },
      }),
    );
    expect(reopened.count).toBe(1);
    expect((await conv(convs[0]!)).archived).toBe(false);
    expect((await conv(convs[1]!)).archived).toBe(true);
    const bad = await fails(
      call(keys.messagesWrite, "POST", "/api/v1/conversations/bulk", {
        action: "assign",
        selection: { mode: "ids", numberIds: convs },
      }),
      400,
    );
    expect(bad.error.message).toContain("Choose a user");
  });

  it("marks every conversation read", async () => {
    expect((await conv(convs[0]!)).read).toBe(false);
    await fails(call(keys.messagesRead, "POST", "/api/v1/conversations/read-all"), 403);
    const theirs = await ok<{ count: number }>(
      call(keys.otherAccount, "POST", "/api/v1/conversations/read-all"),
    );
    expect(theirs.count).toBe(0);
    expect((await conv(convs[0]!)).read).toBe(false);
    const all = await ok<{ count: number; message: string }>(
      call(keys.messagesWrite, "POST", "/api/v1/conversations/read-all"),
    );
    expect(all).toEqual({ count: 2, message: "All conversations marked as read" });
    expect((await conv(convs[0]!)).read).toBe(true);
  });

  it("deletes a message from its conversation; another account's key gets 404", async () => {
    const url = `/api/v1/conversations/${convs[0]}/messages`;
    await ok(
      call(keys.messagesWrite, "POST", "/api/v1/messages", {
        subscriberId: convs[0],
        body: "Yes, until 9 tonight",
      }),
      201,
    );
    const before = await ok<Thread>(call(keys.messagesRead, "GET", url));
    // The contact's own text stays (an inbound STOP is consent evidence): only ours can go.
    const theirs = before.rows.find((m) => m.message === "Is the patio open?");
    await fails(call(keys.messagesWrite, "DELETE", `/api/v1/messages/${theirs!.messageId}`), 400);
    const msg = before.rows.find((m) => m.message === "Yes, until 9 tonight");
    expect(msg?.messageId).toBeGreaterThan(0);
    await fails(call(keys.messagesRead, "DELETE", `/api/v1/messages/${msg!.messageId}`), 403);
    await fails(call(keys.otherAccount, "DELETE", `/api/v1/messages/${msg!.messageId}`), 404);
    // Nothing deleted (the reply's delivery status may have moved meanwhile).
    const ids = (rows: Thread["rows"]) => rows.map((m) => m.messageId);
    expect(ids((await ok<Thread>(call(keys.messagesRead, "GET", url))).rows)).toEqual(
      ids(before.rows),
    );
    const done = await ok<{ message: string }>(
      call(keys.messagesWrite, "DELETE", `/api/v1/messages/${msg!.messageId}`),
    );
    expect(done.message).toBe("Conversation Message Deleted");
    const after = await ok<Thread>(call(keys.messagesRead, "GET", url));
    expect(after.rows.some((m) => m.messageId === msg!.messageId)).toBe(false);
    await fails(call(keys.messagesWrite, "DELETE", `/api/v1/messages/${msg!.messageId}`), 404);
  });
});

describe("subscribers: consent by hand, unhealthy subscribers", () => {
  let lana = 0;
  let mo = 0;
  type Detail = {
    marketingConsentAt: string | null;
    consentSource: string;
    consentHistory: { action: string; source: string }[];
  };

  it("records marketing consent by hand with the business's attestation", async () => {
    const rows = await t.db
      .insert(subscribers)
      .values([
        { accountId: a.account.id, phone: "+13125550001", firstName: "Lana" }, // a landline
        { accountId: a.account.id, phone: "+13105550190", firstName: "Mo" },
      ])
      .returning();
    lana = rows[0]!.id;
    mo = rows[1]!.id;
    const url = `/api/v1/subscribers/${mo}/marketing-consent`;
    const body = { attestation: true, detail: "Signed the paper form at the counter" };
    await fails(call(keys.subscribersRead, "POST", url, body), 403);
    await fails(call(keys.otherAccount, "POST", url, body), 404);
    const noAttestation = await fails(
      call(keys.subscribersWrite, "POST", url, { detail: "x" }),
      400,
    );
    expect(noAttestation.error.code).toBe("VALIDATION");
    const before = await ok<Detail>(call(keys.subscribersRead, "GET", `/api/v1/subscribers/${mo}`));
    expect(before.marketingConsentAt).toBeNull();

    const after = await ok<Detail>(call(keys.subscribersWrite, "POST", url, body));
    expect(after.marketingConsentAt).not.toBeNull();
    expect(after.consentSource).toBe("manual");
    const screen = (await t.get(`/api/subscribers/${mo}`, { cookie: cookieA })).json() as Detail;
    expect(screen.marketingConsentAt).toBe(after.marketingConsentAt);
    const history = await ok<{ rows: { action: string; source: string }[] }>(
      call(keys.subscribersRead, "GET", `/api/v1/subscribers/${mo}/consent-history`),
    );
    expect(history.rows).toContainEqual(
      expect.objectContaining({ action: "consent", source: "manual" }),
    );
  });

  it("checks line types round by round and lists the unhealthy as the screen does", async () => {
    const url = "/api/v1/unhealthy-subscribers/line-check";
    await fails(call(keys.subscribersRead, "POST", url, {}), 403);
    let landlines = 0;
    let afterId = 0;
    for (let round = 0; round < 20; round++) {
      const res = await ok<{ landlines: number; nextAfterId: number | null }>(
        call(keys.subscribersWrite, "POST", url, { afterId, limit: 2 }),
      );
      landlines += res.landlines;
      if (res.nextAfterId === null) break;
      afterId = res.nextAfterId;
    }
    expect(landlines).toBe(1);

    await fails(call(keys.subscribersRead, "GET", "/api/v1/unhealthy-subscribers"), 403);
    const list = await ok<{ total: number; rows: { id: number; reason: string }[] }>(
      call(keys.subscribersWrite, "GET", "/api/v1/unhealthy-subscribers?reason=landline"),
    );
    expect(list).toEqual(
      (await t.get("/api/unhealthy-subscribers?reason=landline", { cookie: cookieA })).json(),
    );
    expect(list.rows.map((r) => [r.id, r.reason])).toEqual([[lana, "landline"]]);
    const theirs = await ok<{ total: number }>(
      call(keys.otherAccount, "GET", "/api/v1/unhealthy-subscribers"),
    );
    expect(theirs.total).toBe(0);
  });

  it("opts the unhealthy out; another account's key gets 404 and changes nothing", async () => {
    const url = "/api/v1/unhealthy-subscribers/clean-up";
    const body = { action: "opt_out", selection: { mode: "ids", ids: [lana] } };
    await fails(call(keys.subscribersRead, "POST", url, body), 403);
    await fails(call(keys.otherAccount, "POST", url, body), 404);
    // Mo is healthy: a pick that is not all unhealthy changes nothing.
    await fails(
      call(keys.subscribersWrite, "POST", url, {
        action: "opt_out",
        selection: { mode: "ids", ids: [lana, mo] },
      }),
      404,
    );
    expect(
      (
        await ok<{ total: number }>(
          call(keys.subscribersWrite, "GET", "/api/v1/unhealthy-subscribers"),
        )
      ).total,
    ).toBe(1);
    const done = await ok<{ affected: number }>(call(keys.subscribersWrite, "POST", url, body));
    expect(done.affected).toBe(1);
    const history = await ok<{ rows: { action: string; detail: string }[] }>(
      call(keys.subscribersRead, "GET", `/api/v1/subscribers/${lana}/consent-history`),
    );
    expect(history.rows).toContainEqual(
      expect.objectContaining({
        action: "opt_out",
        detail: "Unhealthy subscriber clean-up: Landline",
      }),
    );
  });
});

/** Every route of these areas (from the policy table, so a new one cannot be missed). */
const MINE =
  /^\/api\/v1\/(webinars|managed-accounts|integrations|conversations\/(bulk|read-all)|messages\/:id|subscribers\/:id\/marketing-consent|unhealthy-subscribers)(\/|$)/;
const ROUTES = Object.keys(POLICY)
  .map((k) => k.split(" ") as [Method, string])
  .filter(([, url]) => MINE.test(url));

describe("every operation of these areas", () => {
  it("has an operationId, a summary, the key's security scheme and an example body", async () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(29);
    const doc = (await t.get("/api/docs/json")).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            summary?: string;
            security?: unknown;
            requestBody?: { content: Record<string, { example?: unknown; examples?: unknown }> };
          }
        >
      >;
    };
    const ids = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .map((o) => o.operationId)
      .filter(Boolean);
    expect(new Set(ids).size, "operationIds are unique").toBe(ids.length);
    for (const [method, url] of ROUTES) {
      const o = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      expect(o?.operationId, url).toMatch(/^[a-z][A-Za-z]+$/);
      expect(o?.summary, url).toBeTruthy();
      expect(o?.security, url).toEqual([{ apiKey: [] }]);
      const json = o?.requestBody?.content["application/json"];
      if (json) expect(json.example ?? json.examples, `${url} has an example`).toBeDefined();
    }
  });

  it("refuses a key of another area (403 in the one error shape), before reading the body", async () => {
    for (const [method, url] of ROUTES) {
      // A key of some other area: webinars' for the rest, subscribers' for webinars.
      const other = url.startsWith("/api/v1/webinars") ? keys.subscribersWrite : keys.webinarsRead;
      const res = await call(
        other,
        method,
        url.replace(/:id/g, "1"),
        method === "GET" || method === "DELETE" ? undefined : {},
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe("FORBIDDEN");
    }
  });
});
