import { TIMEZONES } from "../../../domain/timezones";
import type { Queryable } from "../../db/queryable";
import type { AlsoWritten } from "../outbound/outbound.service";
import { ENGINE_NOW_SQL, type Sql } from "./automations.queries";
import type { DueRun, RunOutcome } from "./engine";

/**
 * Puts people into the active automations of an account whose trigger matches, at the current
 * version, due now (the engine's loop takes their first step). Someone already inside stays
 * where they are (one active run per person and automation).
 */
export async function enrol(
  db: Sql,
  rows: ReadonlyArray<{ automationId: number; subscriberId: number; occurrence?: string | null }>,
): Promise<number> {
  if (!rows.length) return 0;
  const r = await db.query(
    `insert into automation_runs (account_id, automation_id, version, subscriber_id, step_id, due_at, occurrence, entered_at)
     select a.account_id, a.id, a.version, s.id, null, ${ENGINE_NOW_SQL}, t.occ, ${ENGINE_NOW_SQL}
       from unnest($1::int[], $2::bigint[], $3::text[]) as t(aid, sid, occ)
       join automations a on a.id = t.aid and a.status = 'active'
       join subscribers s on s.id = t.sid and s.account_id = a.account_id
     on conflict do nothing`,
    [
      rows.map((x) => x.automationId),
      rows.map((x) => x.subscriberId),
      rows.map((x) => x.occurrence ?? null),
    ],
  );
  return r.rowCount ?? 0;
}

/**
 * The account zones (ids fixed in src/domain/timezones.json), sent as two array parameters: the
 * ~420 rows add about 0.3 ms to a scan that runs every few minutes (planned once, unlike inlined
 * values), and the file stays the one list (no table to keep filled).
 */
const TZ_IDS = TIMEZONES.map((t) => t.id);
const TZ_NAMES = TIMEZONES.map((t) => t.iana);

export async function exitRuns(db: Sql, subscriberIds: number[], reason: string) {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = $2, due_at = null,
            finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
      where status = 'active' and subscriber_id = any($1::bigint[])`,
    [subscriberIds, reason],
  );
}

/** Runs of automations that end on leaving their trigger group exit, for each (person, group). */
export async function exitRunsOfLeftGroups(
  db: Sql,
  subscriberIds: number[],
  groupIds: number[],
): Promise<void> {
  await db.query(
    `update automation_runs r set status = 'exited', exit_reason = 'left_group', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
         from automations a, unnest($1::bigint[], $2::int[]) as t(sid, gid)
        where r.status = 'active' and r.subscriber_id = t.sid and a.id = r.automation_id
          and a.exit_on_group_leave and a.trigger->>'type' = 'group.joined'
          and (a.trigger->>'groupId')::int = t.gid`,
    [subscriberIds, groupIds],
  );
}

/** The people's active runs note their first click. */
export async function markRunsClicked(db: Sql, subscriberIds: number[]): Promise<void> {
  await db.query(
    `update automation_runs set clicked_at = coalesce(clicked_at, ${ENGINE_NOW_SQL})
        where status = 'active' and subscriber_id = any($1::bigint[])`,
    [subscriberIds],
  );
}

/** The active automations of these accounts whose trigger is one of these types. */
export async function activeAutomationsOfTypes(db: Sql, accountIds: number[], types: string[]) {
  const autos = await db.query<{
    id: number;
    account_id: number;
    trigger: Record<string, unknown>;
  }>(
    `select id, account_id, trigger from automations
      where status = 'active' and account_id = any($1::int[]) and trigger->>'type' = any($2::text[])`,
    [accountIds, types],
  );
  return autos.rows;
}

/** The people's active runs note their first reply; returns those runs. */
export async function markRunsReplied(db: Sql, subscriberIds: number[]) {
  const r = await db.query<{
    id: number;
    automation_id: number;
    version: number;
    step_id: string | null;
    waiting_reply: boolean;
    exit_on_reply: boolean;
  }>(
    `update automation_runs r set replied_at = coalesce(r.replied_at, ${ENGINE_NOW_SQL})
       from automations a
      where a.id = r.automation_id and r.status = 'active' and r.subscriber_id = any($1::bigint[])
      returning r.id::int, r.automation_id, r.version, r.step_id, r.waiting_reply, a.exit_on_reply`,
    [subscriberIds],
  );
  return r.rows;
}

export async function exitRunsReplied(db: Sql, runIds: number[]): Promise<void> {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = 'replied', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now() where id = any($1::bigint[])`,
    [runIds],
  );
}

/** Each run goes on at its step now (none: completed). */
export async function moveRunsToReplyBranch(
  db: Sql,
  runIds: number[],
  steps: (string | null)[],
): Promise<void> {
  await db.query(
    `update automation_runs r set step_id = t.step, waiting_reply = false, due_at = ${ENGINE_NOW_SQL},
            status = case when t.step is null then 'completed' else 'active' end,
            finished_at = case when t.step is null then ${ENGINE_NOW_SQL} end, updated_at = now()
       from unnest($1::bigint[], $2::text[]) as t(id, step) where r.id = t.id`,
    [runIds, steps],
  );
}

