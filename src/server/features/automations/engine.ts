import type { PoolClient } from "pg";
import { pickBranch, waitEnds } from "../../../domain/automation-graph";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import { timezoneById } from "../../../domain/timezones";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log as logger } from "../../log";
import {
  chargeTexts,
  type OutboundMessage,
  queueMessage,
  queueMessagesWith,
} from "../outbound/outbound.service";
import { areaOf } from "../outbound/recipient-geo";
import {
  claimDue,
  dueRuns,
  isGroupMember,
  releaseSavepoint,
  rollbackToSavepoint,
  runsAndStepLog,
  savepoint,
} from "./engine.queries";
import { type LoadedGraph, loadGraphs } from "./graphs";
import { flushAfterCommit, runAction } from "./step-actions";

/** A run claimed for its due step, with what its steps need to know. */
export interface DueRun {
  id: number;
  accountId: number;
  automationId: number;
  version: number;
  subscriberId: number;
  stepId: string | null;
  waitingReply: boolean;
  phone: string;
  firstName: string;
  lastName: string;
  consent: boolean;
  attributes: Record<string, unknown>;
  repliedAt: Date | null;
  clickedAt: Date | null;
  timezoneId: number;
  numberId: number | null;
  number: string | null;
  /** The account's number for this person has opted out (or is blocked). */
  suppressed: boolean;
}

/** Where a run stands after its turn. */
export interface RunOutcome {
  id: number;
  status: "active" | "completed" | "exited";
  exitReason: string | null;
  stepId: string | null;
  dueAt: Date | null;
  waitingReply: boolean;
  texts: number;
}

/** Steps one run may take in one turn: a guard on top of the graph rule (no loop without a wait). */
const MAX_STEPS_PER_TURN = 100;

/** Each step a run took, with the message it wrote (an index into the batch's texts until queued). */
interface LogEntry {
  runId: number;
  automationId: number;
  stepId: string;
  text: number | null;
}

/**
 * How a step's text is written. In a batch the texts are charged per account and inserted in one
 * statement at the end (fast); an account that cannot pay for the whole batch has its batch done
 * again one text at a time (careful), so the runs it can pay for go on and the rest wait.
 */
interface Texts {
  /** The index of the text in this batch, or null when there are no credits for it. */
  add(run: DueRun, body: string, credits: number, mediaUrl?: string): Promise<number | null>;
}

class InsufficientInBatch extends Error {}

/**
 * Claims up to `limit` runs whose timer is due (FOR UPDATE SKIP LOCKED, so any number of workers
 * share the work), walks each through its graph until a wait or the end, and writes every effect
 * (the step's text, its charge, group and field changes, the run's new step and timer, the log)
 * in that one transaction. A worker that dies before the commit leaves the runs as they were:
 * the next claim does the step again, once. Returns how many it took.
 */
export async function runDueSteps(ctx: AppContext, limit = 500): Promise<number> {
  try {
    return await runBatch(ctx, limit, false);
  } catch (err) {
    if (err instanceof InsufficientInBatch) return runBatch(ctx, limit, true);
    throw err;
  }
}

async function runBatch(ctx: AppContext, limit: number, careful: boolean): Promise<number> {
  let held = undefined as PoolClient | undefined;
  const laps = stopwatch();
  try {
    const taken = await inTransaction(ctx.db, async (_tx, client) => {
      held = client;
      return walkBatch(ctx, client, limit, careful, laps);
    });
    laps.lap("commit");
    if (taken)
      logger.debug({ component: "automations", runs: taken, careful, ms: laps.ms }, "batch");
    if (held) flushAfterCommit(held, true);
    return taken;
  } catch (err) {
    if (held) flushAfterCommit(held, false);
    throw err;
  }
}

/**
 * The batch's work inside its transaction: how many runs it took. Three kinds of statement
 * whatever its size: the claim (with the people, their numbers' opt-outs and the engine's time),
 * one statement that queues the texts through the outbound path and saves the runs and the step
 * log, and the charge of each account's texts, once a batch. The charge comes last so the
 * account's credit row stays locked only until the commit: the other engine loops charging the
 * same account wait on it.
 */
