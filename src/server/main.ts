import path from "node:path";
import Fastify from "fastify";
import type { Pool } from "pg";
import { createAppContext } from "./app-context";
import { startBackground } from "./background/runner";
import { startEmulatorDispatcher } from "./carriers/emulator/status-dispatcher";
import { clockFrom, systemClock } from "./clock";
import { ConfigError, PUBLIC_DEMO_PASSWORD, parseConfig, parseRole } from "./config";
import { createDb, DEFAULT_DB_TIMEOUTS, ensureDatabase, withDatabase } from "./db/connection";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { keyRing } from "./features/auth/secret-box";
import { announceSetupLink } from "./features/setup/setup.service";
import { buildApp } from "./http/app";
import type { AppContext } from "./http/context";
import { log, setLogLevel } from "./log";
import { registerMetrics } from "./ops/metrics";
import { pendingMigrations } from "./ops/migration-state";
import { markReady, registerHealth } from "./ops/readiness";
import { assertSecretsReadable } from "./ops/sealed-secrets";
import { closeRealtime } from "./realtime/realtime";
import { seedDemo, usersWithPublicDemoPassword } from "./seed/demo";
import { seedDemoAutomations } from "./seed/demo-automations";
import { seedDemoChatbots } from "./seed/demo-chatbots";
import { seedDemoHistory } from "./seed/demo-history";
import { seedDemoInbox } from "./seed/demo-inbox";
import { seedDemoMarketing } from "./seed/demo-marketing";
import { seedDemoNumbers } from "./seed/demo-numbers";
import { seedDemoSends } from "./seed/demo-sends";
import { seedDemoSubscribers } from "./seed/demo-subscribers";
import { seedDemoWorkflows } from "./seed/demo-workflows";
import { beginShutdown, expectedAtShutdown } from "./shutdown";

/** The Node.js major the tests and the image run on (package.json's `node` package). */
const SUPPORTED_NODE_MAJOR = "24";

/** Boot: config → database → migrations → seed → http → workers. */
// Undone in order at shutdown, and also when boot fails half-way (so no PostgreSQL is left behind).
const stops: (() => Promise<unknown>)[] = [];

/** MIGRATE=off: another process (or `npm run admin -- migrate`) migrates; this one waits for it. */
async function refuseWhenBehind(pool: Pool) {
  const client = await pool.connect();
  try {
    const pending = await pendingMigrations(client);
    if (pending.length)
      throw new ConfigError(
        `MIGRATE=off and the database is behind this version of Parley: ${pending.length} migration(s) not applied (${pending[0]}${pending.length > 1 ? ` … ${pending.at(-1)}` : ""}). Start one process with MIGRATE=auto, or run \`npm run admin -- migrate\`, then start this one again.`,
      );
  } finally {
    client.release();
  }
}

