import { nextOccurrence } from "../../../domain/repeat";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { notify } from "../notifications/notifications.service";
import * as q from "./sends.queries";

/**
 * Starts the sends whose time has come: one run per occurrence (unique on send and time, so a
 * repeated start creates nothing), then the send moves to its next occurrence, or to running
 * when it has none. Rows are locked while this happens: an edit or cancel waits and then sees
 * the outcome (see sends.queries updateScheduledSend).
 */
export async function startDueSends(ctx: AppContext, limit = 50): Promise<number> {
  return inTransaction(ctx.db, async (_tx, client) => {
    const due = await q.lockDueSends(client, limit, ctx.clock.now());
    for (const send of due) {
      await q.insertRunOnce(client, send);
      // Occurrences missed while nothing ran (a long outage) are skipped, not sent in a burst.
      const after = new Date(Math.max(ctx.clock.now().getTime(), send.nextRunAt.getTime()));
      const next = send.rrule ? nextOccurrence(send.rrule, send.timezone, after) : null;
      await q.advanceSend(client, send.id, next);
    }
    return due.length;
  });
}

/**
 * Runs whose every delivery has been handed to the carrier (or refused) are complete; a one-time
 * send is complete with its run.
 */
export async function completeFinishedRuns(ctx: AppContext): Promise<number> {
  const done = await q.completeDispatchedRuns(ctx.db.$client);
  if (done.length) {
    await q.completeSendsWithoutOpenRuns(
      ctx.db.$client,
      done.map((r) => r.sendId),
    );
  }
  await notifyFinishedRuns(ctx, done);
  return done.length;
}

/** 'Campaign finished' in the notification centre of whoever sent it, with its report. */
async function notifyFinishedRuns(ctx: AppContext, runs: { runId: number; sendId: number }[]) {
  if (!runs.length) return;
  const rows = await q.runsToNotify(
    ctx.db.$client,
    runs.map((r) => r.runId),
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
