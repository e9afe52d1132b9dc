import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";

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
