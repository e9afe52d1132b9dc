import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb, withDatabase } from "../db/connection";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { freePort } from "./free-port";
import { adminQuery, dropDatabase, quoteIdent } from "./pg-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the API tests use (its `postgres` database). */
    pgAdminUrl: string;
    /** Migrated database every test file clones its own database from. */
    pgTemplate: string;
    /** Prefix of the per-file databases of this run, so teardown can find leftovers. */
    pgTestPrefix: string;
    /**
     * How a test file's database is cloned: `file_copy` on the run's own throwaway cluster (no
     * fsync, so its checkpoint costs nothing; half the time of the default WAL copy), the
     * server's default on another PostgreSQL.
     */
    pgCloneStrategy: "file_copy" | "default";
  }
}

/**
 * Once per `vitest run --project api`: reach a PostgreSQL (TEST_DATABASE_URL, or an embedded one
 * in a fresh folder under the system temp dir), build a migrated template database, and hand
 * both to the test files. Teardown drops what this run created and stops the embedded server.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now()}_${randomBytes(2).toString("hex")}`;
  const template = `parley_tpl_${runId}`;
  const testPrefix = `parley_t_${runId}_`;

  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Not under the repo: the checkout may sit where the `postgres` user cannot enter.
    const dir = path.join(os.tmpdir(), `parley-test-pg-${runId}`);
    embedded = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      persistent: false,
      throwaway: true,
    });
    adminUrl = embedded.url;
  }

  const teardown = async () => {
    try {
      await dropDatabases(adminUrl, (name) => name === template || name.startsWith(testPrefix));
    } finally {
      await embedded?.stop();
    }
  };

  try {
    await adminQuery(adminUrl, `create database ${quoteIdent(template)}`);
    // Two connections: runMigrations holds one for its advisory lock while migrating on the other.
    const { db, pool } = createDb(withDatabase(adminUrl, template), 2);
    try {
      await runMigrations(db);
    } finally {
      // No connection may stay open on a template: CREATE DATABASE ... TEMPLATE would refuse.
      await pool.end();
    }
  } catch (err) {
    await teardown().catch(() => {});
    const where = embedded ? "the embedded PostgreSQL" : `TEST_DATABASE_URL ${redacted(adminUrl)}`;
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`API tests could not prepare their template database on ${where}: ${reason}`, {
      cause: err,
    });
  }

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  project.provide("pgTestPrefix", testPrefix);
  project.provide("pgCloneStrategy", embedded ? "file_copy" : "default");
  return teardown;
}

function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}

async function dropDatabases(adminUrl: string, match: (name: string) => boolean) {
  const { rows } = await adminQuery(
    adminUrl,
    "select datname from pg_database where not datistemplate",
  );
  for (const { datname } of rows as { datname: string }[]) {
    if (match(datname)) await dropDatabase(adminUrl, datname);
  }
}
