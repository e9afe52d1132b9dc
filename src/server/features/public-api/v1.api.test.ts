import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * The public API: every /api/v1 operation with a key of the right scope (its answer), a key
 * without that scope (403) and another account's key (404 on this account's ids).
 */
const t = await createTestServer({ env: { API_RATE_LIMIT: "500" } });

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

const [numberA] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+12125550191", carrierSid: "PNv1a", state: "active" })
  .returning();
const [groupA] = await t.db
  .insert(groups)
  .values({ accountId: a.account.id, name: "VIP" })
  .returning();
const [subA] = await t.db
  .insert(subscribers)
  .values({
    accountId: a.account.id,
    phone: "+13105550191",
    firstName: "Grace",
    marketingConsentAt: new Date(),
  })
  .returning();

async function makeKey(cookie: string, scopes: string[], name = "Test key") {
  const res = await t.post("/api/api-keys", { name, scopes }, { cookie });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; key: string; prefix: string };
}

const ALL = [
  "subscribers:write",
  "groups:write",
  "fields:write",
  "sends:write",
  "messages:write",
  "webhooks:write",
];
const full = await makeKey(cookieA, ALL, "Everything");
const readOnly = await makeKey(cookieA, ["subscribers:read"], "Read only");
const other = await makeKey(cookieB, ALL, "Other account");

function call(
  key: string | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.request({
    method,
    url,
    body,
    csrf: false,
    headers: key ? { authorization: `Bearer ${key}`, ...headers } : headers,
  });
}

