import { describe, expect, it } from "vitest";
import { OUTBOUND_TEXT } from "../../../domain/outbound-address";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startJsonReceiver } from "../../test/json-receiver";

/**
 * The other URLs a tenant chooses: a Zapier hook (an outgoing webhook underneath) and an
 * automation's "Call a webhook" step. Internal addresses are refused when saved; the operator's
 * allow-list (here 10.20.0.0/16 and one name) lets its own through.
 */
const t = await createTestServer({
  pipeline: true,
  env: { OUTBOUND_ALLOW: "10.20.0.0/16, zap-receiver.internal" },
  resolver: async (name) => (name === "zap-receiver.internal" ? ["127.0.0.1"] : []),
});
const receiver = await startJsonReceiver();
const port = new URL(receiver.url("/")).port;

const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const zapKey = (
  await t.post(
    "/api/api-keys",
    { name: "Zapier", scopes: ["webhooks:write", "subscribers:write"] },
    { cookie },
  )
).json().key as string;

function zap(hookUrl: string) {
  return t.request({
    method: "POST",
    url: "/api/v1/zapier/hooks",
    body: { hookUrl, event: "subscriber.created" },
    csrf: false,
    headers: { authorization: `Bearer ${zapKey}` },
  });
}

function automationWithHook(url: string) {
  return t.post(
    "/api/automations",
    {
      kind: "workflow",
      name: `Hook ${url}`,
      trigger: { type: "keyword.joined", keywordId: null },
      graph: { start: "hook1", steps: [{ id: "hook1", type: "webhook", url, next: null }] },
      exitOnReply: false,
    },
    { cookie },
  );
}

describe("integration destinations", () => {
  it.each([
    "127.0.0.1",
    "[::1]",
    "10.0.0.1",
    "172.20.1.1",
    "192.168.0.10",
    "169.254.169.254",
    "[fd00::1]",
    "0.0.0.0",
    "[::ffff:127.0.0.1]",
    "2130706433",
    "127.1",
    "localhost",
  ])("a Zapier hook on %s is refused", async (host) => {
    const res = await zap(`http://${host}:${port}/zapier`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(OUTBOUND_TEXT.blocked);
  });

  it("a Zapier hook on the allowed name is subscribed and gets its event", async () => {
    const res = await zap(`http://zap-receiver.internal:${port}/zapier/allowed`);
    expect(res.statusCode, res.body).toBe(201);
    const created = await t.request({
      method: "POST",
      url: "/api/v1/subscribers",
      body: { number: "+13105550188" },
      csrf: false,
      headers: { authorization: `Bearer ${zapKey}` },
    });
    expect(created.statusCode).toBe(201);
    const [hit] = await receiver.waitFor((p) => p.path === "/zapier/allowed", 1, 10_000);
    expect(hit!.json.type).toBe("subscriber.created");
  });

  it("an automation's webhook step to an internal address is refused when saved", async () => {
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://[::ffff:a9fe:a9fe]/latest",
      "http://localhost/",
    ]) {
      const res = await automationWithHook(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(OUTBOUND_TEXT.blocked);
    }
    // Inside the operator's range, and a public one, are kept.
    expect((await automationWithHook("http://10.20.3.4/hook")).statusCode).toBe(201);
    expect((await automationWithHook("https://hooks.example.com/step")).statusCode).toBe(201);
  });
});
