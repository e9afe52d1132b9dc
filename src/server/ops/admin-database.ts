import path from "node:path";
import pg from "pg";
import type { Config } from "../config";
import { ensureDatabase, withDatabase } from "../db/connection";
import { startEmbeddedPostgres } from "../db/embedded";
import { OpsError } from "./ops-error";

export interface AdminDatabase {
  /** The application database. */
  url: string;
  /** A database on the same server to connect to while the application one is dropped. */
  maintenanceUrl: string;
  /** embedded-running: the server's own PostgreSQL answered; embedded-started: we started it. */
  source: "DATABASE_URL" | "embedded-running" | "embedded-started";
  close(): Promise<void>;
}

const APP_DATABASE = "parley";

/**
 * Reaches the database the way the server does: DATABASE_URL when set, else the embedded
 * PostgreSQL of DATA_DIR. A running server's embedded PostgreSQL already answers on
 * EMBEDDED_PG_PORT (a second one cannot open the same cluster), so we use it; otherwise we start
 * it for the length of the command.
 */
export async function openAdminDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR" | "EMBEDDED_PG_PORT">,
  log: (line: string) => void = () => {},
): Promise<AdminDatabase> {
  if (config.DATABASE_URL) {
    return {
      url: config.DATABASE_URL,
      maintenanceUrl: withDatabase(config.DATABASE_URL, "postgres"),
      source: "DATABASE_URL",
      close: async () => {},
    };
  }
  const clusterDir = path.join(config.DATA_DIR, "pg");
  const adminUrl = `postgres://postgres:parley@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`;
  const running = await runningDataDirectory(adminUrl);
  if (running !== undefined) {
    if (path.resolve(running) !== path.resolve(clusterDir)) {
      throw new OpsError(
        `the PostgreSQL on EMBEDDED_PG_PORT ${config.EMBEDDED_PG_PORT} keeps its data in ${running}, not in DATA_DIR (${clusterDir}): set DATA_DIR or EMBEDDED_PG_PORT to match`,
      );
    }
    log(`Using the running server's embedded PostgreSQL (port ${config.EMBEDDED_PG_PORT}).`);
    await ensureDatabase(adminUrl, APP_DATABASE);
    return {
      url: withDatabase(adminUrl, APP_DATABASE),
      maintenanceUrl: adminUrl,
      source: "embedded-running",
      close: async () => {},
    };
  }
  log(`Starting the embedded PostgreSQL in ${clusterDir}…`);
  const embedded = await startEmbeddedPostgres({
    dir: clusterDir,
    port: config.EMBEDDED_PG_PORT,
    persistent: true,
    notice: log,
  });
  try {
    await ensureDatabase(embedded.url, APP_DATABASE);
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return {
    url: withDatabase(embedded.url, APP_DATABASE),
    maintenanceUrl: embedded.url,
    source: "embedded-started",
    close: () => embedded.stop(),
  };
}

/** The data directory of the PostgreSQL answering at url, or undefined when none answers. */
async function runningDataDirectory(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ECONNREFUSED") return undefined;
    throw new OpsError(
      `something answers on EMBEDDED_PG_PORT but it is not Parley's embedded PostgreSQL (${(err as Error).message})`,
    );
  }
  try {
    const { rows } = await client.query<{ data_directory: string }>("show data_directory");
    return rows[0]!.data_directory;
  } finally {
    await client.end().catch(() => {});
  }
}