async function walkBatch(
  ctx: AppContext,
  client: PoolClient,
  limit: number,
  careful: boolean,
  laps: ReturnType<typeof stopwatch>,
): Promise<number> {
  const ids0 = await claimDue(client, limit);
  if (!ids0.length) return 0;
  laps.lap("claim");
  const { now, runs: due } = await dueRuns(client, ids0);
  if (!due.length || !now) return 0;
  laps.lap("read");
  const graphs = await loadGraphs(client, due);
  const outcomes: RunOutcome[] = [];
  const log: LogEntry[] = [];
  const batch: OutboundMessage[] = [];
  const ids: number[] = [];
  const texts: Texts = careful
    ? {
        async add(run, body, credits, mediaUrl) {
          await savepoint(client, "charge");
          try {
            await chargeTexts(client, run.accountId, [{ to: run.phone, credits }], {
              reason: "charge",
              description: "Automation text",
            });
            await releaseSavepoint(client, "charge");
          } catch {
            await rollbackToSavepoint(client, "charge");
            return null;
          }
          const q = await queueMessage(ctx, textOf(run, body, credits, mediaUrl), client);
          ids.push(q.id);
          return ids.length - 1;
        },
      }
    : {
        async add(run, body, credits, mediaUrl) {
          batch.push(textOf(run, body, credits, mediaUrl));
          return batch.length - 1;
        },
      };
  for (const run of due) {
    const loaded = graphs.get(`${run.automationId}:${run.version}`);
    const out = loaded
      ? await walk(ctx, client, run, loaded, now, run.suppressed, log, texts)
      : exit(run, "deleted");
    outcomes.push(out);
  }
  laps.lap("walk");
  await queueMessagesWith(
    batch,
    client,
    runsAndStepLog(
      outcomes,
      log.map((l) => ({
        runId: l.runId,
        automationId: l.automationId,
        stepId: l.stepId,
        // Careful: the text is already queued (its id); else its place in this statement's texts.
        text: l.text === null || careful ? null : l.text + 1,
        messageId: l.text === null || !careful ? null : (ids[l.text] ?? null),
      })),
    ),
  );
  laps.lap("write");
  if (!careful && batch.length) {
    const perAccount = new Map<number, OutboundMessage[]>();
    for (const m of batch) {
      const list = perAccount.get(m.accountId);
      if (list) list.push(m);
      else perAccount.set(m.accountId, [m]);
    }
    for (const [accountId, texts] of perAccount) {
      try {
        await chargeTexts(client, accountId, texts, {
          reason: "charge",
          description: "Automation texts",
        });
      } catch (err) {
        // Short of either kind, the batch (rolled back) is walked again one text at a time.
        if (
          err instanceof AppError &&
          (err.code === "INSUFFICIENT_CREDITS" || err.code === "INSUFFICIENT_INTERNATIONAL_CREDITS")
        )
          throw new InsufficientInBatch();
        throw err;
      }
    }
    laps.lap("charge");
  }
  return due.length;
}

/** Milliseconds per phase of a batch, for the debug log (bench/automations.mjs --profile). */
function stopwatch() {
  let last = performance.now();
  const ms: Record<string, number> = {};
  return {
    ms,
    lap(name: string) {
      const now = performance.now();
      ms[name] = Math.round((now - last) * 10) / 10;
      last = now;
    },
  };
}

function textOf(run: DueRun, body: string, credits: number, mediaUrl?: string): OutboundMessage {
  return {
    accountId: run.accountId,
    from: { id: run.numberId as number, number: run.number as string },
    to: run.phone,
    body,
    mediaUrls: mediaUrl ? [mediaUrl] : undefined,
    source: "automation",
    subscriberId: run.subscriberId,
    credits,
  };
}

const exit = (run: DueRun, reason: string, texts = 0): RunOutcome => ({
  id: run.id,
  status: "exited",
  exitReason: reason,
  stepId: null,
  dueAt: null,
  waitingReply: false,
  texts,
});

