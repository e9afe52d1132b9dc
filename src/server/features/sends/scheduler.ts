import { nextOccurrence } from "../../../domain/repeat";
import type { AppContext } from "../../http/context";
import { notify } from "../notifications/notifications.service";

/**
 * Starts the sends whose time has come: one run per occurrence (unique on send and time, so a
 * repeated start creates nothing), then the send moves to its next occurrence, or to running
 * when it has none. Rows are locked while this happens: an edit or cancel waits and then sees
 * the outcome (see sends.queries updateScheduledSend).
 */
export async function startDueSends(ctx: AppContext, limit = 50): Promise<number> {
  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    const due = await client.query<{
      id: number;
      accountId: number;
      text: string;
      rrule: string | null;
      timezone: string;
      nextRunAt: Date;
    }>(
      `select id::int, account_id as "accountId", text, rrule, timezone, next_run_at as "nextRunAt"
         from sends where status = 'scheduled' and next_run_at <= now()
        order by next_run_at limit $1 for update skip locked`,
      [limit],
    );
    for (const send of due.rows) {
      await client.query(
        `insert into send_runs (send_id, account_id, run_at, text) values ($1, $2, $3, $4)
         on conflict (send_id, run_at) do nothing`,
        [send.id, send.accountId, send.nextRunAt, send.text],
      );
      // Occurrences missed while nothing ran (a long outage) are skipped, not sent in a burst.
      const after = new Date(Math.max(ctx.clock.now().getTime(), send.nextRunAt.getTime()));
      const next = send.rrule ? nextOccurrence(send.rrule, send.timezone, after) : null;
      await client.query(
        `update sends set next_run_at = $2, run_count = run_count + 1,
                status = case when $2::timestamptz is null then 'running' else 'scheduled' end,
                updated_at = now()
          where id = $1`,
        [send.id, next],
      );
    }
    await client.query("commit");
    return due.rows.length;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Runs whose every delivery has been handed to the carrier (or refused) are complete; a one-time
 * send is complete with its run.
 */
export async function completeFinishedRuns(ctx: AppContext): Promise<number> {
  const res = await ctx.db.$client.query<{ runId: number; sendId: number }>(
    // Each finished run is a send.finished event (automations, webhooks) in the same statement.
    `with done as (
       update send_runs r set status = 'completed', completed_at = now()
        where r.status = 'dispatching'
          and not exists (select 1 from messages m where m.run_id = r.id and m.pending_dispatch)
        returning r.id, r.send_id
     ),
     events as (
       insert into account_events (account_id, type, data)
       select s.account_id, 'send.finished', jsonb_build_object('sendId', s.id, 'runId', done.id)
         from done join sends s on s.id = done.send_id
     )
     select id::int as "runId", send_id::int as "sendId" from done`,
  );
  if (res.rowCount) {
    await ctx.db.$client.query(
      `update sends s set status = 'completed', updated_at = now()
        where s.id = any($1::bigint[]) and s.status = 'running'
          and not exists (select 1 from send_runs r where r.send_id = s.id
                           and r.status in ('pending', 'fanning_out', 'dispatching'))`,
      [res.rows.map((r) => r.sendId)],
    );
  }
  await notifyFinishedRuns(ctx, res.rows);
  return res.rowCount ?? 0;
}

/** 'Campaign finished' in the notification centre of whoever sent it, with its report. */
async function notifyFinishedRuns(ctx: AppContext, runs: { runId: number; sendId: number }[]) {
  if (!runs.length) return;
  const { rows } = await ctx.db.$client.query<{
    runId: number;
    sendId: number;
    accountId: number;
    userId: number | null;
    sent: number;
  }>(
    `select r.id::int as "runId", s.id::int as "sendId", s.account_id as "accountId",
            s.user_id as "userId", r.recipients::int as sent
       from send_runs r join sends s on s.id = r.send_id
      where r.id = any($1::bigint[])`,
    [runs.map((r) => r.runId)],
  );
  for (const r of rows)
    await notify(
      ctx.db.$client,
      {
        accountId: r.accountId,
        userId: r.userId ?? undefined,
        kind: "send_finished",
        title: "Your message has been sent",
        body: `Sent to ${r.sent} recipient${r.sent === 1 ? "" : "s"}.`,
        link: `/reports/sent-messages/details?id=${r.runId}`,
      },
      ctx,
    );
}
