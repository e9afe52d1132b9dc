import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";

/**
 * SQL of the subscriber, opt-out and click reports. Growth and opt-outs read the rollups kept by
 * the consent-log trigger (migration 0023), never the log or the messages; every query is scoped
 * by account id first.
 */

export interface Range {
  accountId: number;
  tz: string;
  from: string;
  to: string;
  numberId?: number;
}

/** `col` within the range's days, read in the account's zone. */
const within = (col: SQL, r: Range) =>
  sql`${col} >= (${r.from}::date)::timestamp at time zone ${r.tz}
    and ${col} < (${r.to}::date + 1)::timestamp at time zone ${r.tz}`;
const dayOf = (col: SQL, r: Range) =>
  sql`to_char((${col} at time zone ${r.tz})::date, 'YYYY-MM-DD')`;

export async function growthByDayAndMethod(db: Db, r: Range) {
  const res = await db.execute<{ day: string; method: string; joined: string; opted_out: string }>(
    sql`select ${dayOf(sql`bucket`, r)} as day, method,
          sum(joined) as joined, sum(opted_out) as opted_out
        from report_subscriber_hourly
        where account_id = ${r.accountId} and ${within(sql`bucket`, r)}
          ${r.numberId ? sql`and phone_number_id = ${r.numberId}` : sql``}
        group by 1, 2`,
  );
  return res.rows.map((x) => ({
    day: x.day,
    method: x.method,
    joined: Number(x.joined),
    optedOut: Number(x.opted_out),
  }));
}

const optOutWhere = (r: Range) =>
  sql`o.account_id = ${r.accountId} and ${within(sql`o.opted_out_at`, r)}
    ${r.numberId ? sql`and o.phone_number_id = ${r.numberId}` : sql``}`;

/** Opt-outs counted by one expression of report_opt_outs (alias o) joined to sends (alias s). */
export async function optOutsGrouped(db: Db, r: Range, key: SQL, label: SQL, extra = sql``) {
  const res = await db.execute<{ key: string; label: string; n: string }>(
    sql`select ${key} as key, ${label} as label, count(*) as n
        from report_opt_outs o left join sends s on s.id = o.send_id and s.account_id = o.account_id
        where ${optOutWhere(r)} ${extra}
        group by 1, 2 order by 3 desc, 1 limit 50`,
  );
  return res.rows.map((x) => ({ key: String(x.key), label: x.label, count: Number(x.n) }));
}

export const optOutsByKeyword = (db: Db, r: Range) =>
  optOutsGrouped(db, r, sql`o.keyword`, sql`o.keyword`, sql`and o.keyword <> ''`);

export const optOutsBySource = (db: Db, r: Range) =>
  optOutsGrouped(db, r, sql`o.source`, sql`o.source`);

export const optOutsBySend = (db: Db, r: Range) =>
  optOutsGrouped(db, r, sql`o.send_id`, sql`coalesce(s.text, '')`, sql`and o.send_id is not null`);

export const optOutsByAutomation = (db: Db, r: Range) =>
  optOutsGrouped(
    db,
    r,
    sql`left(o.message_body, 200)`,
    sql`left(o.message_body, 200)`,
    sql`and o.message_source = 'automation'`,
  );

export async function optOutsByDay(db: Db, r: Range) {
  const res = await db.execute<{ day: string; n: string }>(
    sql`select ${dayOf(sql`o.opted_out_at`, r)} as day, count(*) as n
        from report_opt_outs o where ${optOutWhere(r)} group by 1`,
  );
  return new Map(res.rows.map((x) => [x.day, Number(x.n)]));
}

export interface OptOutRecord {
  id: number;
  optedOutAt: Date;
  phone: string;
  subscriberId: number | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  detail: string;
  number: string | null;
  messageBody: string | null;
  messageSource: string | null;
  messageAt: Date | null;
  sendId: number | null;
}

