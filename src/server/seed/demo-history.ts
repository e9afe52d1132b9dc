import { sql } from "drizzle-orm";
import { stopConfirmation } from "../../domain/compliance";
import { fromTwilio } from "../../domain/delivery-status";
import { messageFormSchema } from "../../domain/message-form.schemas";
import { wallTimeToInstant } from "../../domain/repeat";
import { creditsFor } from "../../domain/segments";
import { timezoneById } from "../../domain/timezones";
import type { AppContext } from "../http/context";
import { rng } from "./demo-random";

const DAY = 86_400_000;
const MINUTE = 60_000;
/** How far back the history goes. */
export const HISTORY_DAYS = 90;

/**
 * What went wrong with the few deliveries that failed, with real Twilio error codes, weighted
 * like a healthy list: mostly unreachable handsets and carrier filtering, a few unknown numbers.
 */
interface Failure {
  code: number;
  status: "undelivered" | "failed";
  weight: number;
  /** The number itself is the trouble (unknown, invalid, not mobile): every later text fails. */
  permanent?: boolean;
}
const FAILURES: Failure[] = [
  { code: 30003, status: "undelivered", weight: 5 },
  // Rare: a number that goes dead fails every text after (about 3% of the list in 90 days).
  { code: 30005, status: "undelivered", weight: 0.6, permanent: true },
  { code: 30007, status: "undelivered", weight: 2 },
  { code: 30008, status: "undelivered", weight: 3 },
  { code: 21211, status: "failed", weight: 0.2, permanent: true },
  { code: 21614, status: "failed", weight: 0.2, permanent: true },
];

/**
 * Campaign texts of a coffee shop. No links: the demo's local number is not 10DLC registered,
 * and the content rule refuses links from such a number (src/domain/content-rules.ts), so its
 * history holds none either.
 */
const CAMPAIGNS = [
  "Parley Demo Coffee Co.: Happy Tuesday! Double loyalty stamps on every drink today.",
  "Parley Demo Coffee Co.: New seasonal menu is out. Ask for it at the counter!",
  "Parley Demo Coffee Co.: Weekend brunch is back, 9 to 1 on Saturday and Sunday. See you there!",
  "Parley Demo Coffee Co.: Free pastry with any large drink before 10 am today.",
  "Parley Demo Coffee Co.: Our cold brew is on tap again. Show this text for $1 off.",
  "Parley Demo Coffee Co.: Try our new oat milk lineup this week, any drink, same price.",
  "Parley Demo Coffee Co.: Friday treat: buy one latte, get one half off until 5 pm.",
  "Parley Demo Coffee Co.: Live music Thursday from 6 pm. Reply MUSIC for the line-up.",
];
/** When campaigns go out (local hour): a spread, so "best send times" has something to compare. */
const SEND_HOURS = [8, 10, 12, 15, 17, 19];
/** Days of the week (0 Sunday) that usually have a campaign. */
const CAMPAIGN_DAYS = new Set([2, 5]);
const REPLIES = [
  "Thanks!",
  "See you Saturday",
  "What time do you close today?",
  "Do you have decaf cold brew?",
  "Love this, thank you!",
  "Is the offer good at the downtown shop too?",
  "Can I bring my dog to brunch?",
  "Yum 😋",
];
const STOP_WORDS = ["STOP", "STOP", "STOP", "Stop", "UNSUBSCRIBE", "stop"];

interface Person {
  id: number;
  phone: string;
  joinedAt: number;
  landline: boolean;
  /**
   * Kept out of replies, opt-outs and numbers that stop working: members of groups the other
   * demo seeds text, and people with a conversation in the inbox.
   */
  protectedFromStop: boolean;
}

/**
 * Ninety days of a coffee shop's texting for the demo account, as the pipeline would have left
 * it: about two campaigns a week (runs completed, every delivery with a final status, a few
 * failures by real carrier error codes), replies, and opt-outs by STOP (consent log and suppression, never texted again). Made in one transaction of
 * a handful of bulk statements, from a seeded generator, so every machine shows the same figures.
 * Runs once, after seedDemoSends: an account with a run older than a week is left alone. History
 * does not charge credits: the demo's balance stays as the trial gave it.
 */
