import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { killed, workerProcesses } from "../../test/worker-process";
import { acceptInbound, drainInbound, handleInboundNow } from "./inbound.service";

/**
 * The ingress worker: the webhook records a text and its work; the worker's batch handles it,
 * each text's effects committed with the deletion of its work row. A text that fails mid-batch
 * rolls back alone and is retried; a worker process killed mid-batch loses nothing and does
 * nothing twice: every text ends with one keyword join and one opt-in reply queued.
 */
const t = await createTestServer({ listen: true, pipeline: false });
const db = t.db.$client;
const OURS = "+14155550190";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There" },
});
const cookie = await loginAs(t.app, user.username, user.password);
await db.query(
  `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNiw1', true)`,
  [account.id, OURS],
);
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000000, 1000000)`,
  [account.id],
);
const created = await t.post(
  "/api/keywords",
  { keyword: "COFFEE", reply: "Welcome to the coffee club!", phoneNumberId: null, groupIds: [] },
  { cookie },
);
expect(created.statusCode).toBe(201);

let sids = 0;
const accept = (from: string, body: string) =>
  acceptInbound(t.ctx, {
    sid: `SMiw${String(++sids).padStart(30, "0")}`,
    from,
    to: OURS,
    body,
    mediaUrls: [],
    segments: 1,
  });

/** Per phone of the prefix: keyword joins and opt-in replies queued. */
async function effects(prefix: string) {
  const { rows } = await db.query<{ phone: string; joins: number; replies: number }>(
    `select p.phone,
            (select count(*)::int from keyword_joins j where j.phone = p.phone) as joins,
            (select count(*)::int from messages m
              where m.direction = 'outbound' and m.source = 'keyword_reply'
                and m.to_number = p.phone) as replies
       from (select distinct from_number as phone from messages
              where direction = 'inbound' and from_number like $1 || '%') p
      order by p.phone`,
    [prefix],
  );
  return rows;
}

const waiting = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from inbound_work")).rows[0]!.n;

describe("the ingress worker", () => {
  it("rolls back a text that fails mid-batch alone, holds that sender's next text, and handles both once on the retry", async () => {
    const phones = [1, 2, 3, 4, 5].map((i) => `+1332555010${i}`);
    for (const p of phones) expect(await accept(p, "COFFEE")).toBe("recorded");
    // Filing the third text in the inbox fails (after the first two texts of the batch are
    // handled): its new subscriber is refused.
    await db.query(`
      create function fail_filing() returns trigger language plpgsql as $$
      begin
        if new.phone = '${phones[2]}' then raise exception 'filing refused for the test'; end if;
        return new;
      end $$;
      create trigger fail_filing before insert on subscribers
        for each row execute function fail_filing();`);
    try {
      expect(await drainInbound(t.ctx)).toBe(5);
    } finally {
      await db.query("drop trigger fail_filing on subscribers; drop function fail_filing();");
    }
    const after = await effects("+13325550");
    expect(after.map((r) => [r.phone, r.joins, r.replies])).toEqual([
      [phones[0], 1, 1],
      [phones[1], 1, 1],
      [phones[2], 0, 0],
      [phones[3], 1, 1],
      [phones[4], 1, 1],
    ]);
    const { rows: left } = await db.query(
      "select sender, attempts, last_error, not_before > now() as later from inbound_work",
    );
    expect(left).toEqual([
      {
        sender: phones[2],
        attempts: 1,
        last_error: expect.stringMatching(/filing refused/),
        later: true,
      },
    ]);
    // Nothing of the failed text stayed: no subscriber was filed for it.
    const filed = await db.query("select 1 from subscribers where phone = $1", [phones[2]]);
    expect(filed.rowCount).toBe(0);

    // The same sender texts again: it waits behind the first, even once that one is due.
    expect(await accept(phones[2]!, "Is it open?")).toBe("recorded");
    expect(await drainInbound(t.ctx)).toBe(0);
    await db.query("update inbound_work set not_before = now()");
    expect(await drainInbound(t.ctx)).toBe(1);
    expect(await waiting()).toBe(1);
    await handleInboundNow(t.ctx);
    expect(await waiting()).toBe(0);
    const retried = await effects("+13325550");
    expect(retried.map((r) => [r.joins, r.replies])).toEqual(Array(5).fill([1, 1]));
    // The conversation has both texts, in the order they came.
    const { rows: thread } = await db.query<{ body: string; subscriber_id: string | null }>(
      `select body, subscriber_id from messages
        where direction = 'inbound' and from_number = $1 order by id`,
      [phones[2]],
    );
    expect(thread.map((m) => m.body)).toEqual(["COFFEE", "Is it open?"]);
    expect(thread.every((m) => m.subscriber_id !== null)).toBe(true);
  });

  it("takes STOP, HELP and START before the texts queued ahead of them", async () => {
    for (let i = 0; i < 40; i++) await accept(`+1332555${String(2000 + i)}`, "COFFEE");
    const stop = "+13325553000";
    expect(await accept(stop, "STOP")).toBe("recorded");
    // Taken first, in a batch of its own that commits at once.
    expect(await drainInbound(t.ctx, 8)).toBe(1);
    const { rows } = await db.query(
      `select source from messages where direction = 'outbound' and to_number = $1`,
      [stop],
    );
    expect(rows).toEqual([{ source: "compliance" }]);
    expect(await waiting()).toBe(40);
    expect(await drainInbound(t.ctx, 8)).toBe(8);
    expect(await waiting()).toBe(32);
    await handleInboundNow(t.ctx);
  });

  it("loses nothing and does nothing twice when a worker process is killed mid-batch", async () => {
    const total = 300;
    for (let i = 0; i < total; i++) await accept(`+1646555${String(1000 + i)}`, "COFFEE");
    const workers = workerProcesses(t);
    const first = workers.start();
    // Killed as soon as its first batches are in: the one under way is cut off.
    const end = Date.now() + 180_000;
    while ((await waiting()) > total - 100) {
      if (Date.now() > end) throw new Error("the worker took nothing");
      await new Promise((r) => setTimeout(r, 5));
    }
    await killed(first);
    const left = await waiting();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(total);
    // A second worker process takes the rest (the killed one's batch rolled back with it).
    const second = workers.start();
    while ((await waiting()) > 0) {
      if (Date.now() > end) throw new Error(`${await waiting()} texts still waiting`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await killed(second);
    const done = await effects("+1646555");
    expect(done).toHaveLength(total);
    expect(done.filter((r) => r.joins !== 1 || r.replies !== 1)).toEqual([]);
  }, 240_000);
});
