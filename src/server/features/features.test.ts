import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { AppContext } from "../http/context";
import { type Feature, notWhileActingOf, PUBLIC, policyOf } from "./feature";
import { FEATURES } from "./index";

const here = import.meta.dirname;

/** The /api routes (`METHOD /path`, HEAD as GET) a feature's registrations add to an app. */
async function apiRoutesOf(feature: Feature, ctx: AppContext): Promise<string[]> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const keys = new Set<string>();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") && route.url !== "/api") return;
    for (const method of [route.method].flat())
      keys.add(`${method === "HEAD" ? "GET" : method} ${route.url}`);
  });
  for (const register of feature.routes ?? []) await register(app, ctx);
  await app.register(async (scope) => {
    for (const register of feature.carrierWebhooks ?? []) await register(scope, ctx);
  });
  await app.ready();
  await app.close();
  return [...keys].sort();
}

/** Registering routes needs no database: a context whose database refuses any use. */
const ctx = {
  config: parseConfig({}),
  db: new Proxy(
    {},
    {
      get() {
        throw new Error("no database while registering routes");
      },
    },
  ),
  carrier: {},
  carrierSettings: { mode: "twilio" },
} as unknown as AppContext;

/** Registering its routes opens socket.io on the database; its one route is in the role matrix. */
const NEEDS_A_DATABASE = new Set(["realtime"]);

describe("features", () => {
  it("each has a name of its own, the name of its folder", () => {
    const names = FEATURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(here, d.name, "feature.ts")))
      .map((d) => d.name);
    expect(folders.filter((f) => !names.includes(f))).toEqual([]);
  });

  it("a folder with routes, jobs or loops declares them in a feature.ts", () => {
    const undeclared = readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .filter((d) =>
        readdirSync(path.join(here, d.name)).some(
          (f) => /\.(routes|job|loop)\.ts$/.test(f) && !f.endsWith(".test.ts"),
        ),
      )
      .filter((d) => !existsSync(path.join(here, d.name, "feature.ts")))
      .map((d) => d.name);
    expect(undeclared).toEqual([]);
  });

  it("gives every /api route a rule in the feature that registers it, and no rule to a route it lacks", async () => {
    const wrong: Record<string, { noRule: string[]; noRoute: string[] }> = {};
    for (const feature of FEATURES) {
      if (NEEDS_A_DATABASE.has(feature.name)) continue;
      const routes = await apiRoutesOf(feature, ctx);
      const rules = Object.keys(feature.policy ?? {});
      const noRule = routes.filter((r) => !rules.includes(r));
      const noRoute = rules.filter((r) => !routes.includes(r));
      if (noRule.length || noRoute.length) wrong[feature.name] = { noRule, noRoute };
    }
    // api-docs' routes come from swagger-ui, registered by http/app.ts itself.
    expect(Object.keys(wrong).filter((f) => f !== "api-docs")).toEqual([]);
    expect(wrong["api-docs"]?.noRule ?? []).toEqual([]);
  });

  it("refuses while acting only routes of the feature's own policy", () => {
    const strays = FEATURES.flatMap((f) =>
      (f.notWhileActing ?? [])
        .filter((key) => !(key in (f.policy ?? {})))
        .map((k) => `${f.name}: ${k}`),
    );
    expect(strays).toEqual([]);
    expect([...notWhileActingOf(FEATURES)]).toEqual(
      expect.arrayContaining([
        "POST /api/api-keys",
        "POST /api/auth/two-factor/disable",
        "GET /api/mailbox",
      ]),
    );
  });

  it("refuses one route with rules in two features", () => {
    const a: Feature = { name: "a", policy: { "GET /api/x": PUBLIC } };
    const b: Feature = { name: "b", policy: { "GET /api/x": "self" } };
    expect(() => policyOf([a, b])).toThrow('"GET /api/x" has a rule in two features: a and b');
    expect(policyOf([a])).toEqual({ "GET /api/x": PUBLIC });
  });

  it("names each consumer of the account events once", () => {
    const consumers = FEATURES.flatMap((f) => Object.keys(f.eventConsumers ?? {}));
    expect(new Set(consumers).size).toBe(consumers.length);
    expect(consumers.sort()).toEqual(["automations", "phone_alerts", "webhooks"]);
  });
});

/**
 * Feature folders that exist on one side only, each with the reason. The list may only shrink: a
 * name that gets its mirror (or disappears) must leave it, and a new one-sided folder must be
 * named here with its reason.
 */
const ONE_SIDED: Record<string, string> = {
  // server only: no screen of their own
  "carrier-webhooks": "the carriers' callbacks; no screen",
  events: "the account event bus behind webhooks, workflows and phone alerts",
  mcp: "the MCP server for AI assistants; its screen is developer's",
  "public-api": "the /api/v1 routes over the features' services; its screen is developer's",
  outbound: "the one outbound path every sender uses",
  sends: "the campaign fan-out behind send-message and reports",
  "reference-data": "countries, zones and area codes for every screen",
  signature: "signed links and tokens",
  "web-banner": "the script a business embeds on its own site",
  "optin-pages": "public sign-up pages, shown to visitors not to the business",
  "signup-page": "the public sign-up page's settings, shown on growth's screens",
  "optin-forms": "popups, shown on growth's screens",
  "qr-codes": "QR codes, shown on growth's screens",
  keywords: "keywords, shown on growth's screens",
  voice: "voice broadcasts, shown on send-message's screens",
  messages: "message rows and partitions behind inbox and reports",
  compliance: "STOP, HELP and consent rules behind every screen",
  ai: "the AI writer behind the composer's tools",
  credits: "credit balances, shown on billing's screens",
  account: "the account profile, shown on settings' screens",
  "api-keys": "API keys, shown on developer's screens",
  webhooks: "webhook destinations, shown on developer's screens",
  composer: "the send form's server side; the web calls it send-message",
  mail: "outgoing mail; the web's local mailbox is mailbox",
  // web only: screens over other features' routes
  addons: "the add-ons screens over billing, integrations and numbers",
  deeplinks: "links into the app from mails and texts",
  developer: "Developer Home over api-keys, webhooks, public-api and mcp",
  mailbox: "the local mailbox over mail",
  "phone-messages": "phone alerts over notifications",
  "scheduled-messages": "scheduled sends over sends",
  "send-message": "the composer screens over composer, sends and voice",
  system: "operator screens over setup and ops",
  tour: "the first-login tour over users",
  "virtual-phones": "the emulator's phones over carrier-webhooks",
};

describe("server and web features", () => {
  it("carry the same folder names, but for the one-sided ones named with their reason", () => {
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    const server = folders(here);
    const web = folders(path.join(here, "../../web/features"));
    const oneSided = [
      ...server.filter((n) => !web.includes(n)),
      ...web.filter((n) => !server.includes(n)),
    ].sort();
    expect(oneSided).toEqual(Object.keys(ONE_SIDED).sort());
  });
});
