import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dripToGraph } from "../../../domain/automation-graph";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/** The MCP server through the official SDK client over real HTTP, as an AI client would use it. */
const t = await createTestServer({ listen: true, env: { EMULATOR_LATENCY_MS: "10" } });

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const owned = await t.ctx.carrier.buyNumber("+14155550161", {
  smsUrl: "",
  statusCallback: "",
  friendlyName: "",
});
await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+14155550161", carrierSid: owned.sid });
const [sub] = await t.db
  .insert(subscribers)
  .values({
    accountId: a.account.id,
    phone: "+13105550161",
    firstName: "Linus",
    marketingConsentAt: new Date(),
  })
  .returning();

async function key(cookie: string, scopes: string[]) {
  return (await t.post("/api/api-keys", { name: "mcp", scopes }, { cookie })).json().key as string;
}

async function connect(apiKey: string) {
  const client = new Client({ name: "parley-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]?.text ?? "";

describe("the MCP server", () => {
  it("initializes and lists its tools for a key", async () => {
    const client = await connect(await key(cookieA, ["subscribers:read"]));
    expect(client.getServerVersion()?.name).toBe("parley");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "analytics_summary",
      "assign_conversation",
      "automation_report",
      "close_conversation",
      "credit_balance",
      "draft_message",
      "integrations_state",
      "list_automations",
      "list_keywords",
      "list_managed_accounts",
      "list_webinar_registrants",
      "list_webinars",
      "opt_out_subscriber",
      "read_conversation",
      "report_opt_outs",
      "report_sends",
      "report_subscriber_growth",
      "search_subscribers",
      "send_message",
      "set_automation_status",
    ]);
    const found = await client.callTool({
      name: "search_subscribers",
      arguments: { query: "Linus" },
    });
    expect(JSON.parse(text(found)).rows.map((r: { id: number }) => r.id)).toEqual([sub!.id]);
    // The key has no messages scope: reading a conversation is refused, politely.
    const refused = await client.callTool({
      name: "read_conversation",
      arguments: { subscriberId: sub!.id },
    });
    expect(refused.isError).toBe(true);
    await client.close();
  });

  it("refuses without a key", async () => {
    const res = await fetch(`${t.baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
  });

  it("sends only with confirm: true and the write scope, and only to this account's subscribers", async () => {
    const reader = await connect(await key(cookieA, ["messages:read"]));
    const noScope = await reader.callTool({
      name: "send_message",
      arguments: { subscriberId: sub!.id, text: "Hi", confirm: true },
    });
    expect(noScope.isError).toBe(true);
    await reader.close();

    const writer = await connect(await key(cookieA, ["messages:write", "subscribers:read"]));
    const draft = await writer.callTool({
      name: "draft_message",
      arguments: { text: "Your order is ready" },
    });
    expect(JSON.parse(text(draft))).toMatchObject({ segments: 1, credits: 1 });
    const unconfirmed = await writer.callTool({
      name: "send_message",
      arguments: { subscriberId: sub!.id, text: "Your order is ready", confirm: false },
    });
    expect(unconfirmed.isError).toBe(true);
    expect(text(unconfirmed)).toMatch(/confirm: true/);
    const sent = await writer.callTool({
      name: "send_message",
      arguments: { subscriberId: sub!.id, text: "Your order is ready", confirm: true },
    });
    expect(sent.isError).toBeFalsy();
    const [row] = await t.db.select().from(messages).where(eq(messages.subscriberId, sub!.id));
    expect(row).toMatchObject({
      body: "Your order is ready",
      source: "inbox",
      direction: "outbound",
    });
    const convo = await writer.callTool({
      name: "read_conversation",
      arguments: { subscriberId: sub!.id },
    });
    expect(JSON.parse(text(convo)).messages.map((m: { text: string }) => m.text)).toContain(
      "Your order is ready",
    );
    await writer.close();

    const other = await connect(await key(cookieB, ["messages:write"]));
    const theirs = await other.callTool({
      name: "send_message",
      arguments: { subscriberId: sub!.id, text: "Hi", confirm: true },
    });
    expect(theirs.isError).toBe(true);
    await other.close();
  });
});

describe("the MCP automation and report tools", () => {
  it("list and report on automations, publish one only with confirm and the write scope, and read reports and credits", async () => {
    const made = await t.post(
      "/api/automations",
      {
        kind: "drip",
        name: "Welcome",
        trigger: { type: "message.received", words: ["HELLO"] },
        graph: dripToGraph([
          {
            wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
            body: "Hi!",
          },
        ]),
      },
      { cookie: cookieA },
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;

    const reader = await connect(await key(cookieA, ["sends:read", "growth:read"]));
    const list = await reader.callTool({ name: "list_automations", arguments: { kind: "drip" } });
    expect(JSON.parse(text(list)).rows.map((r: { id: number }) => r.id)).toEqual([id]);
    const report = await reader.callTool({
      name: "automation_report",
      arguments: { automationId: id },
    });
    expect(JSON.parse(text(report))).toMatchObject({ entered: 0, completed: 0 });
    const keywords = await reader.callTool({ name: "list_keywords", arguments: {} });
    expect(JSON.parse(text(keywords)).keywords).toEqual([]);
    // Reading is not writing, even confirmed.
    const refused = await reader.callTool({
      name: "set_automation_status",
      arguments: { automationId: id, status: "active", confirm: true },
    });
    expect(refused.isError).toBe(true);
    const noReports = await reader.callTool({ name: "credit_balance", arguments: {} });
    expect(noReports.isError).toBe(true);
    await reader.close();

    const writer = await connect(await key(cookieA, ["sends:write"]));
    const unconfirmed = await writer.callTool({
      name: "set_automation_status",
      arguments: { automationId: id, status: "active", confirm: false },
    });
    expect(unconfirmed.isError).toBe(true);
    expect((await t.get(`/api/automations/${id}`, { cookie: cookieA })).json().status).toBe(
      "draft",
    );
    const published = await writer.callTool({
      name: "set_automation_status",
      arguments: { automationId: id, status: "active", confirm: true },
    });
    expect(JSON.parse(text(published))).toEqual({ id, name: "Welcome", status: "active" });
    expect((await t.get(`/api/automations/${id}`, { cookie: cookieA })).json().status).toBe(
      "active",
    );
    await writer.close();

    const analyst = await connect(await key(cookieA, ["reports:read", "billing:read"]));
    const growth = await analyst.callTool({
      name: "report_subscriber_growth",
      arguments: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(growth.isError, text(growth)).toBeFalsy();
    const backwards = await analyst.callTool({
      name: "report_subscriber_growth",
      arguments: { from: "2026-02-01", to: "2026-01-01" },
    });
    expect(backwards.isError).toBe(true);
    const optOuts = await analyst.callTool({ name: "report_opt_outs", arguments: {} });
    expect(optOuts.isError, text(optOuts)).toBeFalsy();
    const summary = await analyst.callTool({ name: "analytics_summary", arguments: {} });
    expect(summary.isError, text(summary)).toBeFalsy();
    const balance = await analyst.callTool({ name: "credit_balance", arguments: {} });
    const screen = (await t.get("/api/credits", { cookie: cookieA })).json();
    expect(JSON.parse(text(balance)).balance).toBe(screen.balance);
    await analyst.close();

    // Another account's key sees none of A's automations.
    const other = await connect(await key(cookieB, ["sends:write"]));
    const theirs = await other.callTool({
      name: "automation_report",
      arguments: { automationId: id },
    });
    expect(theirs.isError).toBe(true);
    const pause = await other.callTool({
      name: "set_automation_status",
      arguments: { automationId: id, status: "paused", confirm: true },
    });
    expect(pause.isError).toBe(true);
    expect((await t.get(`/api/automations/${id}`, { cookie: cookieA })).json().status).toBe(
      "active",
    );
    await other.close();
  });
});

describe("the MCP subscriber and conversation tools", () => {
  it("opt out, assign, close and reopen only with confirm and the write scope, in this account only", async () => {
    const [target] = await t.db
      .insert(subscribers)
      .values({
        accountId: a.account.id,
        phone: "+13105550162",
        firstName: "Ola",
        marketingConsentAt: new Date(),
      })
      .returning();
    const teammate = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
    const reader = await connect(await key(cookieA, ["subscribers:read", "messages:read"]));
    for (const [name, args] of [
      ["opt_out_subscriber", { subscriberId: target!.id }],
      ["assign_conversation", { subscriberId: sub!.id, userId: teammate.id }],
      ["close_conversation", { subscriberId: sub!.id }],
    ] as const) {
      const refused = await reader.callTool({ name, arguments: { ...args, confirm: true } });
      expect(refused.isError, name).toBe(true);
    }
    await reader.close();

    const writer = await connect(await key(cookieA, ["subscribers:write", "messages:write"]));
    const unconfirmed = await writer.callTool({
      name: "opt_out_subscriber",
      arguments: { subscriberId: target!.id, confirm: false },
    });
    expect(unconfirmed.isError).toBe(true);
    expect(text(unconfirmed)).toMatch(/confirm: true/);
    expect(
      (await t.get(`/api/subscribers/${target!.id}`, { cookie: cookieA })).json().optedOut,
    ).toBe(false);
    const optedOut = await writer.callTool({
      name: "opt_out_subscriber",
      arguments: { subscriberId: target!.id, confirm: true },
    });
    expect(JSON.parse(text(optedOut))).toEqual({ id: target!.id, optedOut: true });
    const history = await t.get(`/api/subscribers/${target!.id}/consent-history`, {
      cookie: cookieA,
    });
    expect(history.json().rows.map((r: { action: string }) => r.action)).toContain("opt_out");

    // The first test's message opened a conversation with sub.
    const assigned = await writer.callTool({
      name: "assign_conversation",
      arguments: { subscriberId: sub!.id, userId: teammate.id, confirm: true },
    });
    expect(assigned.isError, text(assigned)).toBeFalsy();
    const closed = await writer.callTool({
      name: "close_conversation",
      arguments: { subscriberId: sub!.id, confirm: true },
    });
    expect(closed.isError, text(closed)).toBeFalsy();
    expect(
      (await t.get(`/api/inbox/conversations/${sub!.id}`, { cookie: cookieA })).json(),
    ).toMatchObject({ assignedUserId: teammate.id, archived: true });
    await writer.callTool({
      name: "close_conversation",
      arguments: { subscriberId: sub!.id, reopen: true, confirm: true },
    });
    expect(
      (await t.get(`/api/inbox/conversations/${sub!.id}`, { cookie: cookieA })).json().archived,
    ).toBe(false);
    await writer.close();

    const other = await connect(await key(cookieB, ["subscribers:write", "messages:write"]));
    for (const [name, args] of [
      ["opt_out_subscriber", { subscriberId: sub!.id }],
      ["assign_conversation", { subscriberId: sub!.id, userId: null }],
      ["close_conversation", { subscriberId: sub!.id }],
    ] as const) {
      const theirs = await other.callTool({ name, arguments: { ...args, confirm: true } });
      expect(theirs.isError, name).toBe(true);
    }
    await other.close();
    expect(
      (await t.get(`/api/inbox/conversations/${sub!.id}`, { cookie: cookieA })).json(),
    ).toMatchObject({ assignedUserId: teammate.id, archived: false });
    expect((await t.get(`/api/subscribers/${sub!.id}`, { cookie: cookieA })).json().optedOut).toBe(
      false,
    );
  });

  it("reads webinars, managed accounts and integrations with their REST routes' scopes", async () => {
    const created = await t.post(
      "/api/webinars",
      {
        title: "Latte art live",
        startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        durationMinutes: 45,
        joinUrl: "https://meet.example.com/latte",
        reminderOffsets: [60],
        reminderMessage: "Hi [first name], [title] starts [start time]. Join: [join link]",
      },
      { cookie: cookieA },
    );
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().id as number;
    const child = await t.post(
      "/api/managed-accounts",
      { businessName: "Bean There Uptown", email: `uptown-${Date.now()}@kids.example` },
      { cookie: cookieA },
    );
    expect(child.statusCode, child.body).toBe(201);

    const reader = await connect(
      await key(cookieA, ["webinars:read", "accounts:read", "settings:write"]),
    );
    const events = JSON.parse(
      text(await reader.callTool({ name: "list_webinars", arguments: {} })),
    );
    expect(events).toEqual((await t.get("/api/webinars", { cookie: cookieA })).json());
    expect(events.rows.map((r: { title: string }) => r.title)).toContain("Latte art live");
    const registrants = await reader.callTool({
      name: "list_webinar_registrants",
      arguments: { webinarId: eventId },
    });
    expect(JSON.parse(text(registrants))).toEqual(
      (await t.get(`/api/webinars/${eventId}/registrants`, { cookie: cookieA })).json(),
    );
    const children = JSON.parse(
      text(await reader.callTool({ name: "list_managed_accounts", arguments: {} })),
    );
    expect(children.rows.map((r: { businessName: string }) => r.businessName)).toEqual([
      "Bean There Uptown",
    ]);
    expect(children.rows[0].usage).toMatchObject({ subscribers: 0, sendsThisMonth: 0 });
    const state = JSON.parse(
      text(await reader.callTool({ name: "integrations_state", arguments: {} })),
    );
    expect(state).toEqual((await t.get("/api/integrations", { cookie: cookieA })).json());
    await reader.close();

    // Without the scopes: each tool refuses, readably.
    const none = await connect(await key(cookieA, ["subscribers:read"]));
    for (const [name, args] of [
      ["list_webinars", {}],
      ["list_webinar_registrants", { webinarId: eventId }],
      ["list_managed_accounts", {}],
      ["integrations_state", {}],
    ] as const) {
      const res = await none.callTool({ name, arguments: args });
      expect(res.isError, name).toBe(true);
    }
    await none.close();

    // Another account's key sees none of A's events, registrants or children.
    const other = await connect(await key(cookieB, ["webinars:read", "accounts:read"]));
    const theirs = JSON.parse(text(await other.callTool({ name: "list_webinars", arguments: {} })));
    expect(theirs.rows).toEqual([]);
    const foreign = await other.callTool({
      name: "list_webinar_registrants",
      arguments: { webinarId: eventId },
    });
    expect(foreign.isError).toBe(true);
    const kids = JSON.parse(
      text(await other.callTool({ name: "list_managed_accounts", arguments: {} })),
    );
    expect(kids.rows).toEqual([]);
    await other.close();
  });
});