/**
 * Date-field triggers: people whose date (a birthday every year, or a date once) is `daysBefore`
 * days after today in the account's zone enter, once per occurrence (the date is the key, so
 * scanning again the same day adds nobody). The engine's loop runs it every few minutes.
 */
export async function scanDateTriggers(db: Sql): Promise<number> {
  const r = await db.query(
    `with autos as (
       select a.id, a.account_id, a.trigger, (${ENGINE_NOW_SQL} at time zone coalesce(tz.iana, 'America/New_York'))::date as today
         from automations a
         join accounts ac on ac.id = a.account_id
         left join unnest($1::int[], $2::text[]) as tz(id, iana) on tz.id = ac.timezone_id
        where a.status = 'active' and a.trigger->>'type' = 'date_field'
     ),
     due as (
       select au.id as aid, s.id as sid,
              case when au.trigger->>'repeat' = 'yearly'
                   then to_char(au.today + (au.trigger->>'daysBefore')::int, 'YYYY')
                   else s.attributes->>(au.trigger->>'fieldId') end as occ
         from autos au
         join subscribers s on s.account_id = au.account_id
          and s.attributes ? (au.trigger->>'fieldId')
          and (s.attributes->>(au.trigger->>'fieldId')) ~ '^\\d{4}-\\d{2}-\\d{2}$'
        where case when au.trigger->>'repeat' = 'yearly'
                   then to_char((s.attributes->>(au.trigger->>'fieldId'))::date, 'MM-DD')
                        = to_char(au.today + (au.trigger->>'daysBefore')::int, 'MM-DD')
                   else (s.attributes->>(au.trigger->>'fieldId'))::date = au.today + (au.trigger->>'daysBefore')::int end
     )
     insert into automation_runs (account_id, automation_id, version, subscriber_id, due_at, occurrence, entered_at)
     select a.account_id, a.id, a.version, d.sid, ${ENGINE_NOW_SQL}, d.occ, ${ENGINE_NOW_SQL}
       from due d join automations a on a.id = d.aid
     on conflict do nothing`,
    [TZ_IDS, TZ_NAMES],
  );
  return r.rowCount ?? 0;
}

/** Claims the due runs (see runDueSteps): their ids, first due first. */
export async function claimDue(client: Queryable, limit: number): Promise<number[]> {
  // The claim walks the due index in order and locks only the rows it takes (runs of a paused
  // automation are stepped over). Right after a burst (100,000 people entering at once) the
  // statistics still describe a few runs and the planner would sort every due run to take the
  // first thousand, each batch again: without sorts it walks the index and stops at the limit.
  await client.query("set local enable_sort = off");
  const due = await client.query<{ id: number }>(
    `select r.id::int from automation_runs r
      where r.status = 'active' and r.due_at <= ${ENGINE_NOW_SQL}
        and (r.test or not exists (select 1 from automations p where p.id = r.automation_id and p.status <> 'active'))
      order by r.due_at
      limit $1
      for update of r skip locked`,
    [limit],
  );
  await client.query("reset enable_sort");
  return due.rows.map((x) => x.id);
}

/**
 * The claimed runs with what their steps need, whether the account's number has opted out
 * (suppressed), and the engine's time (the transaction's: the same for every statement of the
 * batch); in the order they were claimed (first due first served when credits run short).
 */
export async function dueRuns(
  client: Queryable,
  ids: number[],
): Promise<{ now: Date | null; runs: DueRun[] }> {
  const r = await client.query<DueRun & { now: Date }>(
    `select r.id::int, r.account_id as "accountId", r.automation_id as "automationId", r.version,
            r.subscriber_id::int as "subscriberId", r.step_id as "stepId",
            r.waiting_reply as "waitingReply", s.phone, s.first_name as "firstName",
            s.last_name as "lastName", s.marketing_consent_at is not null as consent, s.attributes,
            r.replied_at as "repliedAt", r.clicked_at as "clickedAt", ac.timezone_id as "timezoneId",
            n.id as "numberId", n.number,
            exists (select 1 from suppressions x where x.account_id = r.account_id and x.phone = s.phone)
              as suppressed,
            ${ENGINE_NOW_SQL} as now
       from automation_runs r
       join automations a on a.id = r.automation_id
       join subscribers s on s.id = r.subscriber_id
       join accounts ac on ac.id = r.account_id
       left join lateral (
         select p.id, p.number from phone_numbers p
          where p.account_id = r.account_id and p.state = 'active'
          order by (p.id = a.phone_number_id) desc, p.included desc, p.id limit 1
       ) n on true
      where r.id = any($1::bigint[])`,
    [ids],
  );
  const place = new Map(ids.map((id, i) => [id, i]));
  const runs = r.rows.sort((x, y) => (place.get(x.id) ?? 0) - (place.get(y.id) ?? 0));
  return { now: runs[0]?.now ?? null, runs };
}

