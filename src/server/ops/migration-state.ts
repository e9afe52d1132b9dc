import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { serverFile } from "../project-root";

export const MIGRATIONS_FOLDER = serverFile("db", "migrations");

/** The migrations this code ships (drizzle's journal): tag and `when`, in order. */
export function shippedMigrations(): { tag: string; when: number }[] {
  const journal = path.join(MIGRATIONS_FOLDER, "meta", "_journal.json");
  const parsed = JSON.parse(readFileSync(journal, "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return parsed.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export interface AppliedMigrations {
  count: number;
  /** drizzle's created_at of the newest applied migration: the journal's `when`. */
  lastWhen: number | null;
  lastTag: string | null;
}

/** What drizzle recorded as applied in this database (none when it never ran). */
export async function appliedMigrations(client: pg.ClientBase): Promise<AppliedMigrations> {
  const exists = await client.query(
    "select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'",
  );
  if (exists.rowCount === 0) return { count: 0, lastWhen: null, lastTag: null };
  const { rows } = await client.query<{ count: string; last: string | null }>(
    "select count(*) as count, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const lastWhen = rows[0]?.last ? Number(rows[0].last) : null;
  const lastTag = shippedMigrations().find((m) => m.when === lastWhen)?.tag ?? null;
  return { count: Number(rows[0]?.count ?? 0), lastWhen, lastTag };
}

/** The shipped migrations this database has not applied yet (oldest first). */
export async function pendingMigrations(client: pg.ClientBase): Promise<string[]> {
  const applied = await appliedMigrations(client);
  return shippedMigrations()
    .filter((m) => m.when > (applied.lastWhen ?? 0))
    .map((m) => m.tag);
}
