import { describe, expect, it } from "vitest";
import { API_KEY_TEXT } from "../../domain/api-keys";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { mcpPost } from "../test/mcp-callers";
import { POLICY } from "./policy";

/** The key door's limits: per key (an MCP batch counts each call), per address for bad keys. */
const t = await createTestServer({ env: { API_RATE_LIMIT: "5" } });
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);

describe("the API key door", () => {
  it("counts each call of an MCP batch against the key's limit", async () => {
    const made = await t.post(
      "/api/api-keys",
      { name: "Batch", scopes: ["subscribers:read"] },
      { cookie },
    );
    const key = made.json().key as string;
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "search_subscribers", arguments: {} },
    });
    const first = await mcpPost(t, key, [call(1), call(2), call(3)]);
    expect(first.statusCode).toBe(200);
    // Three calls, then three more: six against a limit of five.
    const second = await mcpPost(t, key, [call(4), call(5), call(6)]);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toBe(API_KEY_TEXT.rateLimited);
  });

  it("limits requests with invented keys per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.request({
        method: "GET",
        url: "/api/v1/subscribers",
        csrf: false,
        headers: { authorization: `Bearer pk_invented${i}` },
        remoteAddress: "10.77.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another address is not held back by the first one's guesses.
    const elsewhere = await t.request({
      method: "GET",
      url: "/api/v1/subscribers",
      csrf: false,
      headers: { authorization: "Bearer pk_invented" },
      remoteAddress: "10.77.0.2",
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe("CORS", () => {
  it("approves no preflight from another site on any /api route, only on the embed routes", async () => {
    const preflight = (url: string) =>
      t.request({
        method: "OPTIONS",
        url,
        csrf: false,
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
    const approved: string[] = [];
    for (const route of Object.keys(POLICY)) {
      const url = (route.split(" ")[1] ?? "").replace(/:\w+/g, "1").replace("*", "x");
      const res = await preflight(url);
      if (res.headers["access-control-allow-origin"]) approved.push(url);
    }
    expect(approved).toEqual([]);
    const embed = await preflight("/opt-in-forms/public/render");
    expect(embed.headers["access-control-allow-origin"]).toBe("https://evil.example");
  });
});
