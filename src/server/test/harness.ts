import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, inject } from "vitest";
import { createAppContext } from "../app-context";
import { startEmulatorDispatcher } from "../carriers/emulator/status-dispatcher";
import type { Clock } from "../clock";
import { type Config, parseConfig } from "../config";
import { createDb, type Db, withDatabase } from "../db/connection";
import { startPipeline } from "../features/sends/pipeline";
import { buildApp } from "../http/app";
import type { AppContext } from "../http/context";
import { CSRF_HEADER, SESSION_COOKIE } from "../http/session";
import type { Resolver } from "../net/safe-http";
import { freePort } from "./free-port";
import { adminQuery, dropDatabase, quoteIdent } from "./pg-admin";

export type TestResponse = LightMyRequestResponse;

export interface RequestOptions {
  method?: InjectOptions["method"];
  url: string;
  /** JSON body (objects are serialised); a string is sent as is, for malformed-body tests. */
  body?: unknown;
  /** The Cookie header, as loginAs returns it. */
  cookie?: string;
  /** Writes carry the CSRF header unless this is false. */
  csrf?: boolean;
  headers?: Record<string, string>;
  /** The caller's address: per-client limits (login) count per address. */
  remoteAddress?: string;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The context routes and services share (ctx.carrier is the real Twilio adapter). */
  ctx: AppContext;
  /** http://127.0.0.1:PORT when started with `listen: true`, else "". */
  baseUrl: string;
  /** URL of this file's own database. */
  databaseUrl: string;
  request(opts: RequestOptions): Promise<TestResponse>;
  get(url: string, opts?: Omit<RequestOptions, "url" | "method" | "body">): Promise<TestResponse>;
  post(
    url: string,
    body?: unknown,
    opts?: Omit<RequestOptions, "url" | "method" | "body">,
  ): Promise<TestResponse>;
  put(
    url: string,
    body?: unknown,
    opts?: Omit<RequestOptions, "url" | "method" | "body">,
  ): Promise<TestResponse>;
}

/**
 * The real app on a fresh database of its own, cloned from the migrated template that the global
 * setup built. Call it at the top level of a test file (`const t = await createTestServer();`):
 * it registers the afterAll that closes the app and drops the database. Requests go through
 * `app.inject`, so no port is opened.
 *
 * `listen: true` also serves on 127.0.0.1 at a free port, chosen before the configuration is
 * parsed so that the carrier credentials and webhook base point at this very server, and runs
 * the emulator's status-callback dispatcher as `npm start` does: the Twilio adapter then goes
 * over real HTTP to the emulator, and callbacks really arrive.
 */
