import { csvTime } from "../../../domain/csv";
import type { StatusGroup } from "../../../domain/delivery-status";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import {
  type CountsByGroup,
  carrierErrorText,
  emptyCounts,
  groupOf,
  type RecipientsQuery,
  RUN_STATE_LABELS,
  type RunRecipient,
  type SentMessagesFilter,
  type SentMessagesQuery,
  type SentRun,
  type SentRunDetails,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
} from "../../../domain/reports.schemas";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { displayBodies } from "../links/links.service";
import { waitReasons } from "../outbound/wait-reasons";
import type { CsvOut } from "../subscriber-exports/csv-writer";
import * as q from "./reports.queries";

const NOT_FOUND = "That sent message was not found in this account.";

async function accountZone(ctx: AppContext, auth: Actor): Promise<string> {
  return timezoneById(await q.accountTimezoneId(ctx.db, auth)).iana;
}

// ---- Counts by status group, cached briefly per run
//
// Counting a run reads its entries of messages_run_status_idx: about 250 ms for a run of a
// million deliveries on a 2-core machine. Screens poll, and the list, the details page and the
// dashboard ask for the same runs, so each process keeps a run's counts for a few seconds while
// deliveries may still move (3 s) and for a minute once the run finished more than ten minutes
// ago (late receipts such as Read still arrive; a minute is the most they wait). Concurrent
// askers share one query. Nothing here is needed by another process.

const FRESH_MS = 3_000;
const SETTLED_MS = 60_000;
const SETTLED_AFTER_MS = 10 * 60_000;
const MAX_CACHED = 5_000;
const countsCache = new Map<number, { until: number; counts: Promise<CountsByGroup> }>();

type Countable = { id: number; status: string; completedAt: Date | null };

function ttlOf(run: Countable, now: Date): number {
  const settled =
    run.status === "completed" &&
    run.completedAt !== null &&
    now.getTime() - run.completedAt.getTime() > SETTLED_AFTER_MS;
  return settled ? SETTLED_MS : FRESH_MS;
}

/** Deliveries of each run by status group (one query for all the runs not cached). */
export async function countsOfRuns(
  ctx: AppContext,
  runs: Countable[],
): Promise<Map<number, CountsByGroup>> {
  // The cache's lifetimes are elapsed time (a test clock standing still must not freeze them).
  const now = performance.now();
  const missing = runs.filter((r) => (countsCache.get(r.id)?.until ?? 0) <= now);
  if (missing.length > 0) {
    const query = q
      .statusCounts(
        ctx.db,
        missing.map((r) => r.id),
      )
      .then((rows) => {
        const byRun = new Map<number, CountsByGroup>();
        for (const c of rows) {
          const into = byRun.get(c.runId) ?? emptyCounts();
          into[groupOf(c.status)] += c.n;
          byRun.set(c.runId, into);
        }
        return byRun;
      });
    // A failed query is not kept: the next asker tries again.
    query.catch(() => {
      for (const r of missing) countsCache.delete(r.id);
    });
    for (const r of missing) {
      countsCache.delete(r.id);
      countsCache.set(r.id, {
        until: now + ttlOf(r, ctx.clock.now()),
        counts: query.then((m) => m.get(r.id) ?? emptyCounts()),
      });
    }
    while (countsCache.size > MAX_CACHED) {
      const oldest = countsCache.keys().next().value;
      if (oldest === undefined) break;
      countsCache.delete(oldest);
    }
  }
  const out = new Map<number, CountsByGroup>();
  await Promise.all(
    runs.map(async (r) => {
      out.set(r.id, { ...(await countsCache.get(r.id)!.counts) });
    }),
  );
  return out;
}

/** Counts, credits and clicks of a set of runs, in three queries for the whole set. */
async function withFigures(ctx: AppContext, auth: Actor, runs: q.RunRow[]): Promise<SentRun[]> {
  const ids = runs.map((r) => r.id);
  const [counts, credits, clicks, texts] = await Promise.all([
    countsOfRuns(ctx, runs),
    q.ledgerCredits(ctx.db, auth, ids),
    q.linkClicks(ctx.db, auth, ids),
    // People read the text as its recipients got it, not the composer's link token.
    displayBodies(
      ctx,
      auth.accountId,
      runs.map((r) => r.text),
    ),
  ]);
  return runs.map((r, i) =>
    toSentRun({ ...r, text: texts[i]! }, counts.get(r.id) ?? emptyCounts(), credits, clicks),
  );
}

function toSentRun(
  r: q.RunRow,
  counts: CountsByGroup,
  credits: Map<number, number>,
  clicks: Map<number, number> | null,
): SentRun {
  return {
    id: r.id,
    sendId: r.sendId,
    text: r.text,
    runAt: r.runAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    state: q.runState(r.status),
    recipients: r.recipients,
    excluded: r.excluded,
    credits: Math.max(0, credits.get(r.id) ?? r.credits),
    counts,
    clicks: clicks ? (clicks.get(r.id) ?? 0) : null,
    user: r.user,
    error: r.error,
  };
}

