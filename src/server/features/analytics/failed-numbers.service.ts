import { AppError } from "../../../domain/errors";
import {
  FAILED_NUMBERS_TEXT,
  type FailedNumbersCleanUp,
  type FailedNumbersQuery,
  type FailedNumbersRetry,
  type FailedNumbersRetryResult,
  type FailedNumbersSummary,
} from "../../../domain/failed-numbers.schemas";
import { type MessageForm, messageFormSchema } from "../../../domain/message-form.schemas";
import { assertCan } from "../../../domain/permissions";
import { creditsFor } from "../../../domain/segments";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { getCredits, INSUFFICIENT_CREDITS_MESSAGE } from "../credits/credits.service";
import { resolveRange } from "../growth-reports/growth-reports.service";
import { createSend } from "../sends/sends.service";
import {
  cleanUp,
  IDS_PER_CLEAN_UP,
  unhealthyAmong,
  unhealthySet,
} from "../unhealthy-subscribers/unhealthy.service";
import { runsInRange } from "./analytics.queries";
import * as q from "./failed-numbers.queries";

/** The most people one send names (the composer form's subscriber list limit). */
const PER_SEND = 10_000;

/** The subscribers behind one error code in the analytics page's days (the same runs). */
async function failedNumbers(
  ctx: AppContext,
  auth: Actor,
  query: FailedNumbersQuery | FailedNumbersRetry | FailedNumbersCleanUp,
) {
  const r = await resolveRange(ctx, auth, query);
  const runs = await runsInRange(ctx.db, r);
  return q.failedOfCode(
    ctx.db,
    auth.accountId,
    runs.map((x) => x.id),
    query.code,
  );
}

/** Subscribers a retry texts, grouped by the run whose text they missed, in chunks of PER_SEND. */
function retryBatches(rows: q.FailedNumber[]) {
  const byRun = new Map<number, number[]>();
  for (const row of rows) {
    if (row.excluded) continue;
    const ids = byRun.get(row.runId) ?? [];
    ids.push(row.subscriberId);
    byRun.set(row.runId, ids);
  }
  const batches: { runId: number; ids: number[] }[] = [];
  for (const [runId, ids] of byRun)
    for (let i = 0; i < ids.length; i += PER_SEND)
      batches.push({ runId, ids: ids.slice(i, i + PER_SEND) });
  return batches;
}

/** What the confirm dialog shows before a retry or a clean-up. */
export async function failedNumbersSummary(
  ctx: AppContext,
  auth: Actor,
  query: FailedNumbersQuery,
): Promise<FailedNumbersSummary> {
  const r = await resolveRange(ctx, auth, query);
  const runs = await runsInRange(ctx.db, r);
  const counts = await q.countFailedOfCode(
    ctx.db,
    auth.accountId,
    runs.map((x) => x.id),
    query.code,
    unhealthySet(auth),
    PER_SEND,
  );
  return { code: query.code, ...counts };
}

/**
 * Retries the numbers behind an error code: each still-subscribed, consenting subscriber gets
 * the text they missed again, as a new send (one per missed campaign) made by the user through
 * the composer's own path (createSend: consent, quiet hours, credits, pacing, the fan-out's
 * sendable rule at run time). Credits for all of them are checked first, so a retry that cannot
 * be paid makes no send at all.
 */
export async function retryFailedNumbers(
  ctx: AppContext,
  auth: UserActor,
  req: FailedNumbersRetry,
): Promise<FailedNumbersRetryResult> {
  assertCan(auth, "sends:write");
  const batches = retryBatches(await failedNumbers(ctx, auth, req));
  if (batches.length === 0) throw new AppError("VALIDATION", FAILED_NUMBERS_TEXT.nobodyToRetry);
  const forms: { form: MessageForm; count: number }[] = [];
  let credits = 0;
  for (const b of batches) {
    const send = await q.sendOfRun(ctx.db, auth.accountId, b.runId);
    if (!send) continue;
    credits += b.ids.length * creditsFor(send.text, send.isMms);
    const saved = send.form as Record<string, unknown>;
    forms.push({
      count: b.ids.length,
      form: messageFormSchema.parse({
        ...saved,
        isScheduled: false,
        isSubscribers: "true",
        subscriberIds: b.ids,
        groupIds: [],
        sendAnyway: req.sendAnyway,
      }),
    });
  }
  const balance = (await getCredits(ctx, auth.accountId)).balance;
  if (balance < credits) throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  const sends: FailedNumbersRetryResult["sends"] = [];
  for (const f of forms) {
    const made = await createSend(ctx, auth, f.form);
    sends.push({ id: made.id, recipients: made.recipients });
  }
  return { recipients: sends.reduce((n, s) => n + s.recipients, 0), sends };
}

/**
 * Cleans the numbers behind an error code with the unhealthy-subscribers clean-up: only those
 * whose latest text failed for the number's own sake (a number that got a later text, or an
 * error about the message rather than the number, is left alone), opted out or deleted.
 */
export async function cleanFailedNumbers(
  ctx: AppContext,
  auth: UserActor,
  req: FailedNumbersCleanUp,
) {
  const rows = await failedNumbers(ctx, auth, req);
  const ids = await unhealthyAmong(
    ctx,
    auth,
    rows.map((x) => x.subscriberId),
  );
  if (ids.length === 0) throw new AppError("VALIDATION", FAILED_NUMBERS_TEXT.nobodyToClean);
  let affected = 0;
  for (let i = 0; i < ids.length; i += IDS_PER_CLEAN_UP) {
    const res = await cleanUp(ctx, auth, {
      action: req.action,
      selection: { mode: "ids", ids: ids.slice(i, i + IDS_PER_CLEAN_UP) },
    });
    affected += res.affected;
  }
  return { affected };
}
