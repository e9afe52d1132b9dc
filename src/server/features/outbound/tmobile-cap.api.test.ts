import { describe, expect, it } from "vitest";
import { tmobileDay } from "../../../domain/carrier-cap";
import { phraseText } from "../../../domain/phrase";
import { localTimeLabel } from "../../../domain/send-wait";
import { TestClock } from "../../clock";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { queueMessage } from "./outbound.service";
import { wakePipeline } from "./wake";

// T-Mobile's daily cap for a 10DLC brand, end to end: the line check learns each subscriber's
// network from the carrier's lookup (the emulator: last digit 4-6 T-Mobile, 0-3 Verizon), a
// campaign goes through the composer's API, the dispatcher sends what the cap allows and holds
// the rest until T-Mobile's next day. The clock starts at the real time and is moved on past
// midnight Pacific time for the next day.
const clock = new TestClock(new Date());
const t = await createTestServer({
  listen: true,
  clock,
  env: { EMULATOR_LATENCY_MS: "20", SEND_MPS_LONG_CODE: "50", EMULATOR_MPS_LONG_CODE: "50" },
});
const db = t.db.$client;

/** A 10DLC brand and campaign approved, with T-Mobile's cap of `cap` texts a day, and a number. */
async function registeredBusiness(cap: number) {
  const built = await buildAccountWithUser(t.db);
  const id = built.account.id;
  await db.query(`insert into account_credits (account_id, balance) values ($1, 1000)`, [id]);
  await db.query(
    `insert into brand_registrations (account_id, brand, brand_status, campaign_status)
     values ($1, '{}', 'approved', 'approved')`,
    [id],
  );
  await db.query(
    `insert into brand_trust (account_id, score, tier, long_code_mps, daily_cap)
     values ($1, 80, 'high', 50, $2)`,
    [id, cap],
  );
  const [found] = await t.ctx.carrier.searchNumbers({ areaCode: "212", tollFree: false, limit: 1 });
  const owned = await t.ctx.carrier.buyNumber(found!.number, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  const number = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)
     returning id`,
    [id, found!.number, owned.sid],
  );
  return { ...built, sender: { id: number.rows[0]!.id, number: found!.number } };
}

async function addSubscribers(accountId: number, phones: string[]) {
  for (const phone of phones)
    await db.query(
      `insert into subscribers (account_id, phone, marketing_consent_at) values ($1, $2, now())`,
      [accountId, phone],
    );
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const TMOBILE = ["+16467001014", "+16467001024", "+16467001035", "+16467001045", "+16467001056"];
const VERIZON = ["+16467001011", "+16467001022"];

async function messagesOf(accountId: number) {
  const res = await db.query<{
    id: number;
    to: string;
    subscriberId: number;
    pending: boolean;
    sid: string | null;
    notBefore: Date;
    deadlineAt: Date;
  }>(
    `select id::int, to_number as "to", subscriber_id::int as "subscriberId",
            pending_dispatch as pending, carrier_sid as sid, not_before as "notBefore",
            deadline_at as "deadlineAt"
       from messages where account_id = $1 and direction = 'outbound' order by id`,
    [accountId],
  );
  return res.rows;
}

describe("T-Mobile's daily cap for the brand", () => {
  it("sends a campaign's first 3 texts to T-Mobile subscribers, holds the rest with the reason, and sends them on T-Mobile's next day", async () => {
    // Another business texts the same T-Mobile subscribers first, up to its own cap: its
    // traffic is its brand's, not this one's.
    const other = await registeredBusiness(3);
    await db.query(
      `insert into subscribers (account_id, phone, marketing_consent_at, carrier_name)
       select $1, p, now(), 'T-Mobile USA, Inc.' from unnest($2::text[]) p`,
      [other.account.id, TMOBILE.slice(0, 3)],
    );
    for (const to of TMOBILE.slice(0, 3))
      await queueMessage(t.ctx, {
        accountId: other.account.id,
        from: other.sender,
        to,
        body: "Two for one at Crumbs",
        source: "automation",
      });
    await until(async () => (await messagesOf(other.account.id)).every((m) => m.sid));

    const shop = await registeredBusiness(3);
    const cookie = await loginAs(t.app, shop.user.username, shop.user.password);
    await addSubscribers(shop.account.id, [...TMOBILE, ...VERIZON]);

    // The line check keeps each number's network as the carrier's lookup names it.
    const check = await t.post(
      "/api/unhealthy-subscribers/line-check",
      { afterId: 0, limit: 100 },
      { cookie },
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ checked: 7, landlines: 0 });
    const networks = await db.query<{ phone: string; carrierName: string }>(
      `select phone, carrier_name as "carrierName" from subscribers where account_id = $1 order by phone`,
      [shop.account.id],
    );
    expect(networks.rows).toEqual([
      { phone: "+16467001011", carrierName: "Verizon Wireless" },
      { phone: "+16467001014", carrierName: "T-Mobile USA, Inc." },
      { phone: "+16467001022", carrierName: "Verizon Wireless" },
      { phone: "+16467001024", carrierName: "T-Mobile USA, Inc." },
      { phone: "+16467001035", carrierName: "T-Mobile USA, Inc." },
      { phone: "+16467001045", carrierName: "T-Mobile USA, Inc." },
      { phone: "+16467001056", carrierName: "T-Mobile USA, Inc." },
    ]);

    const send = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Fresh bagels, 2 for 1 today" },
      { cookie },
    );
    expect(send.statusCode, send.body).toBe(201);

    const now = clock.now();
    const day = tmobileDay(now);
    // 3 of the 5 T-Mobile subscribers and both Verizon subscribers get it now; 2 wait.
    const first = await until(async () => {
      const rows = await messagesOf(shop.account.id);
      const gone = rows.filter((m) => m.sid);
      const held = rows.filter((m) => m.pending && m.notBefore.getTime() >= day.end.getTime());
      return rows.length === 7 && gone.length === 5 && held.length === 2 && { rows, gone, held };
    });
    expect(first.gone.filter((m) => VERIZON.includes(m.to)).length).toBe(2);
    expect(first.gone.filter((m) => TMOBILE.includes(m.to)).length).toBe(3);
    for (const m of first.held) {
      expect(TMOBILE).toContain(m.to);
      // Midnight Pacific time (the law's hours are off on this rig), with its validity from then.
      expect(m.notBefore).toEqual(day.end);
      expect(m.deadlineAt.getTime()).toBeGreaterThanOrEqual(day.end.getTime() + 4 * 3600_000);
    }
    // Nothing more goes today, however often the dispatcher asks.
    await new Promise((r) => setTimeout(r, 500));
    expect((await messagesOf(shop.account.id)).filter((m) => m.sid).length).toBe(5);

    // The thread says why it waits and when it goes.
    const thread = await t.get(`/api/inbox/conversations/${first.held[0]!.subscriberId}/messages`, {
      cookie,
    });
    const waiting = (thread.json().rows as { waiting?: { code: string; text: string } }[]).find(
      (r) => r.waiting,
    )?.waiting;
    expect(waiting).toMatchObject({
      code: "carrier_cap",
      until: day.end.toISOString(),
      text: `T-Mobile's daily limit for your brand (3 texts a day) is reached; waiting for ${phraseText(localTimeLabel(day.end, "America/New_York", now))}`,
    });

    // T-Mobile's next day: the clock passes midnight Pacific time.
    clock.set(new Date(day.end.getTime() + 60_000));
    await wakePipeline(db);
    await until(async () => (await messagesOf(shop.account.id)).every((m) => m.sid));
    const counts = await db.query<{ accountId: number; day: string; sent: number }>(
      `select account_id as "accountId", day::text, sent from tmobile_daily_sends
        where account_id = any($1::int[]) order by account_id, day`,
      [[other.account.id, shop.account.id]],
    );
    expect(counts.rows).toEqual([
      { accountId: other.account.id, day: day.key, sent: 3 },
      { accountId: shop.account.id, day: tmobileDay(clock.now()).key, sent: 2 },
    ]);
  }, 60_000);
});
