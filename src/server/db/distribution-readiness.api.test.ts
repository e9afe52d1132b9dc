import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestServer } from "../test/harness";
import exceptions from "./distribution-exceptions.json";

// Keeps the way to Citus open (docs/scale.md): a table distributed by account_id needs account_id
// in its primary key and in each unique index, and a foreign key between two distributed tables
// must include it too. Today's schema predates that; its exceptions are listed in
// distribution-exceptions.json and may only shrink. A new table, index or foreign key follows the
// rule, or the test says which one does not.

const t = await createTestServer();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(query)).rows as T[];
}

const TENANT = sql`
  select c.oid, c.relname from pg_class c
  join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
  where c.relkind in ('r', 'p') and not c.relispartition
    and exists (select 1 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)`;

/** `list` holds no more than `allowed` (new ones fail) and no entry that is fixed (stale ones fail). */
function expectOnlyShrinks(what: string, now: string[], allowed: string[]) {
  const added = now.filter((x) => !allowed.includes(x));
  const fixed = allowed.filter((x) => !now.includes(x));
  expect(added, `${what}: new, must include account_id`).toEqual([]);
  expect(fixed, `${what}: fixed, remove from distribution-exceptions.json`).toEqual([]);
}

describe("the schema keeps the way to distributing by account_id open", () => {
  it("every table without account_id is a reference table or a listed exception", async () => {
    const found = await rows<{ relname: string }>(sql`
      select c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') and not c.relispartition
        and c.oid not in (select oid from (${TENANT}) tenant)
        and c.relname not like '\\_\\_%'`);
    const names = found.map((r) => r.relname).filter((n) => !exceptions.reference.includes(n));
    expectOnlyShrinks("tables without account_id", names, exceptions.withoutAccountId);
  });

  it("primary keys of tenant tables include account_id", async () => {
    const found = await rows<{ relname: string }>(sql`
      select t.relname from (${TENANT}) t
      join pg_constraint k on k.conrelid = t.oid and k.contype = 'p'
      where not exists (select 1 from unnest(k.conkey) x
                        join pg_attribute a on a.attrelid = t.oid and a.attnum = x
                        where a.attname = 'account_id')`);
    expectOnlyShrinks(
      "primary keys",
      found.map((r) => r.relname),
      exceptions.primaryKeys,
    );
  });

  it("unique indexes of tenant tables include account_id", async () => {
    const found = await rows<{ relname: string }>(sql`
      select ic.relname from (${TENANT}) t
      join pg_index i on i.indrelid = t.oid and i.indisunique and not i.indisprimary
      join pg_class ic on ic.oid = i.indexrelid
      where not exists (select 1 from unnest(i.indkey) x
                        join pg_attribute a on a.attrelid = t.oid and a.attnum = x
                        where a.attname = 'account_id')`);
    expectOnlyShrinks(
      "unique indexes",
      found.map((r) => r.relname),
      exceptions.uniqueIndexes,
    );
  });

  it("foreign keys between tenant tables include account_id", async () => {
    const found = await rows<{ name: string }>(sql`
      select t.relname || '.' || f.conname as name from pg_constraint f
      join (${TENANT}) t on t.oid = f.conrelid
      join (${TENANT}) t2 on t2.oid = f.confrelid
      where f.contype = 'f'
        and not exists (select 1 from unnest(f.conkey) x
                        join pg_attribute a on a.attrelid = t.oid and a.attnum = x
                        where a.attname = 'account_id')`);
    expectOnlyShrinks(
      "foreign keys",
      found.map((r) => r.name),
      exceptions.foreignKeys,
    );
  });
});
