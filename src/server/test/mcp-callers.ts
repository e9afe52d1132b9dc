import { createHash, randomBytes } from "node:crypto";
import { API_SCOPES } from "../../domain/api-keys";
import type { TestServer } from "./harness";

/**
 * MCP callers for API tests, over `app.inject`: an OAuth access token got as a client gets one
 * (registration, the person's consent with their session, PKCE exchange), and raw JSON-RPC calls.
 */
const REDIRECT = "http://127.0.0.1:33419/callback";

/** The scopes this person can give (what the consent page offers them). */
export async function grantableScopes(t: TestServer, cookie: string): Promise<string[]> {
  const reg = await t.post("/oauth/register", { client_name: "Probe", redirect_uris: [REDIRECT] });
  const info = await t.get(
    `/api/oauth/authorize?${new URLSearchParams({
      clientId: reg.json().client_id,
      redirectUri: REDIRECT,
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      codeChallengeMethod: "S256",
      state: "s",
      scope: API_SCOPES.join(" "),
      resource: "",
    })}`,
    { cookie },
  );
  return info.json().scopes.map((s: { scope: string }) => s.scope);
}

/** An access token approved by the person behind `cookie`, with every scope they can give. */
export async function oauthToken(t: TestServer, cookie: string): Promise<string> {
  const scopes = await grantableScopes(t, cookie);
  const reg = await t.post("/oauth/register", {
    client_name: "Assistant",
    redirect_uris: [REDIRECT],
  });
  const verifier = randomBytes(32).toString("base64url");
  const params = {
    clientId: reg.json().client_id as string,
    redirectUri: REDIRECT,
    codeChallenge: createHash("sha256").update(verifier).digest("base64url"),
    codeChallengeMethod: "S256",
    state: "s",
    scope: scopes.join(" "),
    resource: "",
  };
  const decided = await t.post(
    "/api/oauth/authorize",
    { ...params, approve: true, scopes },
    { cookie },
  );
  const code = new URL(decided.json().redirectTo).searchParams.get("code") ?? "";
  const token = await t.post("/oauth/token", {
    grant_type: "authorization_code",
    code,
    client_id: params.clientId,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  return token.json().access_token as string;
}

/** One JSON-RPC message or a batch to /api/mcp with this bearer. */
export function mcpPost(t: TestServer, bearer: string, body: unknown) {
  return t.request({
    method: "POST",
    url: "/api/mcp",
    body,
    csrf: false,
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: "application/json, text/event-stream",
    },
  });
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
}

/** A tools/call, answered as the tool's text and whether it is an error. */
export async function callTool(
  t: TestServer,
  bearer: string,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolAnswer> {
  const res = await mcpPost(t, bearer, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });
  if (res.statusCode !== 200) return { isError: true, text: `HTTP ${res.statusCode}` };
  const result = res.json().result as { isError?: boolean; content: { text: string }[] };
  return { isError: result.isError === true, text: result.content[0]?.text ?? "" };
}
