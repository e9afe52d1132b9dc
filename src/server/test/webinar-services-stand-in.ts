import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A Zoom user as GET /users/me describes them. */
export interface ZoomPerson {
  id: string;
  email: string;
  verified: number;
  first_name: string;
  last_name: string;
}

/** A GoTo organizer as the Admin API's GET /me describes them. */
export interface GoToPerson {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
}

type Service = "zoom" | "goto";

interface Token {
  service: Service;
  person: string;
  expired: boolean;
}

export interface StandInState {
  /** Who signs in at Zoom / GoTo for the next authorization. */
  zoom: ZoomPerson;
  goto: GoToPerson;
  /** Seconds the access tokens it issues live (a negative value issues expired ones). */
  expiresIn: number;
  /** The PKCE method of each Zoom authorization and whether its verifier matched. */
  seen: { challengeMethod: string | null; verifierOk: boolean }[];
  /** Every API call: the service, path and the person its token belongs to ("" for none). */
  hits: { service: Service; path: string; person: string }[];
  /** Refresh-token grants answered, per service. */
  refreshes: Record<Service, number>;
}

export interface WebinarServicesStandIn {
  state: StandInState;
  /** ZOOM_OAUTH_BASE, ZOOM_API_BASE, GOTO_OAUTH_BASE, GOTO_ADMIN_API_BASE, GOTO_API_BASE. */
  env: Record<string, string>;
  /** Makes every access token issued so far answer 401 (as when it ends early). */
  expireAll(): void;
  /** Refuses every refresh token issued so far (the person removed the app at the service). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * Zoom's and GoTo's OAuth (authorize, token with HTTP Basic client auth, refresh) and the calls
 * Parley makes with the tokens (Zoom's /users/me and webinars, GoTo's Admin /me and webinars),
 * on 127.0.0.1 for tests. Zoom checks PKCE and rotates single-use refresh tokens; GoTo keeps the
 * refresh token and answers without token_type, as their documentation shows. A webinar answers
 * only to its owner's token, so a test sees whose token an import used. With `consent`, authorize
 * shows an Allow button (a browser test clicks it) instead of approving at once.
 */
export async function startWebinarServices(options: {
  clientId: string;
  clientSecret: string;
  consent?: boolean;
  port?: number;
}): Promise<WebinarServicesStandIn> {
  const state: StandInState = {
    zoom: { id: "zu-1", email: "", verified: 1, first_name: "Zoe", last_name: "Zoomer" },
    goto: { key: "go-1", email: "", firstName: "Gus", lastName: "Goto" },
    expiresIn: 3600,
    seen: [],
    hits: [],
    refreshes: { zoom: 0, goto: 0 },
  };
  const codes = new Map<
    string,
    { service: Service; person: string; challenge: string; redirectUri: string }
  >();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { service: Service; person: string }>();
  const zoomPeople = new Map<string, ZoomPerson>();
  const gotoPeople = new Map<string, GoToPerson>();
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const issue = (service: Service, person: string) => {
    const access = randomBytes(12).toString("hex");
    tokens.set(access, { service, person, expired: state.expiresIn <= 0 });
    return access;
  };
  const approve = (res: http.ServerResponse, service: Service, p: URLSearchParams) => {
    const person = service === "zoom" ? state.zoom : state.goto;
    const id = service === "zoom" ? (person as ZoomPerson).id : (person as GoToPerson).key;
    if (service === "zoom") zoomPeople.set(id, { ...(person as ZoomPerson) });
    else gotoPeople.set(id, { ...(person as GoToPerson) });
    if (service === "zoom")
      state.seen.push({ challengeMethod: p.get("code_challenge_method"), verifierOk: false });
    const code = randomBytes(12).toString("hex");
    codes.set(code, {
      service,
      person: id,
      challenge: p.get("code_challenge") ?? "",
      redirectUri: p.get("redirect_uri") ?? "",
    });
    const back = new URL(p.get("redirect_uri")!);
    back.searchParams.set("code", code);
    back.searchParams.set("state", p.get("state") ?? "");
    res.writeHead(302, { location: back.href });
    res.end();
  };
  const consentPage = (res: http.ServerResponse, service: Service, p: URLSearchParams) => {
    const who = service === "zoom" ? state.zoom.email : state.goto.email;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${service}</title></head>
<body><main><h1>${service === "zoom" ? "Zoom" : "GoTo"} (test)</h1>
<p>Signed in as <strong>${who.replace(/[<>&"]/g, "")}</strong>.</p>
<form method="post" action="/${service}/oauth/authorize">
<input type="hidden" name="request" value="${p.toString().replace(/"/g, "&quot;")}">
<button type="submit" name="decision" value="allow">Allow</button>
</form></main></body></html>`);
  };

  const tokenEndpoint = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    service: Service,
  ) => {
    if (req.headers.authorization !== basic) return json(res, 401, { error: "invalid_client" });
    const p = await readBody(req);
    if (p.get("grant_type") === "authorization_code") {
      const grant = codes.get(p.get("code") ?? "");
      codes.delete(p.get("code") ?? "");
      if (!grant || grant.service !== service || p.get("redirect_uri") !== grant.redirectUri)
        return json(res, 400, { error: "invalid_grant" });
      if (service === "zoom") {
        const ok =
          createHash("sha256")
            .update(p.get("code_verifier") ?? "")
            .digest("base64url") === grant.challenge;
        const seen = state.seen.at(-1);
        if (seen) seen.verifierOk = ok;
        if (!ok) return json(res, 400, { error: "invalid_grant" });
      }
      const refresh = randomBytes(12).toString("hex");
      refreshTokens.set(refresh, { service, person: grant.person });
      const gotoPerson = gotoPeople.get(grant.person);
      return json(res, 200, {
        access_token: issue(service, grant.person),
        token_type: "bearer",
        refresh_token: refresh,
        expires_in: state.expiresIn,
        scope: service === "zoom" ? "user:read webinar:read" : "collab:",
        ...(service === "goto" ? { principal: gotoPerson?.email ?? "" } : {}),
      });
    }
    if (p.get("grant_type") === "refresh_token") {
      const old = p.get("refresh_token") ?? "";
      const known = refreshTokens.get(old);
      if (!known || known.service !== service) return json(res, 400, { error: "invalid_grant" });
      state.refreshes[service]++;
      if (service === "zoom") {
        // Zoom: a refresh token is used once; the answer brings the next one.
        refreshTokens.delete(old);
        const next = randomBytes(12).toString("hex");
        refreshTokens.set(next, known);
        return json(res, 200, {
          access_token: issue(service, known.person),
          token_type: "bearer",
          refresh_token: next,
          expires_in: state.expiresIn,
        });
      }
      // GoTo: the same refresh token goes on working; no token_type in the answer.
      return json(res, 200, {
        access_token: issue(service, known.person),
        expires_in: state.expiresIn,
        principal: gotoPeople.get(known.person)?.email ?? "",
      });
    }
    return json(res, 400, { error: "unsupported_grant_type" });
  };

  const bearer = (req: http.IncomingMessage, service: Service) => {
    const t = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    return t && t.service === service && !t.expired ? t.person : null;
  };

  const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const service: Service | null = path.startsWith("/zoom/")
      ? "zoom"
      : path.startsWith("/goto/")
        ? "goto"
        : null;
    if (path === "/favicon.ico") {
      res.writeHead(204);
      return res.end();
    }
    if (!service) return json(res, 404, {});
    if (path === `/${service}/oauth/authorize` && req.method === "GET") {
      const p = url.searchParams;
      if (p.get("client_id") !== options.clientId || p.get("response_type") !== "code")
        return json(res, 400, { error: "invalid_request" });
      return options.consent ? consentPage(res, service, p) : approve(res, service, p);
    }
    if (path === `/${service}/oauth/authorize` && req.method === "POST") {
      const form = await readBody(req);
      return approve(res, service, new URLSearchParams(form.get("request") ?? ""));
    }
    if (path === `/${service}/oauth/token` && req.method === "POST")
      return tokenEndpoint(req, res, service);

    const person = bearer(req, service);
    state.hits.push({ service, path: `${path}${url.search}`, person: person ?? "" });
    if (!person) return json(res, 401, { code: 124, message: "Invalid access token." });

    if (service === "zoom") {
      if (path === "/zoom/v2/users/me") return json(res, 200, zoomPeople.get(person));
      // Each Zoom user has one webinar, 8 followed by their id's digits.
      const m = /^\/zoom\/v2\/webinars\/(\d+)(\/registrants)?$/.exec(path);
      if (!m || m[1] !== `8${person.replace(/\D/g, "")}`) return json(res, 404, {});
      if (!m[2])
        return json(res, 200, {
          topic: `Webinar of ${person}`,
          start_time: inThreeDays().toISOString(),
          duration: 45,
          join_url: `https://zoom.us/j/${m[1]}`,
        });
      return json(res, 200, {
        registrants: [
          {
            first_name: "Zed",
            last_name: person,
            email: "zed@x.test",
            phone: "(310) 555-0701",
            join_url: "https://zoom.us/w/zed",
          },
        ],
        next_page_token: "",
      });
    }
    if (path === "/goto/admin/rest/v1/me") {
      const p = gotoPeople.get(person);
      return json(res, 200, { ...p, accountKey: "acc-1" });
    }
    const m = /^\/goto\/G2W\/rest\/v2\/organizers\/([^/]+)\/webinars\/(\d+)(\/registrants)?$/.exec(
      path,
    );
    if (!m || m[1] !== person) return json(res, 404, {});
    const start = inThreeDays();
    if (!m[3])
      return json(res, 200, {
        subject: `GoTo webinar of ${person}`,
        times: [
          {
            startTime: start.toISOString(),
            endTime: new Date(start.getTime() + 3_600_000).toISOString(),
          },
        ],
      });
    return json(res, 200, [
      { firstName: "Gil", lastName: person, email: "gil@x.test", phone: "(310) 555-0801" },
    ]);
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    env: {
      ZOOM_OAUTH_BASE: `${base}/zoom`,
      ZOOM_API_BASE: `${base}/zoom/v2`,
      GOTO_OAUTH_BASE: `${base}/goto`,
      GOTO_ADMIN_API_BASE: `${base}/goto/admin/rest/v1`,
      GOTO_API_BASE: `${base}/goto/G2W/rest/v2`,
    },
    expireAll() {
      for (const t of tokens.values()) t.expired = true;
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
