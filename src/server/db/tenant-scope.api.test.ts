import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { buildAccountWithUser } from "../test/factories";
import { createTestServer } from "../test/harness";
import { asSystem, asSystemOn, asTenant } from "./tenant-scope";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);

async function addSubscriber(accountId: number, phone: string) {
  await t.db.insert(subscribers).values({ accountId, phone, firstName: "Wall" });
}
await addSubscriber(a.account.id, "+13105550801");
await addSubscriber(b.account.id, "+13105550802");

describe("row-level security: the second wall", () => {
  it("covers every table with an account_id column", async () => {
    const uncovered = await t.db.execute(sql`
      select c.relname as table
      from pg_class c
      join pg_namespace ns on ns.oid = c.relnamespace and ns.nspname = 'public'
      join pg_attribute at on at.attrelid = c.oid and at.attname = 'account_id' and not at.attisdropped
      where c.relkind in ('r', 'p')
        and (not c.relrowsecurity
             or not exists (select 1 from pg_policies p
                            where p.schemaname = 'public' and p.tablename = c.relname
                              and p.policyname = 'tenant_isolation'))`);
    expect(uncovered.rows).toEqual([]);
    const covered = await t.db.execute(
      sql`select count(*)::int as n from pg_policies where policyname = 'tenant_isolation'`,
    );
    expect((covered.rows[0] as { n: number }).n).toBeGreaterThan(50);
  });

  it("a query that forgets its account filter finds only the acting account's rows", async () => {
    // No `ownedBy(...)` here on purpose: the database filters.
    // (A query builder runs when awaited: awaited inside the scope.)
    const seen = await asTenant(
      a.account.id,
      async () => await t.db.select({ accountId: subscribers.accountId }).from(subscribers),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.accountId))).toEqual(new Set([a.account.id]));
    // Inside a transaction too.
    const inTx = await asTenant(b.account.id, () =>
      t.db.transaction((tx) => tx.select({ accountId: subscribers.accountId }).from(subscribers)),
    );
    expect(new Set(inTx.map((r) => r.accountId))).toEqual(new Set([b.account.id]));
    // System work sees everyone.
    const all = await asSystem(
      async () => await t.db.select({ accountId: subscribers.accountId }).from(subscribers),
    );
    expect(new Set(all.map((r) => r.accountId))).toEqual(new Set([a.account.id, b.account.id]));
  });

  it("refuses to write a row into another account, and to move a row out", async () => {
    await expect(
      asTenant(
        a.account.id,
        async () =>
          await t.db.insert(subscribers).values({ accountId: b.account.id, phone: "+13105550803" }),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } }); // violates row-level security
    const moved = await asTenant(
      a.account.id,
      async () =>
        await t.db.execute(
          sql`update subscribers set first_name = 'Moved' where account_id = ${b.account.id}`,
        ),
    );
    expect(moved.rowCount).toBe(0);
  });

  it("asSystemOn lifts the wall for one step of a walled transaction, then sets it again", async () => {
    const seen = (client: { query: (q: string) => Promise<{ rows: { n: number }[] }> }) =>
      client
        .query(
          `select count(distinct account_id)::int as n from subscribers
            where account_id in (${a.account.id}, ${b.account.id})`,
        )
        .then((r) => r.rows[0]!.n);
    const counts = await asTenant(a.account.id, async () => {
      const client = await t.db.$client.connect();
      try {
        await client.query("begin");
        const before = await seen(client);
        const during = await asSystemOn(client, () => seen(client));
        const after = await seen(client);
        await client.query("commit");
        return [before, during, after];
      } finally {
        client.release();
      }
    });
    expect(counts).toEqual([1, 2, 1]);
  });
});