/** Whether the person is in the account's group. */
export async function isGroupMember(
  db: Queryable,
  accountId: number,
  groupId: number,
  subscriberId: number,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from group_members gm join groups g on g.id = gm.group_id
              where gm.group_id = $1 and gm.subscriber_id = $2 and g.account_id = $3`,
    [groupId, subscriberId, accountId],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function savepoint(db: Queryable, name: "charge"): Promise<void> {
  await db.query(`savepoint ${name}`);
}

export async function releaseSavepoint(db: Queryable, name: "charge"): Promise<void> {
  await db.query(`release savepoint ${name}`);
}

export async function rollbackToSavepoint(db: Queryable, name: "charge"): Promise<void> {
  await db.query(`rollback to savepoint ${name}`);
}

/** One step a run took; its message is a text queued in the same statement (`text`, from 1) or
 * one already queued (`messageId`), or none. */
export interface StepLogRow {
  runId: number;
  automationId: number;
  stepId: string;
  text: number | null;
  messageId: number | null;
}

/**
 * The batch's runs (where each stands now) and its step log, as CTEs of the statement that
 * queues its texts (outbound's queueMessagesWith): each logged text's message id is read from
 * `queued_ids` by its place in the batch's texts.
 */
export function runsAndStepLog(outs: RunOutcome[], log: StepLogRow[]): AlsoWritten {
  return {
    ctes: (p) => `saved_runs as (
       update automation_runs r
          set status = t.status, exit_reason = t.reason, step_id = t.step, due_at = t.due,
              waiting_reply = t.waiting, texts = r.texts + t.texts, updated_at = now(),
              finished_at = case when t.status = 'active' then null else ${ENGINE_NOW_SQL} end
         from unnest($${p}::bigint[], $${p + 1}::text[], $${p + 2}::text[], $${p + 3}::text[],
                     $${p + 4}::timestamptz[], $${p + 5}::bool[], $${p + 6}::int[])
              as t(id, status, reason, step, due, waiting, texts)
        where r.id = t.id
     ),
     step_log as (
       insert into automation_step_log (run_id, automation_id, step_id, message_id, at)
       select l.r, l.a, l.s, coalesce(l.m, q.id), ${ENGINE_NOW_SQL}
         from unnest($${p + 7}::bigint[], $${p + 8}::int[], $${p + 9}::text[], $${p + 10}::int[],
                     $${p + 11}::bigint[]) as l(r, a, s, t, m)
         left join queued_ids q on q.ord = l.t
     )`,
    params: [
      outs.map((o) => o.id),
      outs.map((o) => o.status),
      outs.map((o) => o.exitReason),
      outs.map((o) => o.stepId),
      outs.map((o) => o.dueAt),
      outs.map((o) => o.waitingReply),
      outs.map((o) => o.texts),
      log.map((l) => l.runId),
      log.map((l) => l.automationId),
      log.map((l) => l.stepId),
      log.map((l) => l.text),
      log.map((l) => l.messageId),
    ],
  };
}

/** Adds the person to the account's group when it is a static one. */
export async function addToStaticGroup(
  db: Queryable,
  accountId: number,
  groupId: number,
  subscriberId: number,
): Promise<void> {
  await db.query(
    `insert into group_members (group_id, subscriber_id)
         select g.id, $2 from groups g where g.id = $1 and g.account_id = $3 and g.type = 'static'
         on conflict do nothing`,
    [groupId, subscriberId, accountId],
  );
}

export async function removeFromGroup(
  db: Queryable,
  accountId: number,
  groupId: number,
  subscriberId: number,
): Promise<void> {
  await db.query(
    `delete from group_members gm using groups g
          where gm.group_id = g.id and g.id = $1 and g.account_id = $3 and gm.subscriber_id = $2`,
    [groupId, subscriberId, accountId],
  );
}

/** Sets the account's field on the person; an empty value clears it. */
export async function setOrClearField(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  fieldId: number,
  value: string,
): Promise<void> {
  await db.query(
    `update subscribers s
            set attributes = case when $2 = '' then s.attributes - $1::text
                                  else s.attributes || jsonb_build_object($1::text, $2::text) end,
                updated_at = now()
          where s.id = $3 and s.account_id = $4
            and exists (select 1 from custom_fields f where f.id = $1::int and f.account_id = $4)`,
    [String(fieldId), value, subscriberId, accountId],
  );
}

/** Assigns the person's conversation to the account's user. */
export async function assignConversation(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  userId: number,
): Promise<void> {
  await db.query(
    `update conversations c set assigned_user_id = u.id
           from users u where u.id = $1 and u.account_id = $3
            and c.subscriber_id = $2 and c.account_id = $3`,
    [userId, subscriberId, accountId],
  );
}

/** Published versions' graphs, by (automation, version). */
export async function selectGraphVersions(
  db: Sql,
  keys: ReadonlyArray<{ automationId: number; version: number }>,
) {
  const r = await db.query<{ automation_id: number; version: number; graph: unknown }>(
    `select automation_id, version, graph from automation_versions
      where (automation_id, version) in (select * from unnest($1::int[], $2::int[]))`,
    [keys.map((m) => m.automationId), keys.map((m) => m.version)],
  );
  return r.rows;
}
