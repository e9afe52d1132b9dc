import { Param, type SQL, sql } from "drizzle-orm";
import type { AutomationKind } from "../../../domain/automations.schemas";
import type { Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";

/** Anything that runs a parameterised statement: a pg pool or client, or an adapted transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; rowCount: number | null }>;
}

/**
 * The engine's clock: the database's time plus an offset kept in automation_clock, so every
 * process (and every SQL statement) reads the same time, and a test or a demo moves it forward
 * to make tomorrow's drip step due now instead of sleeping.
 */
export const ENGINE_NOW_SQL = `(select now() + offset_ms * interval '1 millisecond' from automation_clock)`;

/** The engine's time; undefined without the clock's row. */
export async function readEngineNow(db: Queryable): Promise<Date | undefined> {
  const r = await db.query<{ now: Date }>(`select ${ENGINE_NOW_SQL} as now`);
  return r.rows[0]?.now;
}

export async function addClockOffset(db: Queryable, ms: number): Promise<void> {
  await db.query(`update automation_clock set offset_ms = offset_ms + $1::bigint`, [ms]);
}

/** The relay's transaction as the engine's `query(text, params)` ($1… become bound parameters). */
export function sqlOf(tx: Executor): Sql {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${new Param(params[Number(m[1]) - 1])}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const r = await tx.execute(sql.join(chunks));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? null };
    },
  };
}

export interface AutomationRow {
  id: number;
  kind: AutomationKind;
  name: string;
  status: "draft" | "active" | "paused";
  trigger: unknown;
  version: number;
  graph: unknown;
  phone_number_id: number | null;
  exit_on_reply: boolean;
  exit_on_group_leave: boolean;
  updated_at: Date;
  active: number;
  entered: number;
  completed: number;
  texts: number;
}

const SELECT = `
  select a.id, a.kind, a.name, a.status, a.trigger, a.version, v.graph, a.phone_number_id,
         a.exit_on_reply, a.exit_on_group_leave, a.updated_at,
         coalesce(c.active, 0)::int as active, coalesce(c.entered, 0)::int as entered,
         coalesce(c.completed, 0)::int as completed, coalesce(c.texts, 0)::int as texts
    from automations a
    join automation_versions v on v.automation_id = a.id and v.version = a.version
    left join lateral (
      select count(*) filter (where r.status = 'active') as active, count(*) as entered,
             count(*) filter (where r.status = 'completed') as completed, sum(r.texts) as texts
        from automation_runs r where r.automation_id = a.id and not r.test
    ) c on true`;

export async function listAutomationRows(
  db: Queryable,
  accountId: number,
  kind: AutomationKind,
): Promise<AutomationRow[]> {
  const r = await db.query<AutomationRow>(
    `${SELECT} where a.account_id = $1 and a.kind = $2 order by a.updated_at desc, a.id desc`,
    [accountId, kind],
  );
  return r.rows;
}

export async function findAutomationRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<AutomationRow | undefined> {
  const r = await db.query<AutomationRow>(`${SELECT} where a.account_id = $1 and a.id = $2`, [
    accountId,
    id,
  ]);
  return r.rows[0];
}

/** The tables a trigger or a step may name, each with an id and an account_id. */
export type ReferencedTable =
  | "groups"
  | "custom_fields"
  | "users"
  | "keywords"
  | "optin_forms"
  | "links"
  | "phone_numbers";

/** How many of these ids the account has in the table. */
export async function countOwnRows(
  db: Queryable,
  table: ReferencedTable,
  accountId: number,
  ids: number[],
): Promise<number | undefined> {
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from ${table} where account_id = $1 and id = any($2::int[])`,
    [accountId, ids],
  );
  return r.rows[0]?.n;
}

/** Whether another workflow of the account has this name (case aside). */
export async function workflowNameTaken(
  db: Queryable,
  accountId: number,
  name: string,
  id: number,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from automations
      where account_id = $1 and kind = 'workflow' and lower(name) = lower($2) and id <> $3`,
    [accountId, name, id],
  );
  return !!r.rowCount;
}

export interface AutomationValues {
  name: string;
  trigger: unknown;
  phoneNumberId: number | null;
  exitOnReply: boolean;
  exitOnGroupLeave: boolean;
}

export async function insertAutomation(
  db: Queryable,
  accountId: number,
  kind: AutomationKind,
  input: AutomationValues,
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `insert into automations (account_id, kind, name, trigger, phone_number_id, exit_on_reply, exit_on_group_leave)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      accountId,
      kind,
      input.name,
      JSON.stringify(input.trigger),
      input.phoneNumberId,
      input.exitOnReply,
      input.exitOnGroupLeave,
    ],
  );
  return r.rows[0]!.id;
}

export async function insertFirstVersion(
  db: Queryable,
  automationId: number,
  graph: unknown,
): Promise<void> {
  await db.query(
    `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
    [automationId, JSON.stringify(graph)],
  );
}

export async function insertVersion(
  db: Queryable,
  automationId: number,
  version: number,
  graph: unknown,
): Promise<void> {
  await db.query(
    `insert into automation_versions (automation_id, version, graph) values ($1, $2, $3)`,
    [automationId, version, JSON.stringify(graph)],
  );
}

