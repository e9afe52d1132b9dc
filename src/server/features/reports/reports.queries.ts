import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { StatusGroup } from "../../../domain/delivery-status";
import type { RunState, SentMessagesFilter } from "../../../domain/reports.schemas";
import { statusesOf } from "../../../domain/reports.schemas";
import type { Db } from "../../db/connection";
import type { Actor } from "../../http/context";

const dialect = new PgDialect();

/** send_runs.status values behind each state people see. */
export const RUN_STATUSES: Record<RunState, string[]> = {
  sending: ["pending", "fanning_out", "dispatching"],
  completed: ["completed"],
  failed: ["failed"],
};

export function runState(status: string): RunState {
  if (status === "completed") return "completed";
  if (status === "failed") return "failed";
  return "sending";
}

/** The link-tracking token of message text (spec: [[link tracking id=N]]), as a POSIX pattern. */
const LINK_TOKEN_PATTERN = String.raw`\[\[link tracking id=(\d+)\]\]`;

const textArray = (list: string[]) => sql`array[${sql.join(list, sql`, `)}]::text[]`;
const bigintArray = (list: number[]) => sql`array[${sql.join(list, sql`, `)}]::bigint[]`;
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RunRow {
  id: number;
  sendId: number;
  text: string;
  runAt: Date;
  completedAt: Date | null;
  status: string;
  recipients: number;
  excluded: number;
  credits: number;
  error: string | null;
  user: string | null;
  fromNumber: string | null;
  isMms: boolean;
  sendStatus: string;
  nextRunAt: Date | null;
}

type RawRun = {
  id: string | number;
  send_id: string | number;
  text: string;
  run_at: string | Date;
  completed_at: string | Date | null;
  status: string;
  recipients: number;
  excluded: number;
  credits: number;
  error: string | null;
  user_name: string | null;
  from_number: string | null;
  is_mms: boolean;
  send_status: string;
  next_run_at: string | Date | null;
};

const toRun = (r: RawRun): RunRow => ({
  id: Number(r.id),
  sendId: Number(r.send_id),
  text: r.text,
  runAt: new Date(r.run_at),
  completedAt: r.completed_at ? new Date(r.completed_at) : null,
  status: r.status,
  recipients: Number(r.recipients),
  excluded: Number(r.excluded),
  credits: Number(r.credits),
  error: r.error,
  user: r.user_name,
  fromNumber: r.from_number,
  isMms: r.is_mms,
  sendStatus: r.send_status,
  nextRunAt: r.next_run_at ? new Date(r.next_run_at) : null,
});

/** The runs of the account matching the filter (dates are days in the account's zone). */
function runWhere(auth: Actor, f: SentMessagesFilter, tz: string): SQL {
  const where: SQL[] = [sql`r.account_id = ${auth.accountId}`];
  if (f.from) where.push(sql`r.run_at >= (${f.from}::date)::timestamp at time zone ${tz}`);
  if (f.to) where.push(sql`r.run_at < ((${f.to}::date + 1)::timestamp at time zone ${tz})`);
  if (f.query) where.push(sql`r.text ilike ${likeOf(f.query)}`);
  if (f.state) where.push(sql`r.status = any(${textArray(RUN_STATUSES[f.state])})`);
  return sql.join(where, sql` and `);
}

const runColumns = sql`
  r.id, r.send_id, r.text, r.run_at, r.completed_at, r.status, r.recipients, r.excluded,
  r.credits, r.error, s.is_mms, s.status as send_status, s.next_run_at,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name,
  p.number as from_number`;

// Users and numbers are joined on the account too: a run names only its own account's people.
const runJoins = sql`
  join sends s on s.id = r.send_id and s.account_id = r.account_id
  left join users u on u.id = s.user_id and u.account_id = r.account_id
  left join phone_numbers p on p.id = s.phone_number_id and p.account_id = r.account_id`;

/** A page of runs, newest first, with the total that matches. */
export async function listRuns(
  db: Db,
  auth: Actor,
  f: SentMessagesFilter,
  tz: string,
  page: { page: number; pageSize: number },
) {
  const where = runWhere(auth, f, tz);
  const [rows, total] = await Promise.all([
    db.execute<RawRun>(sql`
      select ${runColumns} from send_runs r ${runJoins}
      where ${where}
      order by r.run_at desc, r.id desc
      limit ${page.pageSize} offset ${page.page * page.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from send_runs r where ${where}`),
  ]);
  return { rows: rows.rows.map(toRun), total: Number(total.rows[0]?.n ?? 0) };
}

/** Every run matching the filter, a batch at a time in the list's order (for the CSV). */
export async function* allRuns(db: Db, auth: Actor, f: SentMessagesFilter, tz: string) {
  const where = runWhere(auth, f, tz);
  const BATCH = 500;
  for (let offset = 0; ; offset += BATCH) {
    const res = await db.execute<RawRun>(sql`
      select ${runColumns} from send_runs r ${runJoins}
      where ${where}
      order by r.run_at desc, r.id desc
      limit ${BATCH} offset ${offset}`);
    const rows = res.rows.map(toRun);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
  }
}