describe("API keys", () => {
  it("are shown once, listed by prefix, and refuse a session or a missing key on /api/v1", async () => {
    expect(full.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    const list = await t.get("/api/api-keys", { cookie: cookieA });
    expect(
      list
        .json()
        .rows.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(["Everything", "Read only"]);
    expect(JSON.stringify(list.json())).not.toContain(full.key);
    const noKey = await call(null, "GET", "/api/v1/subscribers");
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.code).toBe("UNAUTHENTICATED");
    const bySession = await t.get("/api/v1/subscribers", { cookie: cookieA });
    expect(bySession.statusCode).toBe(401);
    const wrong = await call("pk_nottherightkey", "GET", "/api/v1/subscribers");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["www-authenticate"]).toContain("Bearer");
  });

  it("stop working when revoked, and log each request with its status", async () => {
    const temp = await makeKey(cookieA, ["groups:read"], "Temporary");
    expect((await call(temp.key, "GET", "/api/v1/groups")).statusCode).toBe(200);
    expect((await call(temp.key, "GET", "/api/v1/subscribers")).statusCode).toBe(403);
    const log = await t.get(`/api/api-keys/${temp.id}/requests`, { cookie: cookieA });
    expect(
      log
        .json()
        .rows.map((r: { method: string; path: string; status: number }) => [
          r.method,
          r.path,
          r.status,
        ]),
    ).toEqual([
      ["GET", "/api/v1/subscribers", 403],
      ["GET", "/api/v1/groups", 200],
    ]);
    const keys = await t.get("/api/api-keys", { cookie: cookieA });
    const row = keys.json().rows.find((r: { id: number }) => r.id === temp.id);
    expect(row.lastUsedAt).not.toBeNull();
    // Another account cannot revoke it.
    expect(
      (await t.request({ method: "DELETE", url: `/api/api-keys/${temp.id}`, cookie: cookieB }))
        .statusCode,
    ).toBe(404);
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/api-keys/${temp.id}`,
      cookie: cookieA,
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await call(temp.key, "GET", "/api/v1/groups")).statusCode).toBe(401);
  });

  it("answer with RateLimit headers and 429 past the limit", { timeout: 60_000 }, async () => {
    // The window is the clock's minute: start the burst early in one, so it cannot straddle two.
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 25_000) await new Promise((r) => setTimeout(r, msLeft + 50));
    const burst = await makeKey(cookieA, ["groups:read"], "Burst");
    const first = await call(burst.key, "GET", "/api/v1/groups");
    expect(first.headers["ratelimit-limit"]).toBe("500");
    expect(first.headers["ratelimit-remaining"]).toBe("499");
    for (let i = 0; i < 499; i++) await call(burst.key, "GET", "/api/v1/groups?pageSize=1");
    const over = await call(burst.key, "GET", "/api/v1/groups");
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("RATE_LIMITED");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("/api/v1 operations", () => {
  it("subscribers: list with filters, get, create (idempotent), update, opt out, delete", async () => {
    const list = await call(readOnly.key, "GET", "/api/v1/subscribers?query=Grace&withTotal=true");
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([subA!.id]);
    expect((await call(other.key, "GET", "/api/v1/subscribers?withTotal=true")).json().total).toBe(
      0,
    );
    expect(
      (await call(readOnly.key, "GET", `/api/v1/subscribers/${subA!.id}`)).json().firstName,
    ).toBe("Grace");
    expect((await call(other.key, "GET", `/api/v1/subscribers/${subA!.id}`)).statusCode).toBe(404);

    const body = {
      number: "+13105550192",
      firstName: "Ada",
      groupIds: [groupA!.id],
    };
    const refused = await call(readOnly.key, "POST", "/api/v1/subscribers", body);
    expect(refused.statusCode).toBe(403);
    // A program's 403 says which scope the key lacks, not the web app's page text.
    expect(refused.json().error.message).toBe(
      "This API key does not have the access this request needs. Give the key “Subscribers: Write” (scope subscribers:write) on the API keys page, or use a key that has it.",
    );
    const created = await call(full.key, "POST", "/api/v1/subscribers", body, {
      "idempotency-key": "ada-1",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().marketingConsentAt).not.toBeNull();
    expect(created.json().consentDetail).toMatch(/^Manual Entry through an API key made by \S/);
    const again = await call(full.key, "POST", "/api/v1/subscribers", body, {
      "idempotency-key": "ada-1",
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(created.json().id);
    const changed = await call(
      full.key,
      "POST",
      "/api/v1/subscribers",
      { ...body, firstName: "Bo" },
      {
        "idempotency-key": "ada-1",
      },
    );
    expect(changed.statusCode).toBe(409);
    const id = created.json().id as number;

    // `limit` sets the page size (any number from 1 to 100); out of range it is refused.
    const all = (await call(readOnly.key, "GET", "/api/v1/subscribers?withTotal=true")).json();
    expect(all.total).toBeGreaterThan(1);
    const one = (await call(readOnly.key, "GET", "/api/v1/subscribers?limit=1")).json();
    expect(one.rows).toHaveLength(1);
    expect(one.pageSize).toBe(1);
    const over = await call(readOnly.key, "GET", "/api/v1/subscribers?limit=500");
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain("limit is a whole number from 1 to 100");

    expect(
      (await call(readOnly.key, "PATCH", `/api/v1/subscribers/${id}`, { lastName: "L" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(other.key, "PATCH", `/api/v1/subscribers/${id}`, { lastName: "L" })).statusCode,
    ).toBe(404);
    const patched = await call(full.key, "PATCH", `/api/v1/subscribers/${id}`, {
      lastName: "Lovelace",
    });
    expect(patched.json().lastName).toBe("Lovelace");

    expect((await call(readOnly.key, "POST", `/api/v1/subscribers/${id}/opt-out`)).statusCode).toBe(
      403,
    );
    expect((await call(other.key, "POST", `/api/v1/subscribers/${id}/opt-out`)).statusCode).toBe(
      404,
    );
    const out = await call(full.key, "POST", `/api/v1/subscribers/${id}/opt-out`);
    expect(out.statusCode).toBe(200);
    expect(out.json().optedOut).toBe(true);

    expect((await call(readOnly.key, "DELETE", `/api/v1/subscribers/${id}`)).statusCode).toBe(403);
    expect((await call(other.key, "DELETE", `/api/v1/subscribers/${id}`)).statusCode).toBe(404);
    expect((await call(full.key, "DELETE", `/api/v1/subscribers/${id}`)).statusCode).toBe(204);
  });

  it("groups and members", async () => {
    expect((await call(readOnly.key, "GET", "/api/v1/groups")).statusCode).toBe(200);
    expect((await call(other.key, "GET", `/api/v1/groups/${groupA!.id}`)).statusCode).toBe(404);
    expect((await call(readOnly.key, "POST", "/api/v1/groups", { name: "New" })).statusCode).toBe(
      403,
    );
    const g = await call(full.key, "POST", "/api/v1/groups", { name: "Newsletter" });
    expect(g.statusCode).toBe(201);
    const gid = g.json().id as number;
    expect((await call(full.key, "GET", `/api/v1/groups/${gid}`)).json().name).toBe("Newsletter");
    expect(
      (await call(full.key, "PATCH", `/api/v1/groups/${gid}`, { name: "News" })).json().name,
    ).toBe("News");
    expect(
      (await call(other.key, "PATCH", `/api/v1/groups/${gid}`, { name: "X" })).statusCode,
    ).toBe(404);
    const add = await call(full.key, "POST", `/api/v1/groups/${gid}/members`, {
      subscriberIds: [subA!.id],
    });
    expect(add.statusCode).toBe(200);
    expect(
      (
        await call(other.key, "POST", `/api/v1/groups/${gid}/members`, {
          subscriberIds: [subA!.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(readOnly.key, "POST", `/api/v1/groups/${gid}/members/remove`, {
          subscriberIds: [subA!.id],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(full.key, "POST", `/api/v1/groups/${gid}/members/remove`, {
          subscriberIds: [subA!.id],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(other.key, "DELETE", `/api/v1/groups/${gid}`)).statusCode).toBe(404);
    expect((await call(full.key, "DELETE", `/api/v1/groups/${gid}`)).statusCode).toBe(204);
  });

  it("custom fields", async () => {
    expect((await call(readOnly.key, "GET", "/api/v1/custom-fields")).statusCode).toBe(200);
    expect(
      (await call(readOnly.key, "POST", "/api/v1/custom-fields", { name: "Size", type: "string" }))
        .statusCode,
    ).toBe(403);
    const f = await call(full.key, "POST", "/api/v1/custom-fields", {
      name: "Shoe size",
      type: "string",
    });
    expect(f.statusCode).toBe(201);
    const fid = f.json().id as number;
    expect((await call(full.key, "GET", `/api/v1/custom-fields/${fid}`)).statusCode).toBe(200);
    expect((await call(other.key, "GET", `/api/v1/custom-fields/${fid}`)).statusCode).toBe(404);
    expect(
      (await call(full.key, "PATCH", `/api/v1/custom-fields/${fid}`, { name: "Size" })).json().name,
    ).toBe("Size");
    expect((await call(other.key, "DELETE", `/api/v1/custom-fields/${fid}`)).statusCode).toBe(404);
    expect((await call(full.key, "DELETE", `/api/v1/custom-fields/${fid}`)).statusCode).toBe(204);
  });

  it("sends: schedule, status, reschedule, cancel, reports", async () => {
    const form = {
      isSubscribers: "true",
      subscriberIds: [subA!.id],
      message: "Sale tomorrow",
      isScheduled: true,
      date: "2030-01-15",
      time: "10:00",
      timezone: "America/New_York",
      longcodeId: numberA!.id,
    };
    expect((await call(readOnly.key, "POST", "/api/v1/sends", form)).statusCode).toBe(403);
    const s = await call(full.key, "POST", "/api/v1/sends", form);
    expect(s.statusCode).toBe(201);
    expect(s.json().status).toBe("scheduled");
    const sid = s.json().id as number;
    expect((await call(full.key, "GET", `/api/v1/sends/${sid}`)).json().status).toBe("scheduled");
    expect((await call(other.key, "GET", `/api/v1/sends/${sid}`)).statusCode).toBe(404);
    const moved = await call(full.key, "PUT", `/api/v1/sends/${sid}`, { ...form, time: "11:00" });
    expect(moved.statusCode).toBe(200);
    // The Scheduled screen's list, for this account's keys only.
    const listed = await call(full.key, "GET", "/api/v1/sends");
    expect(listed.json().rows.map((r: { id: number }) => r.id)).toEqual([sid]);
    expect((await call(other.key, "GET", "/api/v1/sends")).json().rows).toEqual([]);
    expect((await call(readOnly.key, "GET", "/api/v1/sends")).statusCode).toBe(403);
    expect((await call(full.key, "GET", "/api/v1/sends?pageSize=0")).statusCode).toBe(400);
    expect((await call(other.key, "POST", `/api/v1/sends/${sid}/cancel`)).statusCode).toBe(404);
    expect((await call(readOnly.key, "POST", `/api/v1/sends/${sid}/cancel`)).statusCode).toBe(403);
    expect((await call(full.key, "POST", `/api/v1/sends/${sid}/cancel`)).json().status).toBe(
      "cancelled",
    );
    expect((await call(full.key, "GET", "/api/v1/reports/sends")).statusCode).toBe(200);
    expect((await call(readOnly.key, "GET", "/api/v1/reports/sends")).statusCode).toBe(403);
    expect((await call(other.key, "GET", "/api/v1/reports/sends/999999")).statusCode).toBe(404);
  });

  it("messages and conversations", async () => {
    expect(
      (await call(readOnly.key, "POST", "/api/v1/messages", { subscriberId: subA!.id, body: "Hi" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(other.key, "POST", "/api/v1/messages", { subscriberId: subA!.id, body: "Hi" }))
        .statusCode,
    ).toBe(404);
    const sent = await call(full.key, "POST", "/api/v1/messages", {
      subscriberId: subA!.id,
      body: "Your table is ready",
      phoneNumberId: numberA!.id,
      sendAnyway: true,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe("Your table is ready");
    const convs = await call(full.key, "GET", "/api/v1/conversations");
    expect(convs.json().rows.map((r: { id: number }) => r.id)).toContain(subA!.id);
    expect((await call(readOnly.key, "GET", "/api/v1/conversations")).statusCode).toBe(403);
    expect((await call(other.key, "GET", "/api/v1/conversations")).json().rows).toEqual([]);
    expect((await call(full.key, "GET", `/api/v1/conversations/${subA!.id}`)).statusCode).toBe(200);
    expect((await call(other.key, "GET", `/api/v1/conversations/${subA!.id}`)).statusCode).toBe(
      404,
    );
    const thread = await call(full.key, "GET", `/api/v1/conversations/${subA!.id}/messages`);
    expect(thread.json().rows.map((m: { message: string }) => m.message)).toContain(
      "Your table is ready",
    );
    expect(
      (await call(other.key, "GET", `/api/v1/conversations/${subA!.id}/messages`)).statusCode,
    ).toBe(404);
  });

  it("is described in the OpenAPI document with the key's security scheme", async () => {
    const doc = (await t.get("/api/docs/json")).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const opList = doc.paths["/api/v1/subscribers"].get;
    expect(opList.operationId).toBe("listSubscribers");
    expect(opList.security).toEqual([{ apiKey: [] }]);
  });
});
