import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/** Who signs in at the provider: the subject and the e-mail it vouches for (or not). */
export interface ProviderPerson {
  sub: string;
  email: string;
  email_verified: boolean;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * false (the default): the authorize endpoint approves at once, as a provider does for a person
   * who is signed in there and approved the app before. true: it shows a page where the person
   * chooses 'Allow' or 'Cancel' (a browser test clicks it).
   */
  consent?: boolean;
}

export interface TestProviderState {
  /** The person the next authorization is for. */
  next: ProviderPerson;
  /** Sign ID tokens with another nonce (a replayed or forged token). */
  wrongNonce: boolean;
  /** Per authorization: the PKCE method asked for, and whether the token call's verifier matched. */
  seen: { challengeMethod: string | null; verifierOk: boolean }[];
  issuer: string;
}

export interface TestOidcProvider {
  state: TestProviderState;
  /** The OpenID issuer (GOOGLE_ISSUER): `http://127.0.0.1:<port>/oidc`. */
  issuer: string;
  /** Facebook Login's shape on the same server: the dialog (FACEBOOK_DIALOG_URL)… */
  dialogUrl: string;
  /** …and the Graph API (FACEBOOK_GRAPH_URL). */
  graphUrl: string;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * A small OpenID provider of our own on 127.0.0.1 for tests: discovery, authorize (the person
 * "signs in" as whoever `state.next` says; at once, or after 'Allow' on a consent page), a token
 * endpoint that checks the client secret, the code and the PKCE verifier and issues an RS256 ID
 * token, and the JWKS to check it with. It also answers as Facebook Login does (the same
 * authorize dialog, a token endpoint without an ID token, and the Graph API's /me).
 */
export async function startOidcProvider(options: TestProviderOptions): Promise<TestOidcProvider> {
  const { clientId, clientSecret } = options;
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  // A key id of its own: a provider started again on the same port is not mistaken for this one.
  const kid = `test-${randomBytes(6).toString("hex")}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<
    string,
    { nonce: string; challenge: string; redirectUri: string; person: ProviderPerson }
  >();
  const accessTokens = new Map<string, ProviderPerson>();
  const state: TestProviderState = {
    next: { sub: "g-1", email: "", email_verified: true },
    wrongNonce: false,
    seen: [],
    issuer: "",
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const redirect = (res: http.ServerResponse, to: URL) => {
    res.writeHead(302, { location: to.href });
    res.end();
  };

  /** The authorization request is sound: this client, the code flow, a redirect URI. */
  const validRequest = (p: URLSearchParams) =>
    p.get("client_id") === clientId &&
    p.get("response_type") === "code" &&
    URL.canParse(p.get("redirect_uri") ?? "");

  /** Approved: a code for `state.next`, back to the client with it and the state. */
  const approve = (res: http.ServerResponse, p: URLSearchParams) => {
    state.seen.push({ challengeMethod: p.get("code_challenge_method"), verifierOk: false });
    const code = randomBytes(16).toString("hex");
    codes.set(code, {
      nonce: p.get("nonce") ?? "",
      challenge: p.get("code_challenge") ?? "",
      redirectUri: p.get("redirect_uri") ?? "",
      person: state.next,
    });
    const back = new URL(p.get("redirect_uri")!);
    back.searchParams.set("code", code);
    back.searchParams.set("state", p.get("state") ?? "");
    redirect(res, back);
  };

  const consentPage = (res: http.ServerResponse, p: URLSearchParams) => {
    const who = state.next.email || state.next.sub;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Test Identity Provider</title></head>
<body><main>
<h1>Test Identity Provider</h1>
<p>Signed in as <strong data-testid="provider-person">${escapeHtml(who)}</strong>.</p>
<p>The app <strong>${escapeHtml(clientId)}</strong> asks for your e-mail address.</p>
<form method="post" action="${escapeHtml(new URL(state.issuer).pathname)}/authorize">
<input type="hidden" name="request" value="${escapeHtml(p.toString())}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
</main></body></html>`);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", state.issuer);
    if (url.pathname === "/oidc/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
      });
    }
    if (url.pathname === "/oidc/jwks") return json(res, 200, { keys: [jwk] });
    if (url.pathname === "/oidc/authorize" && req.method === "GET") {
      const p = url.searchParams;
      if (!validRequest(p)) return json(res, 400, { error: "invalid_request" });
      return options.consent ? consentPage(res, p) : approve(res, p);
    }
    if (url.pathname === "/oidc/authorize" && req.method === "POST") {
      const form = await readBody(req);
      const p = new URLSearchParams(form.get("request") ?? "");
      if (!validRequest(p)) return json(res, 400, { error: "invalid_request" });
      if (form.get("decision") === "allow") return approve(res, p);
      const back = new URL(p.get("redirect_uri")!);
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("state", p.get("state") ?? "");
      return redirect(res, back);
    }
    if (url.pathname === "/graph/me") {
      // Facebook's Graph API: the profile of the access token's user.
      const person = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!person) return json(res, 401, { error: { message: "Invalid OAuth access token." } });
      return json(res, 200, {
        id: person.sub,
        ...(person.email ? { email: person.email } : {}),
      });
    }
    const graph = url.pathname === "/graph/oauth/access_token";
    if ((url.pathname === "/oidc/token" || graph) && req.method === "POST") {
      const p = await readBody(req);
      const grant = codes.get(p.get("code") ?? "");
      codes.delete(p.get("code") ?? "");
      if (p.get("client_id") !== clientId || p.get("client_secret") !== clientSecret)
        return json(res, 401, { error: "invalid_client" });
      const verifier = p.get("code_verifier") ?? "";
      const verifierOk =
        grant !== undefined &&
        createHash("sha256").update(verifier).digest("base64url") === grant.challenge;
      const seen = state.seen.at(-1);
      if (seen) seen.verifierOk = verifierOk;
      if (!grant || !verifierOk || p.get("redirect_uri") !== grant.redirectUri)
        return json(res, 400, { error: "invalid_grant" });
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, grant.person);
      if (graph)
        return json(res, 200, {
          access_token: accessToken,
          token_type: "bearer",
          expires_in: 300,
        });
      const idToken = await new SignJWT({
        email: grant.person.email,
        email_verified: grant.person.email_verified,
        nonce: state.wrongNonce ? "another-nonce" : grant.nonce,
      })
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer(state.issuer)
        .setAudience(clientId)
        .setSubject(grant.person.sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      return json(res, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 300,
        id_token: idToken,
      });
    }
    if (url.pathname === "/favicon.ico") {
      // A browser on the consent page asks for one; an empty answer keeps its console clean.
      res.writeHead(204);
      return res.end();
    }
    json(res, 404, { error: "not_found" });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.issuer = `${origin}/oidc`;
  return {
    state,
    issuer: state.issuer,
    dialogUrl: `${state.issuer}/authorize`,
    graphUrl: `${origin}/graph`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
