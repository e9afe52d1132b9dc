import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userActor } from "../../../domain/permissions";
import { inTransaction } from "../../db/connection";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { v1Client } from "../../test/v1-client";
import { recordAudit } from "./audit.service";

/**
 * The account's audit log: each covered change writes one row naming its actor (a user, an API
 * key, a parent acting in a child), in the change's transaction; another account never sees it;
 * the hash chain verifies, and a row changed behind the app's back is named.
 */
const t = await createTestServer({ env: { API_RATE_LIMIT: "5000" } });
const api = v1Client(t);

const a = await buildAccountWithUser(t.db, {
  user: { firstName: "Olive", lastName: "Owner" },
});
const admin = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieAdmin = await loginAs(t.app, admin.username, admin.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

type Row = { action: string; actorKind: string; actorName: string; actorId: string | null };

async function rowsOf(cookie: string, query = ""): Promise<Row[]> {
  const res = await t.get(`/api/audit${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

async function countRows(accountId: number, action: string) {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_events where account_id = ${accountId} and action = ${action}`,
  );
  return r.rows[0]!.n;
}

describe("recording", () => {
  it("a setting changed by a user is one row with their name and the change", async () => {
    const put = await t.put(
      "/api/account/settings/quiet_hours",
      { val: [["21:00", "08:00"]] },
      { cookie: cookieA, headers: { "user-agent": "audit-test/1" } },
    );
    expect(put.statusCode, put.body).toBe(200);
    const rows = await rowsOf(cookieA, "?action=settings.update");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "settings.update",
      actorKind: "user",
      actorId: String(a.user.id),
      actorName: "Olive Owner",
      targetId: "quiet_hours",
      changes: { quiet_hours: { before: null, after: [["21:00", "08:00"]] } },
      userAgent: "audit-test/1",
    });
    // The same value again changes nothing, and records nothing.
    await t.put(
      "/api/account/settings/quiet_hours",
      { val: [["21:00", "08:00"]] },
      { cookie: cookieA },
    );
    expect(await countRows(a.account.id, "settings.update")).toBe(1);
  });

  it("users: an invitation, a level change and a deletion, each one row", async () => {
    const inv = await t.post(
      "/api/users/invites",
      {
        email: "new.person@example.test",
        permissionLevel: 1,
        groupIds: [],
        longcodeIds: [],
        disableMassMessaging: false,
      },
      { cookie: cookieA },
    );
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    expect(await countRows(a.account.id, "users.invite")).toBe(1);

    const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
    const up = await t.request({
      method: "PUT",
      url: `/api/users/${agent.id}`,
      cookie: cookieA,
      body: {
        email: agent.email,
        permissionLevel: 2,
        groupIds: [],
        longcodeIds: [],
        disableMassMessaging: false,
        firstName: agent.firstName,
        lastName: agent.lastName,
      },
    });
    expect(up.statusCode, up.body).toBe(200);
    const [changed] = await rowsOf(cookieA, "?action=users.update");
    expect(changed).toMatchObject({ changes: { permissionLevel: { before: 1, after: 2 } } });
    expect(Object.keys((changed as unknown as { changes: object }).changes)).toEqual([
      "permissionLevel",
    ]);
    const del = await t.request({
      method: "DELETE",
      url: `/api/users/${agent.id}`,
      cookie: cookieA,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const rows = await rowsOf(cookieA, "?action=users.delete");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorKind: "user", targetId: String(agent.id) });
  });

  it("an API key's creation, a change made with it, and its revocation", async () => {
    const made = await t.post(
      "/api/api-keys",
      { name: "audit reader", scopes: ["settings:write", "audit:read"] },
      { cookie: cookieA },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, key } = made.json();
    const created = await rowsOf(cookieA, "?action=api_keys.create");
    expect(created[0]).toMatchObject({ actorKind: "user", targetId: String(id) });
    // Never the key itself.
    expect(JSON.stringify(created[0])).not.toContain(key);

    await api.ok(
      api.call(key, "PUT", "/api/v1/account/settings/quiet_hours", { val: [["22:00", "07:00"]] }),
    );
    const [byKey] = await rowsOf(cookieA, "?action=settings.update");
    expect(byKey).toMatchObject({ actorKind: "api_key", actorId: String(id) });
    expect(byKey!.actorName).toContain("audit reader");
    expect(byKey!.actorName).toContain("Olive Owner");

    // The key reads the log through /api/v1, its own account's rows only.
    const v1 = await api.ok<{ rows: Row[] }>(api.call(key, "GET", "/api/v1/audit?perPage=200"));
    expect(v1.rows.length).toBeGreaterThan(0);
    expect(v1.rows.every((r) => (r as unknown as { id: number }).id > 0)).toBe(true);

    const revoke = await t.request({
      method: "DELETE",
      url: `/api/api-keys/${id}`,
      cookie: cookieA,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await countRows(a.account.id, "api_keys.revoke")).toBe(1);
  });

  it("a parent opening a child: in both logs, the child's under the parent's person", async () => {
    const parent = await buildAccountWithUser(t.db, {
      account: { businessName: "Agency" },
      user: { firstName: "Petra", lastName: "Parent" },
    });
    const cookie = await loginAs(t.app, parent.user.username, parent.user.password);
    const created = await t.post(
      "/api/managed-accounts",
      { businessName: "Corner Bakery", email: "owner@audit-bakery.test", firstName: "Cora" },
      { cookie },
    );
    expect(created.statusCode, created.body).toBeLessThan(300);
    const childId: number = created.json().id;
    const open = await t.post(`/api/managed-accounts/${childId}/access`, undefined, { cookie });
    expect(open.statusCode, open.body).toBe(200);
    // Acting in the child as its owner: the change is the parent's person's.
    await t.put("/api/account/settings/quiet_hours", { val: [["20:00", "09:00"]] }, { cookie });
    const childRows = await rowsOf(cookie);
    expect(childRows.map((r) => r.action)).toEqual(["settings.update", "managed_account.open"]);
    for (const r of childRows)
      expect(r).toMatchObject({
        actorKind: "parent",
        actorName: "Petra Parent",
        actingAccountId: parent.account.id,
      });
    await t.post("/api/auth/logout", undefined, { cookie });
    expect(await countRows(childId, "managed_account.close")).toBe(1);
    const parentRows = await t.db.execute<{ action: string; actor_kind: string }>(
      sql`select action, actor_kind from audit_events where account_id = ${parent.account.id} order by seq`,
    );
    // Creating the child is a change of the parent's (recorded at the route), then the open.
    expect(parentRows.rows).toEqual([
      { action: "managed_accounts.create", actor_kind: "user" },
      { action: "managed_account.open", actor_kind: "user" },
    ]);
  });

  it("webhooks created and deleted, and a bulk delete of subscribers", async () => {
    const hook = await t.post(
      "/api/webhooks",
      { url: "https://hooks.example.com/parley", events: ["message.received"] },
      { cookie: cookieA },
    );
    expect(hook.statusCode, hook.body).toBeLessThan(300);
    const { id, secret } = hook.json();
    const del = await t.request({ method: "DELETE", url: `/api/webhooks/${id}`, cookie: cookieA });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const rows = await rowsOf(cookieA, "?actor=Olive&perPage=5");
    expect(rows.slice(0, 2).map((r) => r.action)).toEqual(["webhooks.delete", "webhooks.create"]);
    // Never the signing secret.
    expect(JSON.stringify(rows)).not.toContain(secret);

    const bulk = await t.post(
      "/api/subscribers/bulk/delete",
      { selection: { mode: "all", filter: {}, excludedIds: [] } },
      { cookie: cookieA },
    );
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await countRows(a.account.id, "subscribers.delete_bulk")).toBe(1);
  });

  it("a rolled-back change leaves no row", async () => {
    const actor = userActor({
      accountId: b.account.id,
      userId: b.user.id,
      level: 3,
      restricted: false,
    });
    await expect(
      inTransaction(t.db, async (tx) => {
        await recordAudit({ ...t.ctx, db: tx }, actor, { action: "settings.update" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await countRows(b.account.id, "settings.update")).toBe(0);
  });

  it("concurrent events of one account take one place each in the chain", async () => {
    const actor = userActor({
      accountId: b.account.id,
      userId: b.user.id,
      level: 3,
      restricted: false,
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordAudit(t.ctx, actor, { action: "billing.plan", target: { type: "plan", id: i } }),
      ),
    );
    const seqs = await t.db.execute<{ seq: number }>(
      sql`select seq from audit_events where account_id = ${b.account.id} order by seq`,
    );
    expect(seqs.rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await t.get("/api/audit/verify", { cookie: cookieB })).json()).toMatchObject({
      ok: true,
      checked: 8,
    });
  });
});

describe("reading", () => {
  it("is the Owner's: an Administrator is refused", async () => {
    expect((await t.get("/api/audit", { cookie: cookieAdmin })).statusCode).toBe(403);
    expect((await t.get("/api/audit/verify", { cookie: cookieAdmin })).statusCode).toBe(403);
  });

  it("never shows another account's rows", async () => {
    const bRows = await rowsOf(cookieB, "?perPage=200");
    expect(bRows.every((r) => r.actorName !== "Olive Owner")).toBe(true);
    expect((await rowsOf(cookieB, "?action=settings.update")).length).toBe(0);
    const keyB = (
      await t.post("/api/api-keys", { name: "b", scopes: ["audit:read"] }, { cookie: cookieB })
    ).json().key;
    const v1 = await api.ok<{ rows: Row[] }>(api.call(keyB, "GET", "/api/v1/audit?perPage=200"));
    expect(v1.rows.some((r) => r.actorName.includes("Olive"))).toBe(false);
  });

  it("filters by actor, action and dates", async () => {
    const byName = await rowsOf(cookieA, "?actor=olive");
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.actorName.includes("Olive"))).toBe(true);
    expect(await rowsOf(cookieA, "?from=2000-01-01&to=2000-01-02")).toEqual([]);
    const page = await t.get("/api/audit?perPage=1&page=2", { cookie: cookieA });
    expect(page.json()).toMatchObject({ page: 2, perPage: 1 });
    expect(page.json().rows).toHaveLength(1);
  });

  it("exports CSV with a header and one line per row", async () => {
    const res = await exportedCsv(t, "/api/audit/export?action=settings.update", cookieA);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe(
      "id,at (America/New_York),actor_kind,actor_id,actor_name,acting_account_id,action,target_type,target_id,target_label,changes,ip,user_agent,hash",
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain("Olive Owner");
    expect(lines[2]).toContain("settings.update");
  });
});

describe("the chain", () => {
  it("verifies, refuses UPDATE and DELETE, and names a row changed behind the trigger", async () => {
    expect((await t.get("/api/audit/verify", { cookie: cookieA })).json()).toMatchObject({
      ok: true,
      firstBroken: null,
    });
    const [victim] = (
      await t.db.execute<{ id: string }>(
        sql`select id from audit_events where account_id = ${a.account.id} order by seq limit 1 offset 1`,
      )
    ).rows;
    await expect(
      t.db.execute(sql`update audit_events set actor_name = 'Nobody' where id = ${victim!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from audit_events where id = ${victim!.id}`),
    ).rejects.toThrow();

    // The database owner can still get round it: the chain shows it.
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await t.db.execute(sql`update audit_events set actor_name = 'Nobody' where id = ${victim!.id}`);
    await t.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    const broken = (await t.get("/api/audit/verify", { cookie: cookieA })).json();
    expect(broken).toMatchObject({
      ok: false,
      firstBroken: { id: Number(victim!.id), reason: "hash" },
    });
    // Another account's chain is untouched.
    expect((await t.get("/api/audit/verify", { cookie: cookieB })).json().ok).toBe(true);
  });
});