export async function findRun(db: Db, auth: Actor, id: number): Promise<RunRow | null> {
  const res = await db.execute<RawRun>(sql`
    select ${runColumns} from send_runs r ${runJoins}
    where r.account_id = ${auth.accountId} and r.id = ${id}`);
  const row = res.rows[0];
  return row ? toRun(row) : null;
}

/** A run's rows in the status rollup past which a reader folds them into one per status. */
const FOLD_AFTER_ROWS = 64;

/**
 * Deliveries per run and status, for runs the caller already knows are the account's: the sums
 * of the per-run status rollup the message triggers keep (migration 0040), a few rows per run
 * instead of every delivery. Runs whose rows have piled up (a big campaign adds some with each
 * batch of status callbacks) are folded into one row per status afterwards.
 */
export async function statusCounts(db: Db, runIds: number[]) {
  if (runIds.length === 0) return [];
  const res = await db.execute<{
    run_id: string | number;
    status: string;
    n: number;
    parts: number;
  }>(sql`
    select r.run_id, r.status, sum(r.n)::int as n, count(*)::int as parts from report_run_status r
    where r.run_id = any(${bigintArray(runIds)})
    group by r.run_id, r.status`);
  const parts = new Map<number, number>();
  for (const r of res.rows)
    parts.set(Number(r.run_id), (parts.get(Number(r.run_id)) ?? 0) + r.parts);
  const piled = [...parts].filter(([, n]) => n > FOLD_AFTER_ROWS).map(([id]) => id);
  if (piled.length > 0) await foldStatusCounts(db, piled);
  return res.rows
    .filter((r) => Number(r.n) !== 0)
    .map((r) => ({ runId: Number(r.run_id), status: r.status, n: Number(r.n) }));
}

/**
 * Replaces the runs' rollup rows by their sums (per status and code) in one statement. Safe beside the triggers and
 * another fold: rows added meanwhile are not seen (kept), rows another fold took are skipped.
 */
export async function foldStatusCounts(db: Db, runIds: number[]) {
  await db.execute(sql`
    with gone as (
      delete from report_run_status where run_id = any(${bigintArray(runIds)})
      returning run_id, status, error_code, n
    )
    insert into report_run_status (run_id, status, error_code, n)
    select run_id, status, error_code, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0`);
}

/**
 * Credits each run used by its ledger: what it reserved less what failed deliveries gave back.
 * Runs with no ledger line are left out (the caller falls back to the run's own figure).
 */
export async function ledgerCredits(db: Db, auth: Actor, runIds: number[]) {
  if (runIds.length === 0) return new Map<number, number>();
  const res = await db.execute<{ run_id: string | number; used: number }>(sql`
    select l.run_id, (-sum(l.delta))::int as used from credit_ledger l
    where l.account_id = ${auth.accountId} and l.run_id = any(${bigintArray(runIds)})
    group by l.run_id`);
  return new Map(res.rows.map((r) => [Number(r.run_id), Number(r.used)]));
}

/**
 * Clicks of each run's tracked links (content work, migration 0009: link_clicks). A click counts
 * for the run of the same send that went out last before it, so a recurring send's clicks are
 * split between its runs. The send's links are its link_id and the tokens left in its text.
 * Null when link tracking is not installed.
 */
export async function linkClicks(
  db: Db,
  auth: Actor,
  runIds: number[],
): Promise<Map<number, number> | null> {
  const has = await db.execute<{ t: string | null }>(
    sql`select to_regclass('public.link_clicks')::text as t`,
  );
  if (!has.rows[0]?.t) return null;
  if (runIds.length === 0) return new Map();
  const res = await db.execute<{ run_id: string | number; n: number }>(sql`
    with runs as (
      select r.id, r.send_id, r.run_at,
        lead(r.run_at) over (partition by r.send_id order by r.run_at) as next_at
      from send_runs r
      where r.account_id = ${auth.accountId}
        and r.send_id in (select send_id from send_runs where id = any(${bigintArray(runIds)}))
    ),
    links as (
      select s.id as send_id, l.link_id
      from sends s
      cross join lateral (
        select s.link_id as link_id where s.link_id is not null
        union
        select (m[1])::bigint from regexp_matches(s.text, ${LINK_TOKEN_PATTERN}, 'g') m
      ) l
      where s.account_id = ${auth.accountId}
        and s.id in (select send_id from runs)
    )
    select runs.id as run_id, count(c.id)::int as n
    from runs
    join links on links.send_id = runs.send_id
    join link_clicks c on c.account_id = ${auth.accountId} and c.link_id = links.link_id
      and c.clicked_at >= runs.run_at and (runs.next_at is null or c.clicked_at < runs.next_at)
    where runs.id = any(${bigintArray(runIds)})
    group by runs.id`);
  return new Map(res.rows.map((r) => [Number(r.run_id), Number(r.n)]));
}

