import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { webinarEvents } from "./webinars.schema";

export type EventRow = typeof webinarEvents.$inferSelect;

export async function listEvents(db: Db, auth: Actor) {
  return db
    .select({
      event: webinarEvents,
      registrants: sql<number>`(select count(*)::int from webinar_registrants r where r.event_id = webinar_events.id)`,
      consented: sql<number>`(select count(*)::int from webinar_registrants r where r.event_id = webinar_events.id and r.consent)`,
      remindersScheduled: sql<number>`(select count(*)::int from webinar_reminders m where m.event_id = webinar_events.id and m.status = 'scheduled')`,
      remindersSent: sql<number>`(select count(*)::int from webinar_reminders m where m.event_id = webinar_events.id and m.status = 'queued')`,
    })
    .from(webinarEvents)
    .where(ownedBy(webinarEvents, auth))
    .orderBy(desc(webinarEvents.startsAt), desc(webinarEvents.id))
    .limit(500);
}

export async function findEvent(db: Executor, auth: Actor, id: number) {
  const [row] = await db
    .select()
    .from(webinarEvents)
    .where(and(ownedBy(webinarEvents, auth), eq(webinarEvents.id, id)));
  return row;
}

export async function findEventByExternal(
  db: Executor,
  auth: Actor,
  source: string,
  externalId: string,
) {
  const [row] = await db
    .select()
    .from(webinarEvents)
    .where(
      and(
        ownedBy(webinarEvents, auth),
        eq(webinarEvents.source, source),
        eq(webinarEvents.externalId, externalId),
      ),
    );
  return row;
}

export async function insertEvent(db: Executor, row: typeof webinarEvents.$inferInsert) {
  const [inserted] = await db.insert(webinarEvents).values(row).returning();
  return inserted!;
}

export async function updateEvent(
  db: Executor,
  auth: Actor,
  id: number,
  patch: Partial<typeof webinarEvents.$inferInsert> & { updatedAt: Date },
) {
  const [row] = await db
    .update(webinarEvents)
    .set(patch)
    .where(and(ownedBy(webinarEvents, auth), eq(webinarEvents.id, id)))
    .returning();
  return row;
}

export async function deleteEvent(db: Db, auth: Actor, id: number) {
  const rows = await db
    .delete(webinarEvents)
    .where(and(ownedBy(webinarEvents, auth), eq(webinarEvents.id, id)))
    .returning({ id: webinarEvents.id });
  return rows.length;
}

/** Adds or refreshes registrants (one per event and phone); answers their ids by phone. */
export async function upsertRegistrants(
  db: Executor,
  event: { id: number; accountId: number },
  rows: {
    phone: string;
    firstName: string;
    lastName: string;
    email: string;
    joinUrl: string;
    consent: boolean;
    subscriberId: number | null;
  }[],
) {
  if (rows.length === 0) return [];
  const res = await db.execute<{ id: string; phone: string }>(sql`
    insert into webinar_registrants
      (event_id, account_id, phone, first_name, last_name, email, join_url, consent, subscriber_id)
    select ${event.id}, ${event.accountId}, v.phone, v.first_name, v.last_name, v.email, v.join_url,
           v.consent, v.subscriber_id
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((r) => ({
          phone: r.phone,
          first_name: r.firstName,
          last_name: r.lastName,
          email: r.email,
          join_url: r.joinUrl,
          consent: r.consent,
          subscriber_id: r.subscriberId,
        })),
      )}::jsonb) as v(phone text, first_name text, last_name text, email text, join_url text,
                       consent boolean, subscriber_id bigint)
    on conflict (event_id, phone) do update set
      first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
      join_url = case when excluded.join_url <> '' then excluded.join_url else webinar_registrants.join_url end,
      -- Consent once recorded stays; a later file cannot take it back (an opt-out does that).
      consent = webinar_registrants.consent or excluded.consent,
      subscriber_id = coalesce(excluded.subscriber_id, webinar_registrants.subscriber_id)
    returning id, phone`);
  return res.rows.map((r) => ({ id: Number(r.id), phone: r.phone }));
}

/**
 * (Re)plans the event's reminders: every consenting registrant gets one per offset, due at the
 * start less the offset; one already due (or past) is kept as skipped. Reminders already handed
 * to the outbound path stay as they were; the rest are replaced, so a moved event or changed
 * offsets reschedule them and a removed offset cancels its reminders.
 */