export async function seedDemoHistory(ctx: AppContext, now = ctx.clock.now()): Promise<boolean> {
  if (!ctx.config.SEED_DEMO) return false;
  const db = ctx.db;
  const owner = (
    await db.execute<{
      id: number;
      account_id: number;
      timezone_id: number;
      business_name: string;
    }>(sql`
      select u.id, u.account_id, a.timezone_id, a.business_name from users u join accounts a on a.id = u.account_id
      where lower(u.username) = ${ctx.config.DEMO_USERNAME.toLowerCase()}`)
  ).rows[0];
  if (!owner) return false;
  const accountId = owner.account_id;
  const old = await db.execute(sql`
    select 1 from send_runs where account_id = ${accountId}
      and run_at < ${new Date(now.getTime() - 7 * DAY)} limit 1`);
  if (old.rows.length > 0) return false;
  const number = (
    await db.execute<{ id: number; number: string }>(sql`
      select id, number from phone_numbers where account_id = ${accountId} and state = 'active'
      order by id limit 1`)
  ).rows[0];
  if (!number) return false;
  const people: Person[] = (
    await db.execute<{
      id: string | number;
      phone: string;
      joined: string | Date;
      landline: boolean;
      guarded: boolean;
    }>(sql`
      select s.id, s.phone, s.marketing_consent_at as joined,
        (s.phone like '%0001') as landline,
        (exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                 where gm.subscriber_id = s.id and g.name = 'Morning Regulars')
         or exists (select 1 from messages m where m.account_id = s.account_id
                    and m.direction = 'inbound' and m.from_number = s.phone)) as guarded
      from subscribers s
      where s.account_id = ${accountId} and s.marketing_consent_at is not null
        and not exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone)
      order by s.id`)
  ).rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone,
    joinedAt: new Date(r.joined).getTime(),
    landline: r.landline,
    protectedFromStop: r.guarded,
  }));
  if (people.length === 0) return false;

  const zone = timezoneById(owner.timezone_id).iana;
  const rand = rng(20_261_123);
  const plan = planHistory(people, rand, now, zone);

  const client = await db.$client.connect();
  try {
    await client.query("begin");
    for (const run of plan.runs) {
      const text = run.template;
      const form = messageFormSchema.parse({
        isSubscribers: "all",
        message: text,
        longcodeId: number.id,
      });
      const cost = creditsFor(text, false);
      const send = await client.query<{ id: string }>(
        `insert into sends (account_id, user_id, phone_number_id, form, text, recipients, timezone,
           status, run_count, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'completed', 1, $8, $8) returning id`,
        [
          accountId,
          owner.id,
          number.id,
          JSON.stringify(form),
          text,
          JSON.stringify({ mode: "all", subscriberIds: [], groupIds: [] }),
          zone,
          new Date(run.at - 30 * MINUTE),
        ],
      );
      const sendId = Number(send.rows[0]!.id);
      const runRow = await client.query<{ id: string }>(
        `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits,
           started_at, fanned_out_at, completed_at, created_at)
         values ($1, $2, $3, 'completed', $4, $5, $6, $3, $3, $7, $3) returning id`,
        [
          sendId,
          accountId,
          new Date(run.at),
          text,
          run.deliveries.length,
          run.deliveries.filter((d) => !d.failed).length * cost,
          new Date(run.at + run.deliveries.length * 1500 + 5 * MINUTE),
        ],
      );
      run.runId = Number(runRow.rows[0]!.id);
      run.cost = cost;
    }

    // Outbound deliveries, one statement.
    const outbound = plan.runs.flatMap((run) =>
      run.deliveries.map((d, i) => {
        const at = run.at + (i + 1) * 1500;
        const body = run.template;
        return {
          subscriber_id: d.person.id,
          to_number: d.person.phone,
          body,
          status: d.status,
          error_code: d.code,
          run_id: run.runId,
          // A failure's credit was given back, as the pipeline's refund does.
          credits: d.failed ? 0 : run.cost,
          created_at: new Date(at).toISOString(),
          sent_at: d.failed && d.code !== 30008 ? null : new Date(at + 500).toISOString(),
          updated_at: new Date(at + 4000).toISOString(),
        };
      }),
    );
    await client.query(
      `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
         status, error_code, source, subscriber_id, user_id, run_id, credits, lane, sent_at,
         created_at, updated_at)
       select $1, 'outbound', $2, $3, x.to_number, x.body, x.status, x.error_code, 'campaign',
         x.subscriber_id, $4, x.run_id, x.credits, 1, x.sent_at, x.created_at, x.updated_at
       from json_to_recordset($5::json) as x(subscriber_id bigint, to_number text, body text,
         status text, error_code int, run_id bigint, credits smallint, sent_at timestamptz,
         created_at timestamptz, updated_at timestamptz)`,
      [accountId, number.id, number.number, owner.id, JSON.stringify(outbound)],
    );

    // Replies and STOPs, then the opt-outs that point at their STOP message.
    const inbound = plan.inbound.map((m) => ({
      from_number: m.person.phone,
      body: m.body,
      subscriber_id: m.person.id,
      created_at: new Date(m.at).toISOString(),
    }));
    const stored = await client.query<{ id: string; from_number: string; created_at: Date }>(
      `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
         status, source, subscriber_id, lane, created_at, updated_at)
       select $1, 'inbound', $2, x.from_number, $3, x.body, 'Received', 'carrier', x.subscriber_id,
         0, x.created_at, x.created_at
       from json_to_recordset($4::json) as x(from_number text, body text, subscriber_id bigint,
         created_at timestamptz)
       returning id, from_number, created_at`,
      [accountId, number.id, number.number, JSON.stringify(inbound)],
    );
    const inboundId = new Map(
      stored.rows.map((r) => [`${r.from_number}@${new Date(r.created_at).getTime()}`, r.id]),
    );
    const optOuts = plan.optOuts.map((o) => ({
      phone: o.person.phone,
      detail: o.word,
      message_id: inboundId.get(`${o.person.phone}@${o.at}`) ?? null,
      created_at: new Date(o.at).toISOString(),
    }));
    if (optOuts.length > 0) {
      await client.query(
        `insert into consent_events (account_id, phone, action, source, detail, phone_number_id,
           message_id, created_at)
         select $1, x.phone, 'opt_out', 'keyword', x.detail, $2, x.message_id, x.created_at
         from json_to_recordset($3::json) as x(phone text, detail text, message_id bigint,
           created_at timestamptz)`,
        [accountId, number.id, JSON.stringify(optOuts)],
      );
      await client.query(
        `insert into suppressions (account_id, phone, reason, created_at)
         select $1, x.phone, 'opted_out', x.created_at
         from json_to_recordset($2::json) as x(phone text, created_at timestamptz)
         on conflict do nothing`,
        [accountId, JSON.stringify(optOuts)],
      );
      // The confirmation the compliance path answers a STOP with.
      await client.query(
        `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
           status, source, subscriber_id, lane, sent_at, created_at, updated_at)
         select $1, 'outbound', $2, $3, x.phone,
           $5, 'Delivered', 'compliance', s.id, 0, x.at, x.at, x.at
         from json_to_recordset($4::json) as x(phone text, at timestamptz)
         join subscribers s on s.account_id = $1 and s.phone = x.phone`,
        [
          accountId,
          number.id,
          number.number,
          JSON.stringify(
            optOuts.map((o) => ({
              phone: o.phone,
              at: new Date(Date.parse(o.created_at) + 2000).toISOString(),
            })),
          ),
          stopConfirmation(owner.business_name),
        ],
      );
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return true;
}

interface PlannedRun {
  at: number;
  template: string;
  deliveries: { person: Person; status: string; code: number | null; failed: boolean }[];
  runId?: number;
  cost?: number;
}

/**
 * The history as data, before any SQL: which days have a campaign, who got each (subscribed by
 * then, not opted out), how each delivery ended, who replied or texted STOP. Pure, so
 * the same seed always plans the same history.
 */
export function planHistory(people: Person[], rand: () => number, now: Date, zone: string) {
  const runs: PlannedRun[] = [];
  const inbound: { person: Person; body: string; at: number }[] = [];
  const optOuts: { person: Person; word: string; at: number }[] = [];
  const gone = new Set<number>();
  // Numbers that failed for their own sake keep failing the same way: a number no longer in
  // service does not come back next week (the unhealthy list and the failed-numbers clean-up
  // rely on it). People the other seeds text later get passing troubles only.
  const dead = new Map<number, Failure>();
  const pickFailure = (person: Person) => {
    const choices = person.protectedFromStop ? FAILURES.filter((f) => !f.permanent) : FAILURES;
    const total = choices.reduce((n, f) => n + f.weight, 0);
    let r = rand() * total;
    for (const f of choices) {
      r -= f.weight;
      if (r < 0) return f;
    }
    return choices[0]!;
  };
  let campaign = 0;
  // Up to a week ago: the last week belongs to seedDemoSends' fall promo.
  for (let back = HISTORY_DAYS; back >= 7; back--) {
    const day = new Date(now.getTime() - back * DAY);
    const weekday = localWeekday(day, zone);
    const extra = !CAMPAIGN_DAYS.has(weekday) && rand() < 0.08;
    if (!CAMPAIGN_DAYS.has(weekday) && !extra) continue;
    const hour = SEND_HOURS[Math.floor(rand() * SEND_HOURS.length)]!;
    const at = localTime(day, hour, Math.floor(rand() * 4) * 15, zone);
    const template = CAMPAIGNS[campaign++ % CAMPAIGNS.length]!;
    // Most campaigns go to everyone; some to a part of the list.
    const share = rand() < 0.7 ? 1 : 0.4 + rand() * 0.4;
    const audience = people.filter(
      (p) => p.joinedAt < at && !gone.has(p.id) && (share === 1 || rand() < share),
    );
    const run: PlannedRun = { at, template, deliveries: [] };
    for (const [i, person] of audience.entries()) {
      const sentAt = at + (i + 1) * 1500;
      const f = person.landline
        ? ({ code: 30006, status: "failed" } as const)
        : (dead.get(person.id) ?? (rand() < 0.035 ? pickFailure(person) : null));
      if (f) {
        if ("permanent" in f && f.permanent) dead.set(person.id, f);
        const status = fromTwilio(f.status, f.code) ?? "Delivery Failed";
        run.deliveries.push({ person, status, code: f.code, failed: true });
        continue;
      }
      const status = rand() < 0.15 ? "Read" : "Delivered";
      run.deliveries.push({ person, status, code: null, failed: false });
      if (person.protectedFromStop) continue;
      const r = rand();
      if (r < 0.008) {
        const when = sentAt + (2 + Math.floor(rand() * 90)) * MINUTE;
        const word = STOP_WORDS[Math.floor(rand() * STOP_WORDS.length)]!;
        inbound.push({ person, body: word, at: when });
        optOuts.push({ person, word, at: when });
        gone.add(person.id);
        continue;
      }
      if (r < 0.05) {
        const when = sentAt + (1 + Math.floor(rand() * 180)) * MINUTE;
        inbound.push({ person, body: REPLIES[Math.floor(rand() * REPLIES.length)]!, at: when });
      }
    }
    runs.push(run);
  }
  return { runs, inbound, optOuts };
}

function localWeekday(at: Date, zone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short" }).format(at);
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(name);
}

/** The instant of `hour:minute` on the local date of `day` in `zone`. */
function localTime(day: Date, hour: number, minute: number, zone: string): number {
  const date = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(day);
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return wallTimeToInstant({ date, time }, zone).getTime();
}