/** The text of a step for one person: the same variables the composer offers. */
function personalise(body: string, run: DueRun): string {
  return body
    .replace(/\[first name\]/gi, run.firstName)
    .replace(/\[last name\]/gi, run.lastName)
    .replace(/\[phone number\]/gi, run.phone);
}

async function walk(
  ctx: AppContext,
  client: PoolClient,
  run: DueRun,
  { graph, byId }: LoadedGraph,
  now: Date,
  suppressed: boolean,
  log: LogEntry[],
  texts: Texts,
): Promise<RunOutcome> {
  if (suppressed) return exit(run, "opted_out");
  const zone = areaOf(run.phone)?.timeZone ?? timezoneById(run.timezoneId).iana;
  let sent = 0;
  let id: string | null = run.stepId ?? graph.start;
  for (let i = 0; id !== null && i < MAX_STEPS_PER_TURN; i++) {
    const step = byId.get(id);
    if (!step) return exit(run, "deleted", sent);
    switch (step.type) {
      case "wait": {
        // A run arrives at a wait (i > 0, or a fresh run) and sleeps until it ends; when its
        // timer fires the stored step is already the one after the wait.
        const end = waitEnds(step.wait, now, zone);
        if (end.getTime() > now.getTime())
          return {
            id: run.id,
            status: "active",
            exitReason: null,
            stepId: step.next,
            dueAt: end,
            waitingReply: false,
            texts: sent,
          };
        id = step.next;
        break;
      }
      case "wait_reply":
        return {
          id: run.id,
          status: "active",
          exitReason: null,
          stepId: step.onTimeout,
          dueAt: new Date(now.getTime() + step.timeoutMinutes * 60_000),
          waitingReply: true,
          texts: sent,
        };
      case "send": {
        if (!run.consent) return exit(run, "no_consent", sent);
        if (!run.numberId || !run.number) return exit(run, "no_number", sent);
        const body = personalise(step.body, run);
        const text = await texts.add(
          run,
          body,
          creditsOfText({ source: "automation", body, isMms: Boolean(step.mediaUrl) }),
          step.mediaUrl,
        );
        if (text === null)
          // Out of credits: the run waits an hour at this step and tries again.
          return {
            id: run.id,
            status: "active",
            exitReason: null,
            stepId: step.id,
            dueAt: new Date(now.getTime() + 3_600_000),
            waitingReply: false,
            texts: sent,
          };
        log.push({ runId: run.id, automationId: run.automationId, stepId: step.id, text });
        sent++;
        id = step.next;
        break;
      }
      case "condition": {
        const c = step.condition;
        let yes = false;
        if (c.kind === "replied") yes = run.repliedAt !== null;
        else if (c.kind === "clicked") yes = run.clickedAt !== null;
        else if (c.kind === "field_equals")
          yes =
            String(run.attributes[String(c.fieldId)] ?? "").toLowerCase() === c.value.toLowerCase();
        else {
          yes = await isGroupMember(client, run.accountId, c.groupId, run.subscriberId);
        }
        log.push({
          runId: run.id,
          automationId: run.automationId,
          stepId: step.id,
          text: null,
        });
        id = yes ? step.yes : step.no;
        break;
      }
      case "split": {
        const i = pickBranch(
          step.branches.map((b) => b.percent),
          run.id,
        );
        log.push({
          runId: run.id,
          automationId: run.automationId,
          stepId: `${step.id}#${i}`,
          text: null,
        });
        id = step.branches[i]?.next ?? null;
        break;
      }
      case "end":
        id = null;
        break;
      default:
        await runAction(ctx, client, run, step);
        log.push({
          runId: run.id,
          automationId: run.automationId,
          stepId: step.id,
          text: null,
        });
        id = step.next;
    }
  }
  return {
    id: run.id,
    status: "completed",
    exitReason: null,
    stepId: null,
    dueAt: null,
    waitingReply: false,
    texts: sent,
  };
}
