import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app-context";
import { twilioSettings } from "../../carriers/credentials";
import { twilioSignature } from "../../carriers/twilio-signature";
import { buildAccount } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { ensureMessageMonths } from "./message-partitions";
import { messagePartitionsJob } from "./message-partitions.job";
import { messages } from "./messages.schema";

// Issue #19: messages is partitioned by month (migration 0046).
const t = await createTestServer();
const ctx = await createAppContext(t.config, t.db);
const token = twilioSettings(ctx).authToken;

const account = await buildAccount(t.db, { businessName: "Partition Pizza" });
const [ourNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: "+12125550170", carrierSid: "PN0170" })
  .returning();

let sidCounter = 0;
const nextSid = () => `SM${String(++sidCounter).padStart(32, "7")}`;

function post(path: string, params: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(token, `${t.config.webhookBase}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const inbound = (sid: string, from: string, body: string) =>
  post("/webhooks/twilio/inbound", {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: twilioSettings(ctx).accountSid,
    From: from,
    To: ourNumber!.number,
    Body: body,
    NumMedia: "0",
    NumSegments: "1",
  });

/** `messages_YYYY_MM` of the UTC month `monthsFromNow` away. */
function monthPartition(monthsFromNow: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1));
  return `messages_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
function midMonth(monthsFromNow: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 15));
}

async function partitions(): Promise<string[]> {
  const { rows } = await t.db.$client.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'messages'::regclass order by 1`,
  );
  return rows.map((r) => r.name);
}

async function partitionOf(id: number): Promise<string> {
  const { rows } = await t.db.$client.query<{ part: string }>(
    "select tableoid::regclass::text as part from messages where id = $1",
    [id],
  );
  return rows[0]!.part;
}

function insertOutbound(values: Partial<typeof messages.$inferInsert> = {}) {
  return t.db
    .insert(messages)
    .values({
      accountId: account.id,
      direction: "outbound",
      phoneNumberId: ourNumber!.id,
      fromNumber: ourNumber!.number,
      toNumber: "+13105550700",
      body: "hello",
      status: "Queued",
      source: "test",
      ...values,
    })
    .returning();
}

describe("messages partitioned by month", () => {
  it("files a text under its month and keeps this month and the next three ready", async () => {
    const sid = nextSid();
    expect((await inbound(sid, "+13105550701", "Table for two?")).statusCode).toBeLessThan(300);
    const [row] = await t.db.select().from(messages).where(eq(messages.carrierSid, sid));
    expect(await partitionOf(row!.id)).toBe(monthPartition(0));

    const parts = await partitions();
    for (const m of [0, 1, 2, 3]) expect(parts).toContain(monthPartition(m));
    expect(parts).toContain("messages_history");
    expect(parts).toContain("messages_default");
  });

  it("the upkeep job makes a coming month before its first text, which then lands in it", async () => {
    // The migration made months 0..3; a month further out comes from the upkeep.
    expect(await partitions()).not.toContain(monthPartition(5));
    expect(await ensureMessageMonths(t.db, 5)).toBe(2);
    expect(await partitions()).toContain(monthPartition(4));
    expect(await partitions()).toContain(monthPartition(5));
    // Run again (the daily job): nothing more to make, and the parent's statistics (which
    // autovacuum never gathers for a partitioned table) are there for the planner.
    await messagePartitionsJob.handler(ctx, {});
    expect(await ensureMessageMonths(t.db, 5)).toBe(0);
    const stats = await t.db.$client.query(
      "select count(*)::int as n from pg_stats where tablename = 'messages' and inherited",
    );
    expect(stats.rows[0].n).toBeGreaterThan(0);

    const [later] = await insertOutbound({ createdAt: midMonth(5) });
    expect(await partitionOf(later!.id)).toBe(monthPartition(5));
  });

  it("a text beyond the made months waits in the default partition and moves to its month when made", async () => {
    const sid = nextSid();
    const [far] = await insertOutbound({ createdAt: midMonth(8), carrierSid: sid });
    expect(await partitionOf(far!.id)).toBe("messages_default");

    await ensureMessageMonths(t.db, 8);
    expect(await partitionOf(far!.id)).toBe(monthPartition(8));
    // Its sid still counts: the rule and the lookup by sid survive the move.
    await expect(insertOutbound({ carrierSid: sid })).rejects.toMatchObject({
      cause: { constraint: "message_carrier_sids_pkey" },
    });
    const { rows } = await t.db.$client.query("select count(*)::int as n from messages_default");
    expect(rows[0].n).toBe(0);
  });

  it("a carrier sid belongs to one message across all months", async () => {
    // An old message (in the history partition) holds a sid...
    const sid = nextSid();
    const [old] = await insertOutbound({
      createdAt: new Date("2024-03-10T12:00:00Z"),
      carrierSid: sid,
    });
    expect(await partitionOf(old!.id)).toBe("messages_history");
    // ...so a new one cannot take it, by insert or when the carrier's answer is recorded.
    await expect(insertOutbound({ carrierSid: sid })).rejects.toMatchObject({
      cause: { constraint: "message_carrier_sids_pkey" },
    });
    const [fresh] = await insertOutbound();
    await expect(
      t.db.update(messages).set({ carrierSid: sid }).where(eq(messages.id, fresh!.id)),
    ).rejects.toMatchObject({ cause: { constraint: "message_carrier_sids_pkey" } });

    // A carrier repeating an inbound webhook, even all at once, records one message.
    const repeated = nextSid();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => inbound(repeated, "+13105550702", "Open late?")),
    );
    for (const a of answers) expect(a.statusCode).toBeLessThan(300);
    const rows = await t.db.select().from(messages).where(eq(messages.carrierSid, repeated));
    expect(rows).toHaveLength(1);
  });

  it("a status callback by sid alone finds a message in an old month", async () => {
    const sid = nextSid();
    const [old] = await insertOutbound({
      createdAt: new Date("2025-01-20T08:00:00Z"),
      carrierSid: sid,
      status: "Sent",
    });
    const res = await post("/webhooks/twilio/status", {
      MessageSid: sid,
      MessageStatus: "delivered",
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, old!.id));
    expect(row!.status).toBe("Delivered");
  });

  it("the tenant wall holds on the parent and on every partition", async () => {
    const { rows } = await t.db.$client.query<{
      name: string;
      rls: boolean;
      policy: boolean;
      grant: boolean;
    }>(
      `select c.relname as name, c.relrowsecurity as rls,
              exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy,
              has_table_privilege('parley_tenant', c.oid, 'SELECT, INSERT, UPDATE, DELETE') as grant
         from pg_class c
        where c.oid = 'messages'::regclass
           or c.oid in (select inhrelid from pg_inherits where inhparent = 'messages'::regclass)`,
    );
    expect(rows.length).toBeGreaterThan(6);
    for (const r of rows)
      expect(r).toMatchObject({ name: r.name, rls: true, policy: true, grant: true });
  });
});