// ---- Recipients of one run

export interface RecipientFilter {
  group?: StatusGroup;
  query?: string;
}

/** The E.164 number a search means when it is a whole US number (10 digits, or 1 and 10). */
function wholeNumber(digits: string): string | null {
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

function recipientWhere(auth: Actor, runId: number, f: RecipientFilter): SQL {
  const where: SQL[] = [sql`m.run_id = ${runId}`];
  if (f.group) where.push(sql`m.status = any(${textArray(statusesOf(f.group))})`);
  const q = f.query?.trim();
  if (q) {
    const digits = q.replace(/\D/g, "");
    const phone = wholeNumber(digits);
    if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)) {
      // A whole number is found through messages_account_peer_idx; part of one is a scan.
      where.push(
        phone
          ? sql`m.account_id = ${auth.accountId} and m.to_number = ${phone}`
          : sql`m.to_number like ${`%${digits}%`}`,
      );
    } else {
      // The account's subscribers by name first, then their deliveries (messages_subscriber_idx).
      where.push(sql`m.subscriber_id in (select s.id from subscribers s
        where s.account_id = ${auth.accountId}
          and (s.first_name ilike ${likeOf(q)} or s.last_name ilike ${likeOf(q)}
            or (s.first_name || ' ' || s.last_name) ilike ${likeOf(q)}))`);
    }
  }
  return sql.join(where, sql` and `);
}

type RawRecipient = {
  id: string | number;
  to_number: string;
  subscriber_id: string | number | null;
  first_name: string | null;
  last_name: string | null;
  status: string;
  error_code: number | null;
  credits: number;
  updated_at: string | Date;
};

export interface RecipientRow {
  id: number;
  phone: string;
  subscriberId: number | null;
  firstName: string;
  lastName: string;
  status: string;
  errorCode: number | null;
  credits: number;
  updatedAt: Date;
}

const toRecipient = (r: RawRecipient): RecipientRow => ({
  id: Number(r.id),
  phone: r.to_number,
  subscriberId: r.subscriber_id === null ? null : Number(r.subscriber_id),
  firstName: r.first_name ?? "",
  lastName: r.last_name ?? "",
  status: r.status,
  errorCode: r.error_code,
  credits: Number(r.credits),
  updatedAt: new Date(r.updated_at),
});

const recipientColumns = sql`
  m.id, m.to_number, m.subscriber_id, s.first_name, s.last_name, m.status, m.error_code,
  m.credits, m.updated_at`;
const recipientJoin = (auth: Actor) =>
  sql`left join subscribers s on s.id = m.subscriber_id and s.account_id = ${auth.accountId}`;

/** A page of a run's deliveries in the order they were created. */
export async function listRecipients(
  db: Db,
  auth: Actor,
  runId: number,
  f: RecipientFilter,
  page: { page: number; pageSize: number; withTotal: boolean },
) {
  const where = recipientWhere(auth, runId, f);
  const [rows, total] = await Promise.all([
    db.execute<RawRecipient>(sql`
      select ${recipientColumns} from messages m ${recipientJoin(auth)}
      where ${where}
      order by m.id
      limit ${page.pageSize} offset ${page.page * page.pageSize}`),
    page.withTotal
      ? db.execute<{ n: number }>(sql`select count(*)::int as n from messages m where ${where}`)
      : null,
  ]);
  return {
    rows: rows.rows.map(toRecipient),
    total: total ? Number(total.rows[0]?.n ?? 0) : null,
  };
}

/**
 * Every delivery of a run in id order, a batch at a time, through one cursor: a single pass
 * over the run however large it is (keyset batches re-walked the run for each batch).
 */
export async function* allRecipients(db: Db, auth: Actor, runId: number, f: RecipientFilter) {
  const BATCH = 5000;
  const query = dialect.sqlToQuery(sql`
    select ${recipientColumns} from messages m ${recipientJoin(auth)}
    where ${recipientWhere(auth, runId, f)}
    order by m.id`);
  const client = await db.$client.connect();
  try {
    await client.query("begin read only");
    await client.query(`declare recipients_csv no scroll cursor for ${query.sql}`, query.params);
    for (;;) {
      const res = await client.query<RawRecipient>(`fetch ${BATCH} from recipients_csv`);
      if (res.rows.length) yield res.rows.map(toRecipient);
      if (res.rows.length < BATCH) break;
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export async function accountTimezoneId(db: Db, auth: Actor): Promise<number> {
  const res = await db.execute<{ tz: number }>(
    sql`select timezone_id as tz from accounts where id = ${auth.accountId}`,
  );
  return Number(res.rows[0]?.tz ?? 1);
}
