import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * MCP with OAuth 2.1 as an AI client does it, through the official SDK: discovery from the 401,
 * dynamic registration, the person's consent on /mcp/stytch/oauth (here: the consent page's own
 * API calls with their session), PKCE code exchange, then tools/list and tools as that person.
 */
const t = await createTestServer({ listen: true, pipeline: false });
const a = await buildAccountWithUser(t.db);
const agentUser = await buildAccountWithUser(t.db, { user: { permissionLevel: 0 } });
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieAgent = await loginAs(t.app, agentUser.user.username, agentUser.user.password);
await t.db
  .insert(subscribers)
  .values({ accountId: a.account.id, phone: "+13105550171", firstName: "Grace" });

const REDIRECT = "http://127.0.0.1:33418/callback";

class TestProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: "Test Assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    return "state-42";
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** What the consent page does with the authorization URL's parameters. */
function consentParams(url: URL) {
  const p = url.searchParams;
  return {
    clientId: p.get("client_id") ?? "",
    redirectUri: p.get("redirect_uri") ?? "",
    codeChallenge: p.get("code_challenge") ?? "",
    codeChallengeMethod: p.get("code_challenge_method") ?? "",
    state: p.get("state") ?? "",
    scope: p.get("scope") ?? "",
    resource: p.get("resource") ?? "",
  };
}

describe("MCP OAuth 2.1", () => {
  it("publishes its metadata and answers 401 with where to find it", async () => {
    const meta = await (await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(meta).toMatchObject({
      issuer: t.baseUrl,
      authorization_endpoint: `${t.baseUrl}/mcp/stytch/oauth`,
      code_challenge_methods_supported: ["S256"],
    });
    const res = await fetch(`${t.baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain(
      `resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });

  it("connects the SDK client through registration, consent and PKCE, then lists and calls tools", async () => {
    const provider = new TestProvider();
    const url = new URL(`${t.baseUrl}/api/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = new Client({ name: "test-assistant", version: "1.0.0" });
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^mcp_client_/);
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.pathname).toBe("/mcp/stytch/oauth");

    // The consent page: what is asked, then the person's approval of two scopes.
    const params = consentParams(authUrl);
    const info = await t.get(`/api/oauth/authorize?${new URLSearchParams(params)}`, {
      cookie: cookieA,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().clientName).toBe("Test Assistant");
    expect(info.json().scopes.map((s: { scope: string }) => s.scope)).toContain("messages:write");
    const decided = await t.post(
      "/api/oauth/authorize",
      { ...params, approve: true, scopes: ["subscribers:read"] },
      { cookie: cookieA },
    );
    expect(decided.statusCode).toBe(200);
    const back = new URL(decided.json().redirectTo);
    expect(back.searchParams.get("state")).toBe("state-42");
    const code = back.searchParams.get("code")!;

    await first.finishAuth(code);
    expect(provider.saved?.access_token).toMatch(/^mcp_at_/);
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain("search_subscribers");
    const found = await client.callTool({
      name: "search_subscribers",
      arguments: { query: "Grace" },
    });
    expect(found.isError).toBeFalsy();
    expect(JSON.stringify(found.content)).toContain("Grace");
    // Only the approved scope: sending is refused.
    const refused = await client.callTool({
      name: "read_conversation",
      arguments: { subscriberId: 1 },
    });
    expect(refused.isError).toBe(true);

    // A refresh token gives a new pair once; reused, it is refused.
    const refresh = (token: string) =>
      fetch(`${t.baseUrl}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: token,
          client_id: params.clientId,
        }),
      });
    const oldRefresh = provider.saved!.refresh_token!;
    const rotated = await refresh(oldRefresh);
    expect(rotated.status).toBe(200);
    provider.saved = await rotated.json();
    expect((await refresh(oldRefresh)).status).toBe(400);

    // The person sees the client on the MCP page and signs it out: its token stops at once.
    const grants = (await t.get("/api/oauth/grants", { cookie: cookieA })).json().rows;
    expect(grants).toEqual([
      expect.objectContaining({ clientName: "Test Assistant", scopes: ["subscribers:read"] }),
    ]);
    expect((await t.get("/api/oauth/grants", { cookie: cookieAgent })).json().rows).toEqual([]);
    const notTheirs = await t.request({
      method: "DELETE",
      url: `/api/oauth/grants/${grants[0].id}`,
      cookie: cookieAgent,
    });
    expect(notTheirs.statusCode).toBe(404);
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/oauth/grants/${grants[0].id}`,
      cookie: cookieA,
    });
    expect(revoked.statusCode).toBe(204);
    const afterRevoke = await fetch(`${t.baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${provider.saved!.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(afterRevoke.status).toBe(401);
    await client.close().catch(() => {});

    // A code is good once.
    const again = await fetch(`${t.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: params.clientId,
        redirect_uri: REDIRECT,
        code_verifier: provider.verifier,
      }),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");

    // The refresh token turns into a new pair, and the old one stops working.
    const refreshed = await fetch(`${t.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: provider.saved!.refresh_token!,
        client_id: params.clientId,
      }),
    });
    // Signed out: its refresh token is dead too.
    expect(refreshed.status).toBe(400);
  });

  it("refuses a wrong verifier, an unregistered redirect, and gives agents only what they hold", async () => {
    const reg = await fetch(`${t.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "X", redirect_uris: ["http://evil.example/cb"] }),
    });
    expect(reg.status).toBe(400);
    const ok = await (
      await fetch(`${t.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Y", redirect_uris: [REDIRECT] }),
      })
    ).json();
    const params = {
      clientId: ok.client_id,
      redirectUri: REDIRECT,
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      codeChallengeMethod: "S256",
      state: "s",
      scope: "subscribers:read sends:write webhooks:write",
      resource: "",
    };
    const otherRedirect = await t.get(
      `/api/oauth/authorize?${new URLSearchParams({ ...params, redirectUri: "https://other.example/cb" })}`,
      { cookie: cookieA },
    );
    expect(otherRedirect.statusCode).toBe(400);
    const asAgent = await t.get(`/api/oauth/authorize?${new URLSearchParams(params)}`, {
      cookie: cookieAgent,
    });
    expect(asAgent.json().scopes.map((s: { scope: string }) => s.scope)).toEqual([
      "subscribers:read",
    ]);
    const decided = await t.post(
      "/api/oauth/authorize",
      { ...params, approve: true, scopes: ["subscribers:read"] },
      { cookie: cookieA },
    );
    const code = new URL(decided.json().redirectTo).searchParams.get("code")!;
    const wrong = await fetch(`${t.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: ok.client_id,
        redirect_uri: REDIRECT,
        code_verifier: "x".repeat(43),
      }),
    });
    expect(wrong.status).toBe(400);
    const denied = await t.post(
      "/api/oauth/authorize",
      { ...params, approve: false },
      { cookie: cookieA },
    );
    expect(new URL(denied.json().redirectTo).searchParams.get("error")).toBe("access_denied");
  });
});
