import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, phoneNumbers, subscribers } from "../../db/schema";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

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
      "draft_message",
      "read_conversation",
      "report_sends",
      "search_subscribers",
      "send_message",
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
