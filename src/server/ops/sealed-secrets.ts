import type { Pool } from "pg";
import { ConfigError } from "../config";
import { type KeyRing, open, opens, seal } from "../features/auth/secret-box";

/**
 * Every place a secret is kept sealed by the key ring (secret-box.ts). The rotation re-seals
 * these with the current key; the start-up check makes sure the ring opens all of them. A new
 * sealed column is listed here, or a rotation would leave it under a key about to be removed.
 */
interface SealedColumn {
  /** What the operator reads in the report. */
  label: string;
  table: string;
  column: string;
  /** A key inside a jsonb column. */
  jsonKey?: string;
  /** Only the rows that can still be read (short-lived tokens). */
  live?: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { label: "authenticator keys", table: "users", column: "totp_secret" },
  { label: "webhook signing secrets", table: "webhook_endpoints", column: "secret" },
  { label: "integration credentials", table: "integration_connections", column: "credentials" },
  { label: "webinar connections", table: "webinar_connections", column: "credentials" },
  {
    label: "authenticator set-ups in progress",
    table: "auth_tokens",
    column: "data",
    jsonKey: "secret",
    live: "kind = 'two_factor_setup' and expires_at > now()",
  },
  {
    label: "webinar sign-ups in progress",
    table: "auth_tokens",
    column: "data",
    jsonKey: "sealed",
    live: "kind = 'webinar_signup' and expires_at > now()",
  },
];

function sealedValue(c: SealedColumn): string {
  return c.jsonKey ? `${c.column} ->> '${c.jsonKey}'` : c.column;
}

function liveOf(c: SealedColumn): string {
  return c.live ? ` and ${c.live}` : "";
}

export interface RotationCount {
  label: string;
  /** Sealed again with the current key in this run. */
  resealed: number;
  /** Under the current key already (a second run finds everything here). */
  current: number;
  /** Changed by the server while the rotation ran (and so written with the current key). */
  skipped: number;
  /** No key of the ring opens them: `table #id`. */
  unreadable: string[];
}

/**
 * Re-seals every stored secret with the ring's current key, in batches (one transaction each),
 * so the old keys can be removed afterwards. Idempotent: what the current key sealed is left as
 * it is. A value changed by the server meanwhile is not overwritten (it was sealed afresh).
 */
export async function rotateSecrets(
  pool: Pool,
  ring: KeyRing,
  opts: { batch?: number; progress?: (line: string) => void } = {},
): Promise<RotationCount[]> {
  const batch = opts.batch ?? 500;
  const prefix = `enc:v2:${ring.current.id}:`;
  const out: RotationCount[] = [];
  for (const c of SEALED_COLUMNS) {
    const value = sealedValue(c);
    const count: RotationCount = {
      label: c.label,
      resealed: 0,
      current: 0,
      skipped: 0,
      unreadable: [],
    };
    const { rows: done } = await pool.query<{ n: number }>(
      `select count(*)::int as n from ${c.table} where ${value} like $1${liveOf(c)}`,
      [`${prefix}%`],
    );
    count.current = done[0]!.n;
    let after = 0;
    for (;;) {
      const { rows } = await pool.query<{ id: string; value: string }>(
        `select id::text as id, ${value} as value from ${c.table}
          where id > $1 and ${value} is not null and ${value} <> '' and ${value} not like $2${liveOf(c)}
          order by id limit $3`,
        [after, `${prefix}%`, batch],
      );
      if (!rows.length) break;
      after = Number(rows.at(-1)!.id);
      const client = await pool.connect();
      try {
        await client.query("begin");
        for (const row of rows) {
          if (!opens(ring, row.value)) {
            count.unreadable.push(`${c.table} #${row.id}`);
            continue;
          }
          const resealed = seal(ring, open(ring, row.value));
          const set = c.jsonKey
            ? `${c.column} = jsonb_set(${c.column}, '{${c.jsonKey}}', to_jsonb($1::text))`
            : `${c.column} = $1`;
          const r = await client.query(
            `update ${c.table} set ${set} where id = $2 and ${value} = $3`,
            [resealed, row.id, row.value],
          );
          if (r.rowCount) count.resealed++;
          else count.skipped++;
        }
        await client.query("commit");
      } catch (err) {
        await client.query("rollback").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
      opts.progress?.(`${c.label}: ${count.resealed} re-encrypted so far`);
    }
    out.push(count);
  }
  return out;
}

/**
 * What the ring cannot open among the stored secrets, one line per kind: a server started with a
 * new SECRET_KEY but without the previous one in SECRET_KEYS_OLD (or a lost key file) would
 * otherwise fail later, on each webhook, sign-in or sync that needs the secret.
 */
export async function unreadableSecrets(pool: Pool, ring: KeyRing): Promise<string[]> {
  const known = new Set(ring.keys.map((k) => k.id));
  const problems: string[] = [];
  for (const c of SEALED_COLUMNS) {
    const value = sealedValue(c);
    const { rows: byKey } = await pool.query<{ id: string; n: number }>(
      `select split_part(${value}, ':', 3) as id, count(*)::int as n from ${c.table}
        where ${value} like 'enc:v2:%'${liveOf(c)} group by 1`,
    );
    const missing = byKey.filter((r) => !known.has(r.id));
    // Sealed before key ids: a sample shows whether the ring has the key they were sealed with.
    const { rows: legacy } = await pool.query<{ value: string }>(
      `select ${value} as value from ${c.table} where ${value} like 'enc:v1:%'${liveOf(c)} limit 20`,
    );
    const legacyUnread = legacy.filter((r) => !opens(ring, r.value)).length;
    const parts = missing.map((r) => `${r.n} under key ${r.id}`);
    if (legacyUnread) parts.push(`${legacyUnread} sealed before key ids under another key`);
    if (parts.length) problems.push(`${c.label}: ${parts.join(", ")}`);
  }
  return problems;
}

/**
 * Refuses to start with a ring that cannot open the stored secrets (SECRET_KEY changed without the
 * previous key in SECRET_KEYS_OLD, a lost key file), saying which key is missing.
 */
export async function assertSecretsReadable(pool: Pool, ring: KeyRing): Promise<void> {
  const problems = await unreadableSecrets(pool, ring);
  if (problems.length)
    throw new ConfigError(
      `SECRET_KEY: stored secrets were sealed with a key this server does not have (it has ${ring.keys.map((k) => k.id).join(", ")}): ${problems.join("; ")}. Put the previous SECRET_KEY in SECRET_KEYS_OLD (or put back DATA_DIR/secret.key) and start again; \`npm run admin -- rotate-secrets\` then moves everything to the current key.`,
    );
}
