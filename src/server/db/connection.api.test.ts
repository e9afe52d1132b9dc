import { afterAll, expect, it } from "vitest";
import { createTestServer } from "../test/harness";
import { createDb } from "./connection";

/**
 * A connection the server cuts (PostgreSQL restarting, an operator terminating it) while the
 * process holds it checked out, as the migration lock does through a whole start, must fail its
 * queries and nothing more: an unhandled 'error' event would kill the process.
 */
const t = await createTestServer();
const { pool } = createDb(t.databaseUrl, 2);
afterAll(() => pool.end());

it("a checked-out connection cut by the server fails its queries without crashing", async () => {
  const held = await pool.connect();
  const pid = (await held.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
  await t.db.$client.query("select pg_terminate_backend($1)", [pid]);
  // The cut arrives as an event on the idle connection; give it time to be delivered.
  await new Promise((r) => setTimeout(r, 300));
  await expect(held.query("select 1")).rejects.toThrow();
  held.release(true);
  // The pool still serves: a fresh connection replaces the cut one.
  expect((await pool.query("select 1 as one")).rows[0]).toEqual({ one: 1 });
});
