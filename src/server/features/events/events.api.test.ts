import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { EVENT_CONSUMERS } from "../../background/registry";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../carrier-webhooks/inbound.service";
import { phoneNumbers } from "../numbers/numbers.schema";
import {
  type EventHandler,
  registerEventHandler,
  relayEvents,
  unregisterEventHandler,
} from "./event-relay";
import type { AccountEvent } from "./events.service";

// The account-events outbox: every path that changes a subscriber writes its event in the same
// transaction, and the relay hands each event to each consumer exactly once.
const t = await createTestServer();
await t.db.execute(sql`insert into account_event_consumers (name) values ('events-test')`);

const OURS = "+14155550142";
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PN00events", included: true });

const seen: AccountEvent[] = [];
let failNext = false;
const handler: EventHandler = async (_ctx, tx, events) => {
  // Written with the transaction that acknowledges the batch: rolled back with it.
  await tx.execute(sql`select 1`);
  if (failNext) {
    failNext = false;
    throw new Error("consumer down");
  }
  seen.push(...events);
};
registerEventHandler("events-test", handler);
afterAll(() => unregisterEventHandler("events-test"));

async function drain() {
  while (await relayEvents(t.ctx)) {}
}
const ofType = (type: string) => seen.filter((e) => e.type === type);

describe("account events", () => {
  it("a subscriber added by hand to a group is created, then joins, for its own account only", async () => {
    const group = await t.post("/api/groups", { name: "VIP" }, { cookie });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id as number;
    const created = await t.post(
      "/api/subscribers",
      { attestation: true, number: "4155550300", firstName: "Ada", groupIds: [groupId] },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const subscriberId = created.json().id as number;
    await drain();
    const mine = seen.filter((e) => e.subscriberId === subscriberId);
    expect(mine.map((e) => e.type)).toEqual(["subscriber.created", "group.joined"]);
    expect(mine.every((e) => e.accountId === account.id)).toBe(true);
    expect(mine[1]?.data).toEqual({ groupId });
    expect(seen.some((e) => e.accountId === other.account.id)).toBe(false);

    const removed = await t.post(
      `/api/groups/${groupId}/members/remove`,
      { subscriberIds: [subscriberId] },
      { cookie },
    );
    expect([200, 204]).toContain(removed.statusCode);
    await drain();
    expect(ofType("group.left").map((e) => e.subscriberId)).toEqual([subscriberId]);
  });

  it("an inbound text, STOP and START become message.received, opted_out and opted_in once each", async () => {
    const from = "+14155550301";
    const text = (body: string) =>
      receiveInbound(t.ctx, {
        sid: `SM${randomBytes(16).toString("hex")}`,
        from,
        to: OURS,
        body,
        mediaUrls: [],
        segments: 1,
      });
    await text("Hello there");
    await text("STOP");
    await text("STOP");
    await text("START");
    await drain();
    const received = ofType("message.received").filter((e) => e.data.from === from);
    expect(received.map((e) => e.data.body)).toEqual(["Hello there", "STOP", "STOP", "START"]);
    expect(received.map((e) => e.data.compliance)).toEqual([null, "stop", "stop", "start"]);
    // The repeated STOP changes nothing, so it is not a second opt-out.
    expect(ofType("subscriber.opted_out").filter((e) => e.data.phone === from)).toHaveLength(1);
    expect(ofType("subscriber.opted_in").filter((e) => e.data.phone === from)).toHaveLength(1);
    const subscriberId = received[0]?.subscriberId;
    expect(subscriberId).toBeTypeOf("number");
    expect(ofType("subscriber.opted_out").find((e) => e.data.phone === from)?.subscriberId).toBe(
      subscriberId,
    );
  });

  it("a handler that fails gets the same batch again after its backoff, and nothing twice", async () => {
    const before = seen.length;
    await t.post(
      "/api/subscribers",
      { attestation: true, number: "4155550302", groupIds: [] },
      { cookie },
    );
    failNext = true;
    await relayEvents(t.ctx);
    expect(seen.length).toBe(before);
    const waiting = await t.db.execute<{ attempts: number; last_error: string }>(
      sql`select attempts, last_error from account_event_work where consumer = 'events-test'`,
    );
    expect(waiting.rows).toEqual([{ attempts: 1, last_error: "consumer down" }]);
    // Not due yet: the backoff holds it.
    expect(await relayEvents(t.ctx)).toBe(false);
    await t.db.execute(sql`update account_event_work set not_before = now()`);
    await drain();
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)?.type).toBe("subscriber.created");
    await drain();
    expect(seen.length).toBe(before + 1);
  });

  it("gives each consumer work rows only for the types it declares, the same in the database as in the code", async () => {
    const declared = await t.db.execute<{ name: string; types: string[] | null }>(
      sql`select name, types from account_event_consumers where name <> 'events-test' order by name`,
    );
    expect(declared.rows.map((r) => ({ ...r, types: r.types?.sort() }))).toEqual(
      EVENT_CONSUMERS.map((c) => ({ name: c.name, types: [...c.types].sort() })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );

    const created = await t.post(
      "/api/subscribers",
      { attestation: true, number: "4155550303", groupIds: [] },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const work = await t.db.execute<{ consumer: string }>(sql`
      select w.consumer from account_event_work w join account_events e on e.id = w.event_id
       where e.subscriber_id = ${created.json().id as number} and e.type = 'subscriber.created'
       order by w.consumer`);
    // Outgoing webhooks forward it; the phone alerts (replies only) and the automations (no
    // trigger on it) get no row to skip.
    expect(work.rows.map((r) => r.consumer)).toEqual(["events-test", "webhooks"]);
    await drain();
  });
});
