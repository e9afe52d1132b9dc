import { describe, expect, it } from "vitest";
import { createTestServer } from "../test/harness";
import { BatchedRateLimitCounter } from "./rate-limit-store";

// Limits counted in memory and shared through the rate_limits table once a second: two counters
// on one database stand for two web processes.
const t = await createTestServer();

async function shared(key: string) {
  const { rows } = await t.db.$client.query<{ count: number }>(
    "select count from rate_limits where key = $1 and reset_at > now()",
    [key],
  );
  return rows[0]?.count ?? 0;
}

describe("batched rate-limit counter", () => {
  it("counts every hit of two processes once flushed, each seeing the other's after its flush", async () => {
    const a = new BatchedRateLimitCounter(t.db);
    const b = new BatchedRateLimitCounter(t.db);
    const key = `test|${Math.random()}`;
    expect([1, 2, 3].map(() => a.hit(key, 60_000).current)).toEqual([1, 2, 3]);
    expect(await shared(key)).toBe(0); // nothing written per hit
    await a.flush();
    expect(await shared(key)).toBe(3);
    // B has not flushed yet: it knows only its own hit.
    expect(b.hit(key, 60_000).current).toBe(1);
    await b.flush();
    expect(b.hit(key, 60_000).current).toBe(5);
    expect(a.hit(key, 60_000).current).toBe(4);
    await Promise.all([a.close(), b.close()]);
    expect(await shared(key)).toBe(6);
  });

  it("starts a new window when the last one ends, and keeps hits made while a flush is written", async () => {
    let now = 0;
    const c = new BatchedRateLimitCounter(t.db, () => now);
    const key = `test|${Math.random()}`;
    c.hit(key, 1_000);
    const writing = c.flush();
    expect(c.hit(key, 1_000).current).toBe(2);
    await writing;
    await c.flush();
    expect(await shared(key)).toBe(2);
    now += 1_001;
    const hit = c.hit(key, 1_000);
    expect(hit.current).toBe(1);
    expect(hit.ttl).toBe(1_000);
    await c.close();
  });
});
