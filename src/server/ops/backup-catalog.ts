import type pg from "pg";

/** The schemas a backup holds: the application's tables and pg-boss's job queue. */
export const BACKUP_SCHEMAS = ["public", "pgboss"] as const;

export interface CatalogTable {
  schema: string;
  name: string;
  /** "r" a table, "p" a partitioned table (pg-boss's job: COPY goes through its parent). */
  kind: "r" | "p";
  /** Stored columns in order: generated columns are computed again, never copied. */
  columns: string[];
}

/** Every table of the backed-up schemas (partitions are reached through their parent). */
export async function listTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const { rows } = await client.query<CatalogTable>(
    `select n.nspname as schema, c.relname as name, c.relkind as kind,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

export function qualified(client: pg.ClientBase, t: { schema: string; name: string }): string {
  return `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`;
}

export const keyOf = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/**
 * The tables in an order where every table comes after the tables its foreign keys point to
 * (pg_constraint), so COPY FROM never meets a missing parent. Self references are left to the
 * rows' own order; a cycle between tables cannot be loaded this way and is reported.
 */
export async function foreignKeyOrder<T extends { schema: string; name: string }>(
  client: pg.ClientBase,
  tables: T[],
): Promise<T[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       -- A partition's keys are its parent's: rows are loaded through the parent.
       join pg_class c on c.oid = coalesce(pg_partition_root(k.conrelid), k.conrelid)
       join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = any($1)`,
    [BACKUP_SCHEMAS],
  );
  const byKey = new Map(tables.map((t) => [keyOf(t), t]));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows) {
    if (child === parent || !byKey.has(child) || !byKey.has(parent)) continue;
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const ordered: T[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (key: string, path: string[]) => {
    if (state.get(key) === "done") return;
    if (state.get(key) === "visiting")
      throw new Error(`foreign keys form a cycle: ${[...path, key].join(" → ")}`);
    state.set(key, "visiting");
    for (const parent of [...(parents.get(key) ?? [])].sort()) visit(parent, [...path, key]);
    state.set(key, "done");
    ordered.push(byKey.get(key)!);
  };
  for (const key of [...byKey.keys()].sort()) visit(key, []);
  return ordered;
}

/**
 * Puts every sequence of the backed-up schemas (serial and identity columns alike) just past the
 * largest value of its column, so the next insert does not collide with a restored row.
 */
export async function resetSequences(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq,
            quote_ident(n.nspname) || '.' || quote_ident(t.relname) as tbl,
            quote_ident(a.attname) as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = any($1)`,
    [BACKUP_SCHEMAS],
  );
  for (const r of rows) {
    await client.query(
      `select setval($1::regclass, coalesce(m, 1), m is not null)
         from (select max(${r.col})::bigint as m from ${r.tbl}) x`,
      [r.seq],
    );
  }
  return rows.length;
}