async function main() {
  const config = parseConfig();
  setLogLevel(config.LOG_LEVEL);
  const role = parseRole(process.argv.slice(2));
  // Node.js 24 is what the tests and the image run on (`npm ci` brings it for npm scripts); an
  // operator starting the compiled server with another one is told once.
  if (process.versions.node.split(".")[0] !== SUPPORTED_NODE_MAJOR)
    log.warn(
      `Parley is tested on Node.js ${SUPPORTED_NODE_MAJOR}; this is Node.js ${process.versions.node}. Run it with \`npm start\` (which uses the Node.js that npm ci installed) or on Node.js ${SUPPORTED_NODE_MAJOR}.`,
    );

  let url = config.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!url) {
    if (role !== "all") {
      throw new ConfigError(
        `--role=${role} needs DATABASE_URL: processes cannot share an embedded PostgreSQL`,
      );
    }
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.DATA_DIR, "pg"),
      port: config.EMBEDDED_PG_PORT,
      persistent: true,
      notice: (line) => log.warn(line),
    });
    await ensureDatabase(embedded.url, "parley");
    url = withDatabase(embedded.url, "parley");
    stops.push(() => embedded!.stop());
  }

  const { db, pool } = createDb(url, config.DB_POOL_SIZE, {
    ...DEFAULT_DB_TIMEOUTS,
    acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  stops.unshift(() => pool.end());
  if (config.MIGRATE === "auto") await runMigrations(db);
  else await refuseWhenBehind(pool);
  await assertSecretsReadable(pool, keyRing(config));
  if (!config.local) {
    // Reachable from other machines: no user may sign in with the password the README prints.
    const exposed = await usersWithPublicDemoPassword(db, config);
    if (exposed.length)
      throw new ConfigError(
        `this server is reachable from other machines (HOST=${config.HOST}) and ${exposed.join(", ")} still has the public demo password "${PUBLIC_DEMO_PASSWORD}": change it with \`npm run admin -- reset-password ${exposed[0]}\` (or keep HOST on 127.0.0.1)`,
      );
  }
  // A test server may start its clock elsewhere (CLOCK_START, only with the movable clock).
  const clock =
    config.AUTOMATION_CLOCK === "movable" && config.CLOCK_START
      ? clockFrom(new Date(config.CLOCK_START))
      : systemClock;
  const ctx: AppContext = await createAppContext(config, db, clock);
  // Sockets and the realtime adapter close before the pool (a worker publishes through it too).
  stops.unshift(() => closeRealtime(ctx));
  // After the background work (which delivers webhooks) has stopped.
  stops.unshift(() => ctx.outbound.close());
  const seeded = config.SEED_DEMO ? await seedDemo(db, config, ctx.clock.now()) : false;
  if (config.SEED_DEMO) await seedDemoSubscribers(db, config, ctx.clock.now());

  // Jobs, the send pipeline and the other loops, by role (src/server/background).
  stops.unshift(await startBackground(ctx, url, role));

  // A worker serves no pages; its dispatch counters and probes are read at METRICS_PORT when set.
  if (role === "worker" && config.METRICS_PORT) {
    const metricsApp = Fastify();
    registerMetrics(metricsApp, config, ctx.db);
    registerHealth(metricsApp, ctx.db.$client);
    stops.unshift(() => metricsApp.close());
    await metricsApp.listen({ port: config.METRICS_PORT, host: config.HOST });
  }

  let address = "";
  if (role !== "worker") {
    const app = await buildApp(ctx);
    stops.unshift(() => app.close());
    await app.listen({ port: config.PORT, host: config.HOST });
    // The built-in carrier lives with the web server; its callbacks stop before the pool closes.
    if (config.useEmulator) {
      const dispatcher = startEmulatorDispatcher(ctx);
      stops.unshift(() => dispatcher.stop());
      await seedDemoNumbers(ctx).catch((err) => log.error({ err }, "Demo numbers were not seeded"));
      await seedDemoSends(ctx).catch((err) => log.error({ err }, "Demo sends were not seeded"));
      await seedDemoInbox(ctx).catch((err) =>
        log.error({ err }, "Demo conversations were not seeded"),
      );
      await seedDemoHistory(ctx).catch((err) => log.error({ err }, "Demo history was not seeded"));
      await seedDemoAutomations(ctx).catch((err) =>
        log.error({ err }, "Demo automations were not seeded"),
      );
      await seedDemoWorkflows(ctx).catch((err) =>
        log.error({ err }, "Demo workflows were not seeded"),
      );
      await seedDemoChatbots(ctx).catch((err) =>
        log.error({ err }, "Demo chatbot and campaign were not seeded"),
      );
      await seedDemoMarketing(ctx).catch((err) =>
        log.error({ err }, "Demo marketing tools were not seeded"),
      );
    }
    address = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  }

  // Everything above is done: /readyz may send traffic here now.
  markReady();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    beginShutdown();
    log.info({ signal }, "stopping Parley");
    for (const stop of stops)
      await stop().catch((err) =>
        // The embedded PostgreSQL may be gone already (Ctrl+C reaches it too).
        expectedAtShutdown(err)
          ? log.debug({ err }, "stop step cut short by the database stopping")
          : log.error({ err }, "stop step failed"),
      );
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const lines = [
    "",
    `Parley is running (role: ${role}, database: ${embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : "DATABASE_URL"})`,
  ];
  if (address) lines.push(`  Open ${address}`);
  if (config.SEED_DEMO) {
    lines.push(
      `  Demo login: ${config.DEMO_USERNAME} / ${config.DEMO_PASSWORD}${seeded ? " (account created)" : ""}`,
    );
  }
  if (role !== "worker" && !config.SEED_DEMO) {
    // A fresh install: its first owner comes through a link only the log's reader has.
    const setup = await announceSetupLink(ctx);
    if (setup) {
      lines.push(
        "  No account yet. Create the first owner at this one-time link (good once, for 24 hours;",
        "  a restart prints a new one and ends this one):",
        `    ${setup.url}`,
        "  or with `npm run admin -- create-account --business NAME --username U --email E`.",
      );
      log.warn(
        { setupUrl: setup.url, expiresAt: setup.expiresAt.toISOString() },
        "no account yet: create the first owner at the one-time setup link (good once, for 24 hours; the next start prints a new one), or with `npm run admin -- create-account`",
      );
    }
  }
  lines.push("  Press Ctrl+C to stop.", "");
  log.info({ role, url: address || undefined, embedded: Boolean(embedded) }, "Parley is running");
  // A person at a terminal also gets the address and the demo login in plain words; a service
  // manager or log shipper (no TTY) reads the structured line only.
  if (process.stdout.isTTY) process.stdout.write(`${lines.join("\n")}\n`);
}

function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length)
    return err.errors.map((e) => reasonOf(e)).join("; ");
  if (err instanceof Error) return err.message || err.name;
  return err === undefined
    ? "no reason was given (a rejected promise without an error)"
    : String(err);
}

main().catch(async (err) => {
  for (const stop of stops) await stop().catch(() => {});
  // A configuration mistake is the operator's to fix: one clear line, no stack trace.
  if (err instanceof ConfigError) log.fatal(`Parley cannot start: ${err.message}`);
  // The reason in the line itself: a bare "failed to start" leaves the operator guessing.
  else log.fatal({ err }, `Parley failed to start: ${reasonOf(err)}`);
  process.exit(1);
});
