import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import pg from "pg";

/** A Parley server a spec starts for itself (scripts/e2e-server.mjs), beside the shared one. */
export interface OwnServer {
  origin: string;
  /** Its embedded PostgreSQL's port (user postgres, password parley, database parley). */
  pgPort: number;
  /** Everything it printed so far. */
  said(): string;
  /** SIGTERM, then waits for it to exit (the e2e server removes its data folder). */
  stop(): Promise<void>;
}

/**
 * Starts a server without the demo on the worker's port plus `offset` (its PostgreSQL on the
 * next thousand) with `env` over the e2e defaults, and resolves once it answers ready. A server
 * that exits first fails the start with what it printed.
 */
export async function startOwnServer(
  offset: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const port = Number(process.env.PARLEY_E2E_PORT) + offset;
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join("scripts", "e2e-server.mjs")], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(port + 1_000),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      SEND_WINDOWS: "off",
      ...env,
    },
  });
  let said = "";
  const keep = (chunk: Buffer) => {
    said += chunk.toString();
  };
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
  const exited = new Promise<never>((_, reject) =>
    server.once("exit", (code) =>
      reject(new Error(`the server stopped (${code}):\n${said.slice(-2000)}`)),
    ),
  );
  exited.catch(() => {});
  await Promise.race([
    exited,
    expect
      .poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status ?? 0, {
        timeout: 200_000,
      })
      .toBe(200),
  ]);
  return {
    origin,
    pgPort: port + 1_000,
    said: () => said,
    async stop() {
      if (server.exitCode !== null) return;
      const stopped = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await stopped;
    },
  };
}

/**
 * Signs up a business on `server` through the admin sign-up route and signs its owner in on
 * `request` (a page's, so the browser shares the session). Its e-mail is verified and its brand
 * registered: those prompts belong to other journeys. Returns the owner's username (the e-mail).
 */
export async function signUpBusiness(
  request: APIRequestContext,
  server: OwnServer,
  business: {
    firstName: string;
    lastName: string;
    businessName: string;
    phone: string;
    password: string;
    domain: string;
  },
): Promise<string> {
  const csrf = { "x-parley-csrf": "1" };
  const email = `owner${Date.now()}@${business.domain}`;
  const res = await request.post(`${server.origin}/api/auth/admin-signup`, {
    data: {
      firstName: business.firstName,
      lastName: business.lastName,
      email,
      password: business.password,
      businessName: business.businessName,
      industry: 1,
      timezoneId: 1,
      phone: business.phone,
    },
    headers: csrf,
  });
  expect(res.status(), await res.text()).toBe(200);
  const db = new pg.Client({
    connectionString: `postgres://postgres:parley@127.0.0.1:${server.pgPort}/parley`,
  });
  await db.connect();
  try {
    await db.query(
      `update accounts set brand_registration_status = 'complete'
        where id = (select account_id from users where username = $1)`,
      [email],
    );
    await db.query("update users set email_verified_at = now() where username = $1", [email]);
  } finally {
    await db.end();
  }
  const login = await request.post(`${server.origin}/api/auth/login`, {
    data: { username: email, password: business.password },
    headers: csrf,
  });
  expect(login.status(), await login.text()).toBe(200);
  return email;
}
