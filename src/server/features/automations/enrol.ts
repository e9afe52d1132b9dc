import { TIMEZONES } from "../../../domain/timezones";
import { ENGINE_NOW_SQL } from "./clock";
import { loadGraphs } from "./graphs";
import { TEXT_TRIGGER_EVENT } from "./text-triggers";

/** Anything that runs a parameterised statement: a pg pool or client, or an adapted transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; rowCount: number | null }>;
}

/** One account event as the relay hands it over (src/server/features/events). */
export interface EngineEvent {
  accountId: number;
  type: string;
  subscriberId: number | null;
  data: Record<string, unknown>;
}

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

/** The account zones as SQL rows (ids are fixed in src/domain/timezones.ts). */
const TZ_VALUES = TIMEZONES.map((t) => `(${t.id}, '${t.iana}')`).join(", ");

/** Does this event start this automation? */
function starts(automationId: number, trigger: Record<string, unknown>, e: EngineEvent): boolean {
  // A text's workflows were chosen by the inbound path, after whatever took the text before them.
  if (e.type === TEXT_TRIGGER_EVENT)
    return (
      trigger.type === "message.received" &&
      Array.isArray(e.data.automationIds) &&
      e.data.automationIds.map(Number).includes(automationId)
    );
  if (trigger.type !== e.type) return false;
  switch (e.type) {
    case "group.joined":
      return Number(e.data.groupId) === trigger.groupId;
    case "keyword.joined":
      return trigger.keywordId == null || Number(e.data.keywordId) === trigger.keywordId;
    case "optin_form.submitted":
      return trigger.formId == null || Number(e.data.formId) === trigger.formId;
    case "link.clicked":
      return trigger.linkId == null || Number(e.data.linkId) === trigger.linkId;
    default:
      return true;
  }
}

const ENTRY_TYPES = new Set([
  "group.joined",
  "keyword.joined",
  "form.submitted",
  "optin_form.submitted",
  "link.clicked",
  TEXT_TRIGGER_EVENT,
]);

/**
 * The automations consumer of the account events: entries (a group joined, a keyword, a form,
 * a click, a text), and what moves people already inside (a reply ends a wait for it or takes
 * them out; an opt-out takes them out of everything; leaving the trigger's group takes them out).
 * Called by the relay inside the transaction that acknowledges the events: all or nothing.
 */
export async function handleEngineEvents(db: Sql, events: readonly EngineEvent[]): Promise<void> {
  const withPerson = events.filter((e) => e.subscriberId !== null);
  if (!withPerson.length) return;

  const optedOut = withPerson
    .filter((e) => e.type === "subscriber.opted_out")
    .map((e) => e.subscriberId!);
  if (optedOut.length) await exitRuns(db, optedOut, "opted_out");

  const left = withPerson.filter((e) => e.type === "group.left");
  if (left.length)
    await db.query(
      `update automation_runs r set status = 'exited', exit_reason = 'left_group', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
         from automations a, unnest($1::bigint[], $2::int[]) as t(sid, gid)
        where r.status = 'active' and r.subscriber_id = t.sid and a.id = r.automation_id
          and a.exit_on_group_leave and a.trigger->>'type' = 'group.joined'
          and (a.trigger->>'groupId')::int = t.gid`,
      [left.map((e) => e.subscriberId), left.map((e) => Number(e.data.groupId))],
    );

  const clicked = withPerson.filter((e) => e.type === "link.clicked").map((e) => e.subscriberId!);
  if (clicked.length)
    await db.query(
      `update automation_runs set clicked_at = coalesce(clicked_at, ${ENGINE_NOW_SQL})
        where status = 'active' and subscriber_id = any($1::bigint[])`,
      [clicked],
    );

  const replies = withPerson
    .filter((e) => e.type === "message.received")
    .map((e) => e.subscriberId!);
  if (replies.length) await onReplies(db, replies);

  // Entries last, so a text that starts an automation is not also taken as a reply to it.
  const entries = withPerson.filter((e) => ENTRY_TYPES.has(e.type));
  if (!entries.length) return;
  const accounts = [...new Set(entries.map((e) => e.accountId))];
  const autos = await db.query<{
    id: number;
    account_id: number;
    trigger: Record<string, unknown>;
  }>(
    `select id, account_id, trigger from automations
      where status = 'active' and account_id = any($1::int[]) and trigger->>'type' = any($2::text[])`,
    [
      accounts,
      [
        ...new Set(
          entries.map((e) => (e.type === TEXT_TRIGGER_EVENT ? "message.received" : e.type)),
        ),
      ],
    ],
  );
  if (!autos.rows.length) return;
  const rows: { automationId: number; subscriberId: number }[] = [];
  for (const e of entries)
    for (const a of autos.rows)
      if (a.account_id === e.accountId && starts(a.id, a.trigger, e))
        rows.push({ automationId: a.id, subscriberId: e.subscriberId! });
  await enrol(db, rows);
}

export async function exitRuns(db: Sql, subscriberIds: number[], reason: string) {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = $2, due_at = null,
            finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
      where status = 'active' and subscriber_id = any($1::bigint[])`,
    [subscriberIds, reason],
  );
}

/**
 * A reply: noted on every run of the person; a run waiting for a reply goes on at its reply
 * branch now; a run of an automation that ends on a reply ends (exited, replied).
 */
async function onReplies(db: Sql, subscriberIds: number[]) {
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
  const waiting = r.rows.filter((x) => x.waiting_reply);
  const exiting = r.rows.filter((x) => !x.waiting_reply && x.exit_on_reply);
  if (exiting.length)
    await db.query(
      `update automation_runs set status = 'exited', exit_reason = 'replied', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now() where id = any($1::bigint[])`,
      [exiting.map((x) => x.id)],
    );
  if (!waiting.length) return;
  const graphs = await loadGraphs(
    db as unknown as Parameters<typeof loadGraphs>[0],
    waiting.map((x) => ({ automationId: x.automation_id, version: x.version })),
  );
  const ids: number[] = [];
  const steps: (string | null)[] = [];
  for (const w of waiting) {
    const g = graphs.get(`${w.automation_id}:${w.version}`);
    // The run's step is the timeout branch; the wait step that points there holds the reply branch.
    const wait = g?.graph.steps.find((s) => s.type === "wait_reply" && s.onTimeout === w.step_id);
    ids.push(w.id);
    steps.push(wait?.type === "wait_reply" ? wait.onReply : null);
  }
  await db.query(
    `update automation_runs r set step_id = t.step, waiting_reply = false, due_at = ${ENGINE_NOW_SQL},
            status = case when t.step is null then 'completed' else 'active' end,
            finished_at = case when t.step is null then ${ENGINE_NOW_SQL} end, updated_at = now()
       from unnest($1::bigint[], $2::text[]) as t(id, step) where r.id = t.id`,
    [ids, steps],
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
         left join (values ${TZ_VALUES}) as tz(id, iana) on tz.id = ac.timezone_id
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
  );
  return r.rowCount ?? 0;
}
