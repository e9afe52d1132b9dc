import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

/**
 * Local stand-ins for the integrations' other ends, speaking the parts of their real APIs that
 * Parley calls: HubSpot CRM v3 contacts (+ OAuth token), Customer.io Track v1, and a Zapier hook
 * receiver. One server, routes by path; closed by an afterAll it registers.
 */
export interface HubspotStandinContact {
  id: string;
  properties: Record<string, string>;
  updatedAt: number;
}

export async function startIntegrationStandins(opts: { hubspotToken: string; cioKey: string }) {
  const hubspot = new Map<string, HubspotStandinContact>();
  const customers = new Map<string, Record<string, unknown>>();
  const zapier: {
    path: string;
    body: Record<string, unknown>;
    headers: http.IncomingHttpHeaders;
  }[] = [];
  const calls: string[] = [];
  let nextId = 1000;
  let clock = Date.now();
  // HubSpot stamps changes with its own (real) clock; strictly increasing here.
  const tick = () => {
    clock = Math.max(Date.now(), clock + 1);
    return clock;
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(body === undefined ? "" : JSON.stringify(body));
      };
      const json = () => (raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      calls.push(`${req.method} ${url.pathname}`);
      const p = url.pathname;
      if (p.startsWith("/zapier/")) {
        zapier.push({ path: p, body: json(), headers: req.headers });
        return send(200, { status: "success" });
      }
      if (p.startsWith("/crm/") || p.startsWith("/oauth/")) {
        if (p === "/oauth/v1/token") {
          const form = new URLSearchParams(raw);
          if (form.get("code") === "good-code" || form.get("refresh_token") === "rt-1")
            return send(200, {
              access_token: opts.hubspotToken,
              refresh_token: "rt-1",
              expires_in: 1800,
            });
          return send(400, { message: "BAD_AUTH_CODE" });
        }
        if (req.headers.authorization !== `Bearer ${opts.hubspotToken}`)
          return send(401, { message: "Authentication credentials not found." });
        if (req.method === "GET" && p === "/crm/v3/objects/contacts")
          return send(200, { results: [...hubspot.values()].slice(0, 1) });
        if (req.method === "POST" && p === "/crm/v3/objects/contacts/search") {
          const body = json() as {
            filterGroups: {
              filters: { propertyName: string; operator: string; value: string }[];
            }[];
          };
          const match = (c: HubspotStandinContact) =>
            body.filterGroups.some((g) =>
              g.filters.every((f) =>
                f.operator === "GT"
                  ? c.updatedAt > Number(f.value)
                  : c.properties[f.propertyName] === f.value,
              ),
            );
          const results = [...hubspot.values()]
            .filter(match)
            .sort((a, b) => a.updatedAt - b.updatedAt)
            .map((c) => ({
              id: c.id,
              properties: {
                ...c.properties,
                lastmodifieddate: new Date(c.updatedAt).toISOString(),
              },
            }));
          return send(200, { total: results.length, results });
        }
        if (req.method === "POST" && p === "/crm/v3/objects/contacts") {
          const c = {
            id: String(nextId++),
            properties: (json().properties ?? {}) as Record<string, string>,
            updatedAt: tick(),
          };
          hubspot.set(c.id, c);
          return send(201, { id: c.id, properties: c.properties });
        }
        const m = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(p);
        if (req.method === "PATCH" && m) {
          const c = hubspot.get(m[1]!);
          if (!c) return send(404, { message: "Object not found" });
          Object.assign(c.properties, json().properties ?? {});
          c.updatedAt = tick();
          return send(200, { id: c.id, properties: c.properties });
        }
        return send(404, { message: "not found" });
      }
      if (p.startsWith("/api/v1/")) {
        const expected = `Basic ${Buffer.from(`site-1:${opts.cioKey}`).toString("base64")}`;
        if (req.headers.authorization !== expected)
          return send(401, { meta: { error: "Unauthorized" } });
        if (p === "/api/v1/accounts/region")
          return send(200, { url: "https://track.customer.io", region: "us" });
        const m = /^\/api\/v1\/customers\/([^/]+)$/.exec(p);
        if (req.method === "PUT" && m) {
          customers.set(decodeURIComponent(m[1]!), { ...customers.get(m[1]!), ...json() });
          return send(200, {});
        }
      }
      return send(404, { message: "not found" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return {
    base,
    hubspot,
    customers,
    zapier,
    calls,
    /** A contact edited in HubSpot (as a person would, in its UI). */
    addHubspotContact(properties: Record<string, string>) {
      const c = { id: String(nextId++), properties, updatedAt: tick() };
      hubspot.set(c.id, c);
      return c;
    },
    editHubspotContact(id: string, properties: Record<string, string>) {
      const c = hubspot.get(id)!;
      Object.assign(c.properties, properties);
      c.updatedAt = tick();
    },
  };
}
