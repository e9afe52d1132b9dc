import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Actor } from "../../http/context";

export interface ScheduledRow {
  id: number;
  text: string;
  form: unknown;
  recipients: unknown;
  nextRunAt: Date | null;
  status: string;
  runCount: number;
  createdAt: Date;
  timezone: string;
  user: string | null;
}

type Raw = {
  id: string | number;
  text: string;
  form: unknown;
  recipients: unknown;
  next_run_at: string | Date | null;
  status: string;
  run_count: number;
  created_at: string | Date;
  timezone: string;
  user_name: string | null;
};

const toRow = (r: Raw): ScheduledRow => ({
  id: Number(r.id),
  text: r.text,
  form: r.form,
  recipients: r.recipients,
  nextRunAt: r.next_run_at ? new Date(r.next_run_at) : null,
  status: r.status,
  runCount: Number(r.run_count),
  createdAt: new Date(r.created_at),
  timezone: r.timezone,
  user: r.user_name,
});

/** Sends still to go out: scheduled (one-time or recurring) and those running right now. */
const pending = (auth: Actor) =>
  sql`s.account_id = ${auth.accountId} and (s.status = 'running' or (s.status = 'scheduled' and s.next_run_at is not null))`;

/** Soonest first; a running send (its next run is now) leads. */
export async function listScheduled(db: Db, auth: Actor, page: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    db.execute<Raw>(sql`
      select s.id, s.text, s.form, s.recipients, s.next_run_at, s.status, s.run_count,
        s.created_at, s.timezone,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name
      from sends s
      left join users u on u.id = s.user_id and u.account_id = s.account_id
      where ${pending(auth)}
      order by (s.status = 'running') desc, s.next_run_at asc nulls last, s.id
      limit ${page.pageSize} offset ${page.page * page.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from sends s where ${pending(auth)}`),
  ]);
  return { rows: rows.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0) };
}

/** Names of the account's groups among `ids` (a deleted group is simply not found). */
export async function groupNames(db: Db, auth: Actor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const res = await db.execute<{ id: number; name: string }>(sql`
    select id, name from groups
    where account_id = ${auth.accountId} and id = any(array[${sql.join(ids, sql`, `)}]::int[])`);
  return new Map(res.rows.map((r) => [Number(r.id), r.name]));
}
