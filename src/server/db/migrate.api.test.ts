import { afterAll, expect, it } from "vitest";
import { createTestServer } from "../test/harness";
import { createDb } from "./connection";
import { runMigrations } from "./migrate";

/**
 * Every process runs the migrations as it starts, next to live traffic: with nothing to apply,
 * that must not wait on any table (an exclusive lock would queue behind a long transaction and
 * stop everything queued behind it, or deadlock with it).
 */
const t = await createTestServer();
const { db, pool } = createDb(t.databaseUrl, 3);
afterAll(() => pool.end());

it("a start with nothing to apply takes no table lock", async () => {
  const busy = await pool.connect();
  try {
    // A transaction of the running service reads subscribers and messages and stays open.
    await busy.query("begin");
    await busy.query("lock table subscribers, messages in access share mode");
    const outcome = await Promise.race([
      runMigrations(db).then(() => "done"),
      new Promise((r) => setTimeout(() => r("still waiting for a lock after 5 s"), 5000)),
    ]);
    expect(outcome).toBe("done");
  } finally {
    await busy.query("rollback");
    busy.release();
  }
});