export async function listSentMessages(ctx: AppContext, auth: Actor, query: SentMessagesQuery) {
  assertCan(auth, "reports:read");
  const tz = await accountZone(ctx, auth);
  const { rows, total } = await q.listRuns(ctx.db, auth, query, tz, query);
  return { rows: await withFigures(ctx, auth, rows), total };
}

/** The newest runs (the dashboard's recent sends). */
export async function recentRuns(ctx: AppContext, auth: Actor, limit: number) {
  const tz = await accountZone(ctx, auth);
  const { rows } = await q.listRuns(ctx.db, auth, { query: "" }, tz, { page: 0, pageSize: limit });
  return withFigures(ctx, auth, rows);
}

async function ownRun(ctx: AppContext, auth: Actor, id: number) {
  const run = await q.findRun(ctx.db, auth, id);
  if (!run) throw new AppError("NOT_FOUND", NOT_FOUND);
  return run;
}

export async function sentMessageDetails(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<SentRunDetails> {
  assertCan(auth, "reports:read");
  const run = await ownRun(ctx, auth, id);
  const [figures] = await withFigures(ctx, auth, [run]);
  return {
    ...figures!,
    fromNumber: run.fromNumber,
    isMms: run.isMms,
    nextRunAt: run.sendStatus === "scheduled" ? (run.nextRunAt?.toISOString() ?? null) : null,
  };
}

function toRecipient(r: q.RecipientRow): RunRecipient {
  return {
    id: r.id,
    phone: r.phone,
    subscriberId: r.subscriberId,
    firstName: r.firstName,
    lastName: r.lastName,
    status: r.status,
    group: groupOf(r.status),
    errorCode: r.errorCode,
    error: carrierErrorText(r.errorCode),
    credits: r.credits,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function recipients(ctx: AppContext, auth: Actor, id: number, query: RecipientsQuery) {
  assertCan(auth, "reports:read");
  const run = await ownRun(ctx, auth, id);
  // Without a search the total is the run's count of the group (cached): no second count.
  const counts = query.query ? null : (await countsOfRuns(ctx, [run])).get(run.id)!;
  const page = await q.listRecipients(ctx.db, auth, id, query, {
    ...query,
    withTotal: counts === null,
  });
  const total =
    page.total ??
    (query.group ? counts![query.group] : STATUS_GROUPS.reduce((n, g) => n + counts![g], 0));
  const rows = page.rows.map(toRecipient);
  // A text not sent yet says why it waits and when it goes (the dispatcher's own rule).
  const waiting = await waitReasons(
    ctx,
    auth.accountId,
    rows.filter((r) => r.group === "sending").map((r) => r.id),
  );
  return {
    rows: rows.map((r) => {
      const w = waiting.get(r.id);
      return w ? { ...r, waiting: { ...w, until: w.until?.toISOString() ?? null } } : r;
    }),
    total,
  };
}

// ---- CSV (written by the export job through its one writer)

/** The sent-messages list as CSV (every run the filter matches), batch by batch. */
export async function writeSentMessagesCsv(
  ctx: AppContext,
  auth: Actor,
  f: SentMessagesFilter,
  out: CsvOut,
): Promise<number> {
  assertCan(auth, "reports:read");
  await out.row([
    out.at("Sent"),
    "Message",
    "Status",
    "Recipients",
    ...STATUS_GROUPS.map((g) => STATUS_GROUP_LABELS[g]),
    "Excluded",
    "Clicks",
    "Credits",
    "Sent by",
  ]);
  let n = 0;
  for await (const batch of q.allRuns(ctx.db, auth, f, out.zone)) {
    for (const r of await withFigures(ctx, auth, batch)) {
      await out.row([
        out.time(new Date(r.runAt)),
        r.text,
        RUN_STATE_LABELS[r.state],
        r.recipients,
        ...STATUS_GROUPS.map((g: StatusGroup) => r.counts[g]),
        r.excluded,
        r.clicks,
        r.credits,
        r.user,
      ]);
      n++;
    }
    await out.progress(n);
  }
  return n;
}

/** Checks the run is the actor's before its recipients' export starts; names the file. */
export async function recipientsExportName(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "reports:read");
  const run = await ownRun(ctx, auth, id);
  const tz = await accountZone(ctx, auth);
  return `sent-message-${run.id}-${csvTime(run.runAt, tz).slice(0, 10)}.csv`;
}

/** One run's recipients as CSV, optionally one status group; a million rows go in batches. */
export async function writeRecipientsCsv(
  ctx: AppContext,
  auth: Actor,
  id: number,
  group: StatusGroup | undefined,
  out: CsvOut,
): Promise<number> {
  assertCan(auth, "reports:read");
  await ownRun(ctx, auth, id);
  await out.row([
    "Phone",
    "First Name",
    "Last Name",
    "Status",
    "Error Code",
    "Error",
    "Credits",
    out.at("Updated"),
  ]);
  let n = 0;
  for await (const batch of q.allRecipients(ctx.db, auth, id, { group })) {
    for (const r of batch)
      await out.row([
        r.phone,
        r.firstName,
        r.lastName,
        r.status,
        r.errorCode,
        carrierErrorText(r.errorCode),
        r.credits,
        out.time(r.updatedAt),
      ]);
    // No progress written here: the cursor holds this work's connection until the last row.
    n += batch.length;
  }
  return n;
}