/** A page of opt-outs, newest first; `afterId` pages the export through them by key instead. */
export async function optOutRows(
  db: Db,
  r: Range,
  page: { limit: number; offset?: number; beforeKey?: { at: Date; id: number } },
): Promise<OptOutRecord[]> {
  const res = await db.execute<{
    id: string;
    opted_out_at: Date | string;
    phone: string;
    subscriber_id: string | null;
    first_name: string | null;
    last_name: string | null;
    source: string;
    detail: string;
    number: string | null;
    message_body: string | null;
    message_source: string | null;
    message_at: Date | string | null;
    send_id: string | null;
  }>(sql`
    select o.consent_event_id as id, o.opted_out_at, o.phone, sub.id as subscriber_id,
      sub.first_name, sub.last_name, o.source, o.detail, pn.number, o.message_body,
      o.message_source, o.message_at, o.send_id
    from report_opt_outs o
    left join subscribers sub on sub.account_id = o.account_id and sub.phone = o.phone
    left join phone_numbers pn on pn.id = o.phone_number_id and pn.account_id = o.account_id
    where ${optOutWhere(r)}
      ${page.beforeKey ? sql`and (o.opted_out_at, o.consent_event_id) < (${page.beforeKey.at}, ${page.beforeKey.id})` : sql``}
    order by o.opted_out_at desc, o.consent_event_id desc
    limit ${page.limit} offset ${page.offset ?? 0}`);
  return res.rows.map((x) => ({
    id: Number(x.id),
    optedOutAt: new Date(x.opted_out_at),
    phone: x.phone,
    subscriberId: x.subscriber_id === null ? null : Number(x.subscriber_id),
    firstName: x.first_name,
    lastName: x.last_name,
    source: x.source,
    detail: x.detail,
    number: x.number,
    messageBody: x.message_body,
    messageSource: x.message_source,
    messageAt: x.message_at ? new Date(x.message_at) : null,
    sendId: x.send_id === null ? null : Number(x.send_id),
  }));
}

/**
 * Click-through of each run that carried a tracked link: of the run's delivered recipients, how
 * many opened the link within a week of the run (and the clicks they made), from the engagement
 * rollup the click trigger keeps (migration 0037). Delivered counts come from the caller.
 */
export async function clickThroughByRun(db: Db, r: Range, limit: number) {
  const res = await db.execute<{
    run_id: string;
    send_id: string;
    run_at: Date | string;
    text: string;
    status: string;
    completed_at: Date | string | null;
    code: string;
    clickers: string | null;
    clicks: string | null;
  }>(sql`
    select r.id as run_id, r.send_id, r.run_at, r.text, r.status, r.completed_at, l.code,
      e.clickers, e.clicks
    from send_runs r
    join sends s on s.id = r.send_id and s.account_id = r.account_id
    join links l on l.id = s.link_id and l.account_id = r.account_id
    left join report_run_engagement e on e.run_id = r.id
    where r.account_id = ${r.accountId} and ${within(sql`r.run_at`, r)}
      ${r.numberId ? sql`and s.phone_number_id = ${r.numberId}` : sql``}
    order by r.run_at desc limit ${limit}`);
  return res.rows.map((x) => ({
    runId: Number(x.run_id),
    sendId: Number(x.send_id),
    runAt: new Date(x.run_at),
    text: x.text,
    status: x.status,
    completedAt: x.completed_at ? new Date(x.completed_at) : null,
    code: x.code,
    clickers: Number(x.clickers ?? 0),
    clicks: Number(x.clicks ?? 0),
  }));
}

export async function numberBelongs(db: Db, accountId: number, numberId: number) {
  const res = await db.execute(
    sql`select 1 from phone_numbers where id = ${numberId} and account_id = ${accountId}`,
  );
  return res.rows.length > 0;
}

export async function today(db: Db, tz: string): Promise<string> {
  const res = await db.execute<{ d: string }>(
    sql`select to_char((now() at time zone ${tz})::date, 'YYYY-MM-DD') as d`,
  );
  return res.rows[0]!.d;
}