export async function planReminders(db: Executor, eventId: number, now: Date) {
  await db.execute(sql`
    delete from webinar_reminders where event_id = ${eventId} and status <> 'queued'`);
  const res = await db.execute<{ scheduled: number }>(sql`
    with ins as (
      insert into webinar_reminders (event_id, registrant_id, account_id, offset_minutes, due_at, status, note)
      select e.id, r.id, e.account_id, o.minutes,
             e.starts_at - o.minutes * interval '1 minute',
             case when e.starts_at - o.minutes * interval '1 minute' > ${now.toISOString()}::timestamptz
                  then 'scheduled' else 'skipped' end,
             case when e.starts_at - o.minutes * interval '1 minute' > ${now.toISOString()}::timestamptz
                  then '' else 'Already due when it was planned' end
        from webinar_events e
        join webinar_registrants r on r.event_id = e.id and r.consent
        cross join unnest(e.reminder_offsets) as o(minutes)
       where e.id = ${eventId}
      on conflict (registrant_id, offset_minutes) do nothing
      returning status)
    select count(*) filter (where status = 'scheduled')::int as scheduled from ins`);
  return res.rows[0]?.scheduled ?? 0;
}

export async function listRegistrants(db: Db, auth: Actor, eventId: number) {
  const res = await db.execute<{
    id: string;
    phone: string;
    firstName: string;
    lastName: string;
    email: string;
    joinUrl: string;
    consent: boolean;
    subscriberId: string | null;
    reminders: { offsetMinutes: number; dueAt: string; status: string; note: string }[] | null;
  }>(sql`
    select r.id, r.phone, r.first_name as "firstName", r.last_name as "lastName", r.email,
           r.join_url as "joinUrl", r.consent, r.subscriber_id as "subscriberId",
           (select jsonb_agg(jsonb_build_object('offsetMinutes', m.offset_minutes,
                     'dueAt', to_char(m.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                     'status', m.status, 'note', m.note) order by m.due_at)
              from webinar_reminders m where m.registrant_id = r.id) as reminders
      from webinar_registrants r
     where r.event_id = ${eventId} and r.account_id = ${auth.accountId}
     order by r.last_name, r.first_name, r.id
     limit 5000`);
  return res.rows;
}

export interface DueReminder {
  id: string;
  account_id: number;
  offset_minutes: number;
  phone: string;
  first_name: string;
  join_url: string;
  subscriber_id: string | null;
  title: string;
  starts_at: Date;
  event_join_url: string;
  reminder_message: string;
  phone_number_id: number | null;
  timezone_id: number;
}

/** The next due reminder with what its text needs, locked (others skip it) until commit. */
export async function lockDueReminder(db: Queryable, now: Date) {
  const { rows } = await db.query<DueReminder>(
    `select m.id, m.account_id, m.offset_minutes, r.phone, r.first_name, r.join_url,
            r.subscriber_id, e.title, e.starts_at, e.join_url as event_join_url,
            e.reminder_message, e.phone_number_id, a.timezone_id
       from webinar_reminders m
       join webinar_registrants r on r.id = m.registrant_id
       join webinar_events e on e.id = m.event_id
       join accounts a on a.id = m.account_id
      where m.status = 'scheduled' and m.due_at <= $1
      order by m.due_at, m.id
      limit 1
      for update of m skip locked`,
    [now],
  );
  return rows[0];
}

export async function setReminderOutcome(
  db: Queryable,
  id: string,
  o: { status: "queued" | "skipped"; messageId: number | null; note: string },
): Promise<void> {
  await db.query(
    `update webinar_reminders set status = $2, message_id = $3, note = $4 where id = $1`,
    [id, o.status, o.messageId, o.note],
  );
}

/** A reminder refused for good is skipped with the reason, unless something else took it. */
export async function skipScheduledReminder(
  db: Queryable,
  id: string,
  note: string,
): Promise<void> {
  await db.query(
    `update webinar_reminders set status = 'skipped', note = $2 where id = $1 and status = 'scheduled'`,
    [id, note],
  );
}

/** The number a reminder goes from: the event's when it is live, else the account's first. */
export async function reminderNumber(
  db: Queryable,
  accountId: number,
  phoneNumberId: number | null,
): Promise<{ id: number; number: string } | undefined> {
  const { rows: nums } = await db.query<{ id: number; number: string }>(
    `select id, number from phone_numbers
      where account_id = $1 and state <> 'released' and ($2::int is null or id = $2)
      order by (id = $2) desc nulls last, created_at, id limit 1`,
    [accountId, phoneNumberId],
  );
  return nums[0];
}
