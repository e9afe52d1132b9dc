import type { PoolClient } from "pg";
import { AppError } from "../../../domain/errors";
import { internationalShortText } from "../../../domain/international";
import { systemActor } from "../../../domain/permissions";
import { nextMarketingSlot, sendRuleFor } from "../../../domain/send-windows";
import { timezoneById } from "../../../domain/timezones";
import { dbOnClient, inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { chargeCredits, creditBalances } from "../credits/credits.service";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { expandLinkTokens, recipientKeySql } from "../links/links.service";
import { knownAreas } from "../outbound/recipient-geo";
import { wakePipeline } from "../outbound/wake";
import * as fq from "./fan-out.queries";
import { personalisedText } from "./personalise.queries";
import { recipientCondition } from "./recipients";
import * as q from "./sends.queries";

type PendingRun = fq.PendingRun;

export type FanOutResult =
  | { kind: "idle" }
  | { kind: "done"; runId: number; recipients: number; excluded: number; credits: number }
  | { kind: "failed"; runId: number; error: string };

/**
 * Turns the next pending run into one delivery row per recipient, in one transaction that also
 * reserves the credits and marks the run dispatching. The run row stays locked meanwhile: a
 * process that dies mid-way rolls everything back and releases the lock, and the next worker
 * does the run again from the start. So a run is fanned out exactly once.
 */
export async function fanOutNextRun(ctx: AppContext): Promise<FanOutResult> {
  let runId = 0;
  try {
    return await inTransaction(ctx.db, async (_tx, client): Promise<FanOutResult> => {
      const run = await fq.lockNextPendingRun(client);
      if (!run) return { kind: "idle" };
      runId = run.id;
      const outcome = await fanOut(ctx, client, run);
      return { kind: "done", runId, ...outcome };
    });
  } catch (err) {
    if (!runId || !(err instanceof AppError)) throw err;
    // A refusal that waiting will not fix (no credits, no number): the run fails with the reason.
    await fq.failRun(ctx.db.$client, runId, err.message);
    return { kind: "failed", runId, error: err.message };
  }
}

async function fanOut(outer: AppContext, client: PoolClient, run: PendingRun) {
  // Everything below reads inside the run's transaction, on its connection.
  const ctx: AppContext = { ...outer, db: dbOnClient(client) };
  const account = await q.accountForSend(client, run.accountId);
  const accountZone = timezoneById(account.timezoneId).iana;
  const actor = systemActor("send_pipeline", run.accountId, { userId: run.userId });
  const numbers = await q.sendingNumbers(client, run.accountId, null);
  const sender = numbers.find((n) => n.id === run.phoneNumberId) ?? numbers[0];
  if (sender?.state !== "active")
    throw new AppError(
      "NO_NUMBERS",
      "You are not able to send messages since there are no dedicated numbers assigned to your account.",
    );

  const fields = await fieldsById(ctx, actor);
  const where = await recipientCondition(ctx, actor, run.recipients, accountZone);
  const { text } = await expandLinkTokens(ctx, run.accountId, run.text);
  const body = personalisedText(text, fields, (code, id) => recipientKeySql(ctx, code, id));

  // Each delivery starts at the first moment its recipient may get marketing (the state's law,
  // the account's quiet hours, in the recipient's zone; unknown area codes in the account's).
  // The dispatcher paces the number and asks the same rule again when the turn comes. The
  // deadline counts the validity period from the delivery's expected turn on its number.
  const mps = sender.tollFree ? ctx.config.SEND_MPS_TOLL_FREE : ctx.config.SEND_MPS_LONG_CODE;
  const now = ctx.clock.now();
  const windows = run.ignoreQuietHours ? [] : await q.quietHoursOf(client, run.accountId);
  const lawful = ctx.config.SEND_WINDOWS === "law";
  const slot = (state: string | null, zone: string) =>
    nextMarketingSlot(now, lawful ? sendRuleFor(state) : null, zone, windows);
  const fallback = slot(null, accountZone);
  const codes: string[] = [];
  const releases: string[] = [];
  for (const [code, area] of knownAreas()) {
    const release = slot(area.state, area.timeZone ?? accountZone);
    if (release.getTime() === fallback.getTime()) continue;
    codes.push(code);
    releases.push(release.toISOString());
  }

  const totals = await fq.insertRunDeliveries(client, {
    run,
    sender,
    where,
    body,
    fallback,
    codes,
    releases,
    now,
    mps,
    validityMinutes: account.validityMinutes,
  });
  const { recipients, abroadCredits } = totals;
  let { credits } = totals;

  const excluded = Math.max(0, (await fq.countSelected(client, where)) - recipients);

  // Texts abroad also spend international credits, one per message credit, as one-to-one texts
  // do (queueCharged). Short of them, the recipients abroad are not sent: their deliveries stay
  // in the report as refused with the reason, and the rest of the send goes out.
  let error: string | null = null;
  if (abroadCredits > 0) {
    const refused = await reserveAbroad(client, run, abroadCredits);
    if (refused) {
      credits -= refused.credits;
      error = refused.error;
    }
  }

  if (credits > 0) {
    await chargeCredits(client, run.accountId, credits, {
      reason: "reserve",
      runId: run.id,
      description: `Message to ${recipients} recipient${recipients === 1 ? "" : "s"}`,
    });
  }
  if (recipients > 0) {
    await fq.ensureDispatchPace(client, sender.id);
    await wakePipeline(client);
  }
  await fq.markRunFannedOut(client, {
    runId: run.id,
    status: recipients === 0 ? "completed" : "dispatching",
    recipients,
    excluded,
    credits,
    error,
  });
  return { recipients, excluded, credits };
}

/**
 * Reserves the run's international credits, or (too few) refuses every delivery abroad of the
 * run, written in this same transaction before any dispatcher can see them: nothing of theirs is
 * charged and nothing is sent. Answers what was refused, or null when the reserve was made.
 */
async function reserveAbroad(client: PoolClient, run: PendingRun, needed: number) {
  try {
    await chargeCredits(client, run.accountId, needed, {
      reason: "reserve",
      kind: "international",
      runId: run.id,
      description: "International texts of a send",
    });
    return null;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "INSUFFICIENT_INTERNATIONAL_CREDITS") throw err;
  }
  const { n, credits } = await fq.refuseRunDeliveriesAbroad(client, run.id);
  const { internationalBalance } = await creditBalances(client, run.accountId);
  return { credits, error: internationalShortText(n, needed, internationalBalance) };
}
