import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp } from "../../test/harness";
import { v1Client } from "../../test/v1-client";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * Every change made through the API is in the audit log, not only the ones whose services
 * record their own: one row per successful change, naming the person, the key, the parent's
 * person or the AI assistant's key; none for a refused change; none twice; none in another
 * account; and the chain still verifies.
 */
const t = await createTestServer({ listen: true, env: { API_RATE_LIMIT: "5000" } });
const api = v1Client(t);

const a = await buildAccountWithUser(t.db, { user: { firstName: "Olive", lastName: "Owner" } });
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

type Row = {
  action: string;
  actorKind: string;
  actorId: string | null;
  actorName: string;
  actingAccountId: number | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }>;
  ip: string | null;
};

async function countOf(accountId: number) {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_events where account_id = ${accountId}`,
  );
  return r.rows[0]!.n;
}

async function newest(cookie: string, n = 1): Promise<Row[]> {
  const res = await t.get(`/api/audit?perPage=${n}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

/** Runs a change and returns the rows it added to the account's log (newest first). */
async function rowsAddedBy(
  accountId: number,
  cookie: string,
  change: () => Promise<{ statusCode: number; body: string }>,
  status: number,
): Promise<Row[]> {
  const before = await countOf(accountId);
  const res = await change();
  expect(res.statusCode, res.body).toBe(status);
  const added = (await countOf(accountId)) - before;
  return added > 0 ? newest(cookie, added) : [];
}

const olive = { actorKind: "user", actorId: String(a.user.id), actorName: "Olive Owner" };

describe("changes recorded at the route", () => {
  it("a campaign, a template, a group and a keyword changed by a person: one row each", async () => {
    const made = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.post("/api/campaigns", { name: "Spring" }, { cookie: cookieA }),
      201,
    );
    expect(made).toHaveLength(1);
    const campaignId = String((made[0] as Row).targetId);
    expect(made[0]).toMatchObject({
      ...olive,
      action: "campaigns.create",
      targetType: "campaigns",
      targetLabel: "Spring",
    });
    expect(made[0]!.ip).toBeTruthy();

    const renamed = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.put(`/api/campaigns/${campaignId}`, { name: "Spring 2027" }, { cookie: cookieA }),
      200,
    );
    expect(renamed).toEqual([
      expect.objectContaining({
        ...olive,
        action: "campaigns.update",
        targetId: campaignId,
        targetLabel: "Spring 2027",
        changes: { name: { after: "Spring 2027" } },
      }),
    ]);

    const template = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        t.post(
          "/api/templates",
          { name: "Weekend", message: "2 for 1 this weekend!" },
          { cookie: cookieA },
        ),
      201,
    );
    expect(template).toEqual([
      expect.objectContaining({ ...olive, action: "templates.create", targetLabel: "Weekend" }),
    ]);

    const group = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.post("/api/groups", { name: "Regulars" }, { cookie: cookieA }),
      201,
    );
    expect(group).toEqual([
      expect.objectContaining({ ...olive, action: "groups.create", targetLabel: "Regulars" }),
    ]);
    const groupId = group[0]!.targetId;
    const deleted = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.request({ method: "DELETE", url: `/api/groups/${groupId}`, cookie: cookieA }),
      204,
    );
    expect(deleted).toEqual([
      expect.objectContaining({ ...olive, action: "groups.delete", targetId: groupId }),
    ]);

    const keyword = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        t.post(
          "/api/keywords",
          { keyword: "COFFEE", phoneNumberId: null, reply: "Welcome!", groupIds: [] },
          { cookie: cookieA },
        ),
      201,
    );
    expect(keyword).toEqual([
      expect.objectContaining({ ...olive, action: "keywords.create", targetLabel: "COFFEE" }),
    ]);

    // On the screen's terms: a whole area filters, and the CSV carries the rows.
    const area = await t.get("/api/audit?action=campaigns.*", { cookie: cookieA });
    expect(area.json().rows.map((r: Row) => r.action)).toEqual([
      "campaigns.update",
      "campaigns.create",
    ]);
    const csv = await exportedCsv(t, "/api/audit/export?action=groups.*", cookieA);
    const lines = csv.body.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("groups.delete");
    expect(lines[2]).toContain("Olive Owner");
  });

  it("a refused change writes no row", async () => {
    const dup = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.post("/api/campaigns", { name: "spring 2027" }, { cookie: cookieA }),
      409,
    );
    expect(dup).toEqual([]);
    const bad = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.post("/api/groups", { name: " " }, { cookie: cookieA }),
      400,
    );
    expect(bad).toEqual([]);
    // Another account's campaign is not found, and nothing is written in either log.
    const otherB = await countOf(b.account.id);
    const foreign = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.request({ method: "DELETE", url: "/api/campaigns/999999", cookie: cookieA }),
      404,
    );
    expect(foreign).toEqual([]);
    expect(await countOf(b.account.id)).toBe(otherB);
  });

  it("a route that changes nothing writes no row", async () => {
    const preview = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => t.post("/api/inbox/mark-all-read", undefined, { cookie: cookieA }),
      200,
    );
    expect(preview).toEqual([]);
  });

  it("a change whose service records its own row is that row only", async () => {
    const hook = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        t.post(
          "/api/webhooks",
          { url: "https://receiver.example.com/audit", events: ["subscriber.created"] },
          { cookie: cookieA },
        ),
      201,
    );
    expect(hook).toHaveLength(1);
    expect(hook[0]).toMatchObject({ ...olive, action: "webhooks.create", targetType: "webhook" });
    // The same value set again changes nothing: no row, neither the service's nor the route's.
    const put = () =>
      t.put(
        "/api/account/settings/quiet_hours",
        { val: [["21:00", "08:00"]] },
        { cookie: cookieA },
      );
    expect(await rowsAddedBy(a.account.id, cookieA, put, 200)).toHaveLength(1);
    expect(await rowsAddedBy(a.account.id, cookieA, put, 200)).toEqual([]);
  });

  it("an API key's change through /api/v1 names the key", async () => {
    const made = await t.post(
      "/api/api-keys",
      { name: "CRM sync", scopes: ["groups:write", "content:write"] },
      { cookie: cookieA },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, key } = made.json();
    const rows = await rowsAddedBy(
      a.account.id,
      cookieA,
      () => api.call(key, "POST", "/api/v1/groups", { name: "From the CRM" }),
      201,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: "groups.create",
        actorKind: "api_key",
        actorId: String(id),
        targetLabel: "From the CRM",
      }),
    ]);
    expect(rows[0]!.actorName).toBe('API key "CRM sync" (Olive Owner)');
    // A retry with the same Idempotency-Key is the first answer replayed: no second row.
    const first = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        api.call(key, "POST", "/api/v1/templates", { name: "Once", message: "Hi" }, "idem-once"),
      201,
    );
    expect(first).toHaveLength(1);
    const replay = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        api.call(key, "POST", "/api/v1/templates", { name: "Once", message: "Hi" }, "idem-once"),
      201,
    );
    expect(replay).toEqual([]);
  });

  it("a parent's person acting in a managed account is named in the child's log", async () => {
    const parent = await buildAccountWithUser(t.db, {
      account: { businessName: "Agency" },
      user: { firstName: "Petra", lastName: "Parent" },
    });
    const cookie = await loginAs(t.app, parent.user.username, parent.user.password);
    const created = await t.post(
      "/api/managed-accounts",
      { businessName: "Corner Bakery", email: "owner@audit-changes.test", firstName: "Cora" },
      { cookie },
    );
    expect(created.statusCode, created.body).toBeLessThan(300);
    const childId: number = created.json().id;
    expect(
      (await t.post(`/api/managed-accounts/${childId}/access`, undefined, { cookie })).statusCode,
    ).toBe(200);
    const rows = await rowsAddedBy(
      childId,
      cookie,
      () => t.post("/api/campaigns", { name: "Bakery week" }, { cookie }),
      201,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: "campaigns.create",
        actorKind: "parent",
        actorName: "Petra Parent",
        actingAccountId: parent.account.id,
        targetLabel: "Bakery week",
      }),
    ]);
    expect((await t.get("/api/audit/verify", { cookie })).json()).toMatchObject({ ok: true });
    await t.post("/api/auth/logout", undefined, { cookie });
  });

  it("an AI assistant's write tool is one row naming its key; a read tool none", async () => {
    const [sub] = await t.db
      .insert(subscribers)
      .values({ accountId: a.account.id, phone: "+13105550177", firstName: "Mina" })
      .returning();
    const apiKey = (
      await t.post(
        "/api/api-keys",
        { name: "Assistant", scopes: ["subscribers:read", "subscribers:write"] },
        { cookie: cookieA },
      )
    ).json().key as string;
    const client = new Client({ name: "audit-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
      }),
    );
    const before = await countOf(a.account.id);
    await client.callTool({ name: "search_subscribers", arguments: { query: "Mina" } });
    const refused = await client.callTool({
      name: "opt_out_subscriber",
      arguments: { subscriberId: sub!.id, confirm: false },
    });
    expect(refused.isError).toBe(true);
    expect(await countOf(a.account.id)).toBe(before);
    const done = await client.callTool({
      name: "opt_out_subscriber",
      arguments: { subscriberId: sub!.id, confirm: true },
    });
    expect(done.isError).toBeFalsy();
    await client.close();
    expect(await countOf(a.account.id)).toBe(before + 1);
    const [row] = await newest(cookieA);
    expect(row).toMatchObject({
      action: "mcp.opt_out_subscriber",
      actorKind: "api_key",
      targetId: String(sub!.id),
    });
    expect(row!.actorName).toContain('API key "Assistant"');
  });

  it("changes made without a session name their person: joining by invitation, a reset by link", async () => {
    const email = "joiner@audit-changes.test";
    const invited = await t.post(
      "/api/users/invites",
      { email, permissionLevel: 1, groupIds: [], longcodeIds: [], disableMassMessaging: false },
      { cookie: cookieA },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const mailOf = async (to: string, link: RegExp) => {
      for (let i = 0; i < 100; i++) {
        const { rows } = await t.db.execute<{ text_body: string }>(
          sql`select text_body from mail_messages where lower(to_address) = ${to} order by id desc limit 1`,
        );
        const m = link.exec(rows[0]?.text_body ?? "");
        if (m) return m[1]!;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error(`no mail to ${to}`);
    };
    const accessKey = await mailOf(email, /\/auth\/invite\?key=([\w-]+)/);
    const joined = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        t.post(
          "/api/users/invites/accept",
          {
            accessKey,
            username: "joiner",
            email,
            phoneNumber: "4155550199",
            password: "joiner-password-1",
          },
          { remoteAddress: nextIp() },
        ),
      200,
    );
    expect(joined).toEqual([
      expect.objectContaining({
        action: "users.join",
        actorKind: "user",
        actorName: "joiner",
        targetLabel: "joiner",
        changes: { permissionLevel: { after: 1 }, email: { after: email } },
      }),
    ]);

    const asked = await t.post("/api/auth/forgot-password", { email }, { remoteAddress: nextIp() });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await mailOf(email, /\/auth\/reset-password\?token=([\w-]+)/);
    const reset = await rowsAddedBy(
      a.account.id,
      cookieA,
      () =>
        t.post(
          "/api/auth/reset-password",
          { resetPasswordToken: token, newPassword: "joiner-password-2" },
          { remoteAddress: nextIp() },
        ),
      200,
    );
    expect(reset).toEqual([
      expect.objectContaining({
        action: "users.password_reset_link",
        actorName: "joiner",
        targetLabel: "joiner",
        changes: {},
      }),
    ]);
  });

  it("another account sees none of it, and both chains verify", async () => {
    const res = await t.get("/api/audit?perPage=200", { cookie: cookieB });
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json().rows;
    expect(
      rows.filter((r) => r.actorName.includes("Olive") || r.actorName.includes("Petra")),
    ).toEqual([]);
    expect(
      rows.filter((r) => /^(campaigns|groups|templates|keywords|mcp)\./.test(r.action)),
    ).toEqual([]);
    expect((await t.get("/api/audit/verify", { cookie: cookieA })).json()).toMatchObject({
      ok: true,
      firstBroken: null,
    });
    expect((await t.get("/api/audit/verify", { cookie: cookieB })).json().ok).toBe(true);
  });
});
