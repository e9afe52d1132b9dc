import { describe, expect, it } from "vitest";
import { API_KEY_TEXT } from "../../../domain/api-keys";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { groupMembers, groups } from "../groups/groups.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * A key is judged on every request by its maker as they are now: demoted, the maker's key does
 * what the maker now may (an Agent's key sees the Agent's groups only); restricted, it loses what
 * a restricted user loses; deleted, it stops with a clear 401.
 */
const t = await createTestServer({ env: { API_RATE_LIMIT: "5000" } });

const { account, user: owner } = await buildAccountWithUser(t.db);
const ownerCookie = await loginAs(t.app, owner.username, owner.password);

const [mine, others] = await t.db
  .insert(groups)
  .values([
    { accountId: account.id, name: "Front desk" },
    { accountId: account.id, name: "Everyone else" },
  ])
  .returning();
const subs = await t.db
  .insert(subscribers)
  .values(
    Array.from({ length: 8 }, (_, i) => ({
      accountId: account.id,
      phone: `+1310555${String(1200 + i)}`,
      firstName: `Sub ${i}`,
    })),
  )
  .returning();
await t.db
  .insert(groupMembers)
  .values(subs.map((s, i) => ({ groupId: (i < 3 ? mine : others)!.id, subscriberId: s.id })));

const SCOPES = [
  "subscribers:write",
  "webhooks:write",
  "sends:write",
  "messages:write",
  "settings:write",
];

/** An Administrator with an all-purpose key, as the tester's was. */
async function adminWithKey() {
  const admin = await buildUser(t.db, { accountId: account.id, permissionLevel: 1 });
  const cookie = await loginAs(t.app, admin.username, admin.password);
  const made = await t.post("/api/api-keys", { name: "Integration", scopes: SCOPES }, { cookie });
  expect(made.statusCode).toBe(201);
  return { admin, key: made.json().key as string };
}

function call(key: string, method: "GET" | "POST", url: string, body?: unknown) {
  return t.request({
    method,
    url,
    body,
    csrf: false,
    headers: { authorization: `Bearer ${key}` },
  });
}

const webhook = { url: "https://example.com/hook", events: ["subscriber.created"] };

function setAccess(userId: number, access: { permissionLevel: number; restricted?: boolean }) {
  return t.put(
    `/api/users/${userId}`,
    {
      email: `maker-${userId}@example.test`,
      permissionLevel: access.permissionLevel,
      restricted: access.restricted ?? false,
      groupIds: access.permissionLevel === 0 ? [mine!.id] : [],
      longcodeIds: [],
      disableMassMessaging: false,
    },
    { cookie: ownerCookie },
  );
}

describe("an API key and its maker", () => {
  it("acts with the maker's current level: a demoted maker's key sees only the Agent's groups and writes nothing", async () => {
    const { admin, key } = await adminWithKey();
    const before = await call(key, "GET", "/api/v1/subscribers?withTotal=true");
    expect(before.json().total).toBe(8);

    expect((await setAccess(admin.id, { permissionLevel: 0 })).statusCode).toBe(200);

    const after = await call(key, "GET", "/api/v1/subscribers?withTotal=true&pageSize=100");
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(3);
    expect(
      after
        .json()
        .rows.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(
      subs
        .slice(0, 3)
        .map((s) => s.id)
        .sort(),
    );
    const hidden = await call(key, "GET", `/api/v1/subscribers/${subs[7]!.id}`);
    expect(hidden.statusCode).toBe(404);
    // An Agent exports nothing, makes no webhooks and sends no campaigns.
    expect((await call(key, "POST", "/api/v1/subscribers/exports", {})).statusCode).toBe(403);
    expect((await call(key, "POST", "/api/v1/webhooks", webhook)).statusCode).toBe(403);
    expect((await call(key, "GET", "/api/v1/sends/scheduled")).statusCode).toBe(403);
  });

  it("loses what a restricted user loses when its maker is restricted", async () => {
    const { admin, key } = await adminWithKey();
    expect((await call(key, "GET", "/api/v1/integrations")).statusCode).toBe(200);
    expect((await setAccess(admin.id, { permissionLevel: 1, restricted: true })).statusCode).toBe(
      200,
    );
    // Restricted users lose the account's settings (integrations among them), as on the screens.
    expect((await call(key, "GET", "/api/v1/integrations")).statusCode).toBe(403);
    expect((await call(key, "GET", "/api/v1/subscribers?withTotal=true")).json().total).toBe(8);
  });

  it("stops with a clear 401 once its maker is deleted", async () => {
    const { admin, key } = await adminWithKey();
    expect((await call(key, "GET", "/api/v1/subscribers")).statusCode).toBe(200);

    const gone = await t.request({
      method: "DELETE",
      url: `/api/users/${admin.id}`,
      cookie: ownerCookie,
    });
    expect(gone.statusCode).toBeLessThan(300);

    for (const [method, url, body] of [
      ["GET", "/api/v1/subscribers", undefined],
      ["POST", "/api/v1/webhooks", webhook],
      ["POST", "/api/v1/sends", { message: "Hello", isSubscribers: "all" }],
    ] as const) {
      const res = await call(key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe(API_KEY_TEXT.makerGone);
    }
  });
});