export async function updateAutomationRow(
  db: Queryable,
  accountId: number,
  id: number,
  input: AutomationValues,
  version: number,
): Promise<void> {
  await db.query(
    `update automations set name = $3, trigger = $4, phone_number_id = $5, exit_on_reply = $6,
              exit_on_group_leave = $7, version = $8, updated_at = now()
        where id = $1 and account_id = $2`,
    [
      id,
      accountId,
      input.name,
      JSON.stringify(input.trigger),
      input.phoneNumberId,
      input.exitOnReply,
      input.exitOnGroupLeave,
      version,
    ],
  );
}

/** Moves active runs to the version when their step is still in it (or they have none yet). */
export async function moveRunsToVersion(
  db: Queryable,
  automationId: number,
  version: number,
  stepIds: string[],
): Promise<void> {
  await db.query(
    `update automation_runs set version = $2, updated_at = now()
          where automation_id = $1 and status = 'active' and (step_id is null or step_id = any($3::text[]))`,
    [automationId, version, stepIds],
  );
}

/** Active runs left on another version leave (their step is gone). */
export async function exitRunsOffVersion(
  db: Queryable,
  automationId: number,
  version: number,
): Promise<void> {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = 'deleted', due_at = null,
                finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
          where automation_id = $1 and status = 'active' and version <> $2`,
    [automationId, version],
  );
}

export async function setAutomationStatusRow(
  db: Queryable,
  accountId: number,
  id: number,
  status: "draft" | "active" | "paused",
): Promise<void> {
  await db.query(
    `update automations set status = $3, updated_at = now() where id = $1 and account_id = $2`,
    [id, accountId, status],
  );
}

/** False when the account has no such automation. */
export async function deleteAutomationRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<boolean> {
  const r = await db.query(`delete from automations where id = $1 and account_id = $2`, [
    id,
    accountId,
  ]);
  return !!r.rowCount;
}

/** The report's figures, read side by side. */
export async function automationReportRows(db: Queryable, accountId: number, id: number) {
  const [runs, exits, waiting, passed, msgs] = await Promise.all([
    db.query<{
      entered: number;
      active: number;
      completed: number;
      replies: number;
      clicks: number;
    }>(
      `select count(*)::int as entered, count(*) filter (where status = 'active')::int as active,
              count(*) filter (where status = 'completed')::int as completed,
              count(replied_at)::int as replies, count(clicked_at)::int as clicks
         from automation_runs where automation_id = $1 and account_id = $2 and not test`,
      [id, accountId],
    ),
    db.query<{ reason: string; n: number }>(
      `select exit_reason as reason, count(*)::int as n from automation_runs
        where automation_id = $1 and account_id = $2 and not test and status = 'exited' group by 1 order by 2 desc`,
      [id, accountId],
    ),
    db.query<{ step: string; n: number }>(
      `select step_id as step, count(*)::int as n from automation_runs
        where automation_id = $1 and account_id = $2 and not test and status = 'active' and step_id is not null group by 1`,
      [id, accountId],
    ),
    db.query<{ step: string; n: number }>(
      `select l.step_id as step, count(*)::int as n from automation_step_log l
         join automation_runs r on r.id = l.run_id
        where l.automation_id = $1 and r.account_id = $2 and not r.test group by 1`,
      [id, accountId],
    ),
    db.query<{ texts: number; delivered: number; failed: number }>(
      `select count(*)::int as texts,
              count(*) filter (where m.status = 'Delivered')::int as delivered,
              count(*) filter (where m.status in ('Failed', 'Undelivered', 'Queue Failed', 'Stopped Number', 'Blocked'))::int as failed
         from automation_step_log l
         join automation_runs r on r.id = l.run_id
         join messages m on m.id = l.message_id
        where l.automation_id = $1 and r.account_id = $2 and not r.test`,
      [id, accountId],
    ),
  ]);
  return {
    run: runs.rows[0]!,
    exits: exits.rows,
    waiting: waiting.rows,
    passed: passed.rows,
    msgs: msgs.rows[0]!,
  };
}

/** Takes everyone out of the automation, as stopped. */
export async function stopActiveRuns(db: Queryable, accountId: number, id: number): Promise<void> {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = 'stopped', due_at = null,
            finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
      where automation_id = $1 and account_id = $2 and status = 'active'`,
    [id, accountId],
  );
}

/**
 * The account's workflows and drips (not chatbots) that start on a text containing some words,
 * whatever their status: trigger claims (a draft is published later without saving again).
 */
export async function wordTriggeredFlows(db: Sql, accountId: number) {
  const r = await db.query<{ id: number; kind: string; name: string; words: string[] }>(
    `select id, kind, name, trigger->'words' as words from automations
      where account_id = $1 and kind <> 'chatbot' and trigger->>'type' = 'message.received'
        and jsonb_array_length(coalesce(trigger->'words', '[]'::jsonb)) > 0`,
    [accountId],
  );
  return r.rows;
}

/** Active text-started workflows (and drips) the subscriber is not inside now, with their words. */
export async function textStartableFlows(db: Sql, accountId: number, subscriberId: number) {
  const r = await db.query<{ id: number; words: string[] | null }>(
    `select a.id, a.trigger->'words' as words from automations a
      where a.account_id = $1 and a.status = 'active' and a.kind <> 'chatbot'
        and a.trigger->>'type' = 'message.received'
        and not exists (select 1 from automation_runs r
                         where r.automation_id = a.id and r.subscriber_id = $2 and r.status = 'active')`,
    [accountId, subscriberId],
  );
  return r.rows;
}