export async function createTestServer(
  opts: {
    env?: Record<string, string>;
    listen?: boolean;
    /** Run this process's send pipeline (dispatcher included); default: when listening. */
    pipeline?: boolean;
    /** The clock services read (`new TestClock(...)` to set the time); default: the real one. */
    clock?: Clock;
    /** Answers the outbound client's DNS look-ups (a name that resolves to loopback…). */
    resolver?: Resolver;
  } = {},
): Promise<TestServer> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `${inject("pgTestPrefix")}${randomBytes(5).toString("hex")}`;
  await createDatabaseFromTemplate(adminUrl, name, template, inject("pgCloneStrategy"));
  const databaseUrl = withDatabase(adminUrl, name);

  // Files run side by side: each gets a DATA_DIR of its own (uploads, exports, the secret key
  // file) unless it names one, instead of sharing ./data in the checkout.
  const ownDataDir = opts.env?.DATA_DIR
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), "parley-test-data-"));
  const { db, pool } = createDb(databaseUrl, 5);
  let started: Awaited<ReturnType<typeof startApp>> | undefined;
  let config: Config | undefined;
  try {
    // The free port is chosen before the app listens on it; another test process may take it in
    // between, so a taken port means a new one (the configuration names it, so parse again).
    for (let attempt = 1; !started; attempt++) {
      config = parseConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
        // Never built: page requests answer 503, which the app tests rely on.
        WEB_DIST: path.join(os.tmpdir(), `parley-test-no-web-dist-${name}`),
        // Without a listener the carrier base URL still gets a port of its own, so a test never
        // reaches whatever else runs on this machine's port 3000.
        PORT: String(await freePort()),
        // Tests run at any hour: the law's sending hours would hold marketing texts at night. The
        // tests of those hours turn them on.
        SEND_WINDOWS: "off",
        // Every test address is in one /24 and a file signs up many accounts; the limit's own
        // tests set it low.
        SIGNUP_ADDRESS_LIMIT: "1000",
        SIGNUP_NETWORK_LIMIT: "1000",
        // The row-level wall as the run asks (`TENANT_WALL=off npx vitest ...`), else the default.
        ...(process.env.TENANT_WALL ? { TENANT_WALL: process.env.TENANT_WALL } : {}),
        ...opts.env,
      });
      try {
        started = await startApp(
          config,
          db,
          opts.listen ?? false,
          opts.pipeline ?? opts.listen ?? false,
          opts.clock,
          opts.resolver,
        );
      } catch (err) {
        if ((err as { code?: string }).code !== "EADDRINUSE" || attempt >= 5) throw err;
      }
    }
  } catch (err) {
    await pool.end().catch(() => {});
    await dropDatabase(adminUrl, name).catch(() => {});
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    throw err;
  }
  if (!config || !started) throw new Error("unreachable: the app did not start");
  const { app, ctx, dispatcher, pipeline } = started;

  afterAll(async () => {
    await pipeline?.stop();
    await dispatcher?.stop();
    await app.close();
    await ctx.outbound.close();
    await pool.end();
    await dropDatabase(adminUrl, name);
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  });

  const request = (o: RequestOptions) => send(app, o);
  return {
    app,
    db,
    config,
    ctx,
    baseUrl: opts.listen ? `http://127.0.0.1:${config.PORT}` : "",
    databaseUrl,
    request,
    get: (url, o = {}) => request({ ...o, url, method: "GET" }),
    post: (url, body, o = {}) => request({ ...o, url, body, method: "POST" }),
    put: (url, body, o = {}) => request({ ...o, url, body, method: "PUT" }),
  };
}

async function startApp(
  config: Config,
  db: Db,
  listen: boolean,
  withPipeline: boolean,
  clock?: Clock,
  resolver?: Resolver,
) {
  const ctx = await createAppContext(config, db, clock, resolver);
  const app = await buildApp(ctx);
  try {
    await app.ready();
    if (listen) await app.listen({ port: config.PORT, host: "127.0.0.1" });
  } catch (err) {
    // A port taken in the meantime fails listen: the half-started app must not linger.
    await app.close().catch(() => {});
    throw err;
  }
  const dispatcher = listen && config.useEmulator ? startEmulatorDispatcher(ctx) : undefined;
  const pipeline = withPipeline ? startPipeline(ctx) : undefined;
  return { app, ctx, dispatcher, pipeline };
}

export function send(app: FastifyInstance, o: RequestOptions): Promise<TestResponse> {
  const method = o.method ?? "GET";
  const headers: Record<string, string> = { ...o.headers };
  if (o.csrf ?? method !== "GET") headers[CSRF_HEADER] = "1";
  if (o.cookie) headers.cookie = o.cookie;
  let payload: string | undefined;
  if (typeof o.body === "string") payload = o.body;
  else if (o.body !== undefined) payload = JSON.stringify(o.body);
  if (payload !== undefined) headers["content-type"] ??= "application/json";
  return app.inject({ method, url: o.url, headers, payload, remoteAddress: o.remoteAddress });
}

/** The Cookie header that carries the session a response set (throws if it set none). */
export function sessionCookieOf(res: TestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value)
    throw new Error(`no ${SESSION_COOKIE} cookie in response ${res.statusCode}: ${res.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

let ipCounter = 0;
/** A client address no request of this file has used yet (from 10.77.0.0/16). */
export function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

async function createDatabaseFromTemplate(
  adminUrl: string,
  name: string,
  template: string,
  strategy: "file_copy" | "default",
) {
  // Test files start in parallel; a clone fails if someone else is connected to the template
  // at that instant (55006 object_in_use), which only lasts a moment: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(
        adminUrl,
        `create database ${quoteIdent(name)} template ${quoteIdent(template)}${strategy === "file_copy" ? " strategy file_copy" : ""}`,
      );
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== "55006" || attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
