import { sql } from "drizzle-orm";
import { messageFormSchema } from "../../domain/message-form.schemas";
import { systemActor } from "../../domain/permissions";
import { wallTimeToInstant } from "../../domain/repeat";
import { creditsFor } from "../../domain/segments";
import { timezoneById } from "../../domain/timezones";
import { chargeCredits, refundCredits } from "../features/credits/credits.service";
import { createSend } from "../features/sends/sends.service";
import type { AppContext } from "../http/context";

const DAY = 86_400_000;

/** How the demo campaign's deliveries ended, in order (the rest were delivered). */
const OUTCOMES: { status: string; errorCode: number | null; n: number }[] = [
  { status: "Failed Landline Delivery", errorCode: 30006, n: 2 },
  { status: "Undelivered", errorCode: 30003, n: 2 },
  { status: "Invalid Number", errorCode: 21211, n: 1 },
  { status: "Delivery Unconfirmed", errorCode: 30008, n: 2 },
  { status: "Blocked", errorCode: null, n: 1 },
  { status: "Sent", errorCode: null, n: 2 },
  { status: "Read", errorCode: null, n: 3 },
];
const FAILED = new Set(["Failed Landline Delivery", "Undelivered", "Invalid Number"]);

const PROMO =
  "Parley Demo Coffee Co.: Fall is here! Show this text for 20% off any pumpkin latte this week. Reply STOP to opt out.";
const WEEKLY =
  "Good morning [first name]! This week's special: a free pastry with any large drink.";

/**
 * Gives the demo account a campaign that went out three days ago to its Morning Regulars (the
 * deliveries in several statuses, credits charged and failures refunded, as the pipeline leaves
 * them) and a weekly send scheduled through the real send service, so the sent-messages report,
 * the scheduled list and the dashboard show something true on first start. Runs once: an
 * account that has ever sent is left alone. Needs the demo number (seedDemoNumbers) first.
 */
export async function seedDemoSends(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  const db = ctx.db;
  const owner = (
    await db.execute<{ id: number; account_id: number; timezone_id: number }>(sql`
      select u.id, u.account_id, a.timezone_id from users u join accounts a on a.id = u.account_id
      where lower(u.username) = ${ctx.config.DEMO_USERNAME.toLowerCase()}`)
  ).rows[0];
  if (!owner) return;
  const accountId = owner.account_id;
  const sent = await db.execute(sql`select 1 from sends where account_id = ${accountId} limit 1`);
  if (sent.rows.length > 0) return;
  const number = (
    await db.execute<{ id: number; number: string }>(sql`
      select id, number from phone_numbers where account_id = ${accountId} and state = 'active'
      order by id limit 1`)
  ).rows[0];
  const group = (
    await db.execute<{ id: number }>(sql`
      select id from groups where account_id = ${accountId} and name = 'Morning Regulars'`)
  ).rows[0];
  if (!number || !group) return;
  const members = (
    await db.execute<{ id: string | number; phone: string }>(sql`
      select s.id, s.phone from group_members gm join subscribers s on s.id = gm.subscriber_id
      where gm.group_id = ${group.id} and s.account_id = ${accountId}
        and not exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone)
      order by s.id`)
  ).rows;
  if (members.length === 0) return;

  const zone = timezoneById(owner.timezone_id).iana;
  const runAt = new Date(ctx.clock.now().getTime() - 3 * DAY);
  const cost = creditsFor(PROMO, false);
  const form = messageFormSchema.parse({
    isSubscribers: "false",
    groupIds: [group.id],
    message: PROMO,
    longcodeId: number.id,
  });
  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    const sendRow = await client.query<{ id: string }>(
      `insert into sends (account_id, user_id, phone_number_id, form, text, recipients, timezone,
         status, run_count, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'completed', 1, $8, $8) returning id`,
      [
        accountId,
        owner.id,
        number.id,
        JSON.stringify(form),
        PROMO,
        JSON.stringify({ mode: "groups", subscriberIds: [], groupIds: [group.id] }),
        zone,
        runAt,
      ],
    );
    const sendId = Number(sendRow.rows[0]!.id);
    const runRow = await client.query<{ id: string }>(
      `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits,
         started_at, fanned_out_at, completed_at, created_at)
       values ($1, $2, $3, 'completed', $4, $5, $6, $3, $3, $7, $3) returning id`,
      [
        sendId,
        accountId,
        runAt,
        PROMO,
        members.length,
        members.length * cost,
        new Date(runAt.getTime() + 4 * 60_000),
      ],
    );
    const runId = Number(runRow.rows[0]!.id);
    await chargeCredits(client, accountId, members.length * cost, {
      reason: "reserve",
      description: "Campaign: Fall promo",
      runId,
    });
    const outcomes = OUTCOMES.flatMap((o) => Array.from({ length: o.n }, () => o));
    for (const [i, m] of members.entries()) {
      const outcome = outcomes[i] ?? { status: "Delivered", errorCode: null };
      const at = new Date(runAt.getTime() + (i + 1) * 1500);
      const row = await client.query<{ id: string }>(
        `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
           status, error_code, source, subscriber_id, user_id, run_id, credits, created_at, updated_at)
         values ($1, 'outbound', $2, $3, $4, $5, $6, $7, 'campaign', $8, $9, $10, $11, $12, $13)
         returning id`,
        [
          accountId,
          number.id,
          number.number,
          m.phone,
          PROMO,
          outcome.status,
          outcome.errorCode,
          Number(m.id),
          owner.id,
          runId,
          cost,
          at,
          new Date(at.getTime() + 3000),
        ],
      );
      if (FAILED.has(outcome.status)) {
        await refundCredits(client, accountId, cost, { messageId: Number(row.rows[0]!.id), runId });
      }
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }

  // The weekly special, through the send service like the composer: next Thursday 9:00.
  const auth = systemActor("seed", accountId, { userId: owner.id });
  const start = nextWeekday(4, zone, ctx.clock.now());
  await createSend(
    ctx,
    auth,
    messageFormSchema.parse({
      isScheduled: true,
      date: start,
      time: "09:00",
      timezone: zone,
      repeatFrequency: "weekly",
      repeatDays: { thursday: true },
      isSubscribers: "false",
      groupIds: [group.id],
      message: WEEKLY,
      longcodeId: number.id,
      sendAnyway: true,
    }),
  );
}

/** The date (YYYY-MM-DD in `zone`) of the next given weekday (1 Monday … 7 Sunday), after today. */
function nextWeekday(isoDay: number, zone: string, now: Date): string {
  for (let d = 1; d <= 7; d++) {
    const at = new Date(now.getTime() + d * DAY);
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(at);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
    const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
    const date = `${get("year")}-${get("month")}-${get("day")}`;
    // A day whose 9:00 is still ahead (always true from tomorrow on).
    if (day === isoDay && wallTimeToInstant({ date, time: "09:00" }, zone) > now) return date;
  }
  throw new Error("no weekday found");
}
