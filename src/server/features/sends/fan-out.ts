import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { PoolClient } from "pg";
import { AppError } from "../../../domain/errors";
import {
  internationalShortText,
  NO_INTERNATIONAL_CREDITS_ERROR,
} from "../../../domain/international";
import { LANE } from "../../../domain/outbound-policy";
import { systemActor } from "../../../domain/permissions";
import { MMS_CREDITS } from "../../../domain/segments";
import { nextMarketingSlot, sendRuleFor } from "../../../domain/send-windows";
import { timezoneById } from "../../../domain/timezones";
import { dbOnClient } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { chargeCredits, creditBalances } from "../credits/credits.service";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { expandLinkTokens, recipientKeySql } from "../links/links.service";
import { knownAreas } from "../outbound/recipient-geo";
import { wakePipeline } from "../outbound/wake";
import { subscribers as s } from "../subscribers/subscribers.public";
import { subscriberAbroad } from "./international";
import { personalisedText } from "./personalise";
import { type Recipients, recipientCondition, sendable } from "./recipients";
import * as q from "./sends.queries";

const dialect = new PgDialect();

interface PendingRun {
  id: number;
  sendId: number;
  accountId: number;
  text: string;
  phoneNumberId: number | null;
  userId: number | null;
  isMms: boolean;
  mediaUrls: string[];
  recipients: Recipients;
  ignoreQuietHours: boolean;
}

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
  const client = await ctx.db.$client.connect();
  let runId = 0;
  try {
    await client.query("begin");
    const res = await client.query<PendingRun>(
      `select r.id::int, r.send_id::int as "sendId", r.account_id as "accountId", r.text,
              s.phone_number_id as "phoneNumberId", s.user_id as "userId", s.is_mms as "isMms",
              s.media_urls as "mediaUrls", s.recipients, s.ignore_quiet_hours as "ignoreQuietHours"
         from send_runs r join sends s on s.id = r.send_id
        where r.status = 'pending'
        order by r.run_at, r.id limit 1
        for update of r skip locked`,
    );
    const run = res.rows[0];
    if (!run) {
      await client.query("rollback");
      return { kind: "idle" };
    }
    runId = run.id;
    const outcome = await fanOut(ctx, client, run);
    await client.query("commit");
    return { kind: "done", runId, ...outcome };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    if (!runId || !(err instanceof AppError)) throw err;
    // A refusal that waiting will not fix (no credits, no number): the run fails with the reason.
    await ctx.db.$client.query(
      `update send_runs set status = 'failed', error = $2, completed_at = now() where id = $1`,
      [runId, err.message],
    );
    await ctx.db.$client.query(
      `update sends set status = 'completed', updated_at = now() where id = (select send_id from send_runs where id = $1) and status = 'running'`,
      [runId],
    );
    return { kind: "failed", runId, error: err.message };
  } finally {
    client.release();
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

  const cost = run.isMms ? sql`${MMS_CREDITS}` : sql`n.segs`;
  const statement: SQL = sql`
    with recipients as (
      select ${s.id} as id, ${s.phone} as phone, ${s.areaCode} as area_code, ${body} as body,
             ${subscriberAbroad()} as abroad
        from ${s}
       where ${where} and ${sendable(run.accountId)}
    ),
    numbered as (
      select r.*, parley_segments(r.body) as segs, row_number() over () as rn
        from recipients r
    ),
    inserted as (
      insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                            media_urls, segments, status, source, subscriber_id, user_id, run_id,
                            credits, international_credits, pending_dispatch, not_before, lane,
                            deadline_at)
      select ${run.accountId}, 'outbound', ${sender.id}, ${sender.number}, n.phone, n.body,
             ${JSON.stringify(run.mediaUrls)}::jsonb, n.segs, 'Queued', 'campaign', n.id,
             ${run.userId}, ${run.id},
             ${cost}, case when n.abroad then ${cost} else 0 end, true,
             coalesce(q.release, ${fallback.toISOString()}::timestamptz), ${LANE.marketing},
             greatest(
               coalesce(q.release, ${fallback.toISOString()}::timestamptz),
               ${now.toISOString()}::timestamptz + ((n.rn - 1) / ${mps}::float8) * interval '1 second')
               + ${account.validityMinutes}::int * interval '1 minute'
        from numbered n
        left join unnest(${`{${codes.join(",")}}`}::text[], ${`{${releases.map((r) => `"${r}"`).join(",")}}`}::timestamptz[])
               as q(area_code, release) on q.area_code = n.area_code
      returning credits, international_credits
    )
    select count(*)::int as recipients, coalesce(sum(credits), 0)::int as credits,
           coalesce(sum(international_credits), 0)::int as "abroadCredits"
      from inserted`;
  const rendered = dialect.sqlToQuery(statement);
  const totals = await client.query<{ recipients: number; credits: number; abroadCredits: number }>(
    rendered.sql,
    rendered.params as unknown[],
  );
  const { recipients, abroadCredits } = totals.rows[0]!;
  let { credits } = totals.rows[0]!;

  const matched = dialect.sqlToQuery(sql`select count(*)::int as n from ${s} where ${where}`);
  const all = await client.query<{ n: number }>(matched.sql, matched.params as unknown[]);
  const excluded = Math.max(0, (all.rows[0]?.n ?? 0) - recipients);

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
    await client.query(
      `insert into dispatch_pace (phone_number_id) values ($1) on conflict do nothing`,
      [sender.id],
    );
    await wakePipeline(client);
  }
  await client.query(
    `update send_runs set status = $2, recipients = $3, excluded = $4, credits = $5, error = $6,
            started_at = coalesce(started_at, now()), fanned_out_at = clock_timestamp(),
            completed_at = case when $3 = 0 then now() end
      where id = $1`,
    [run.id, recipients === 0 ? "completed" : "dispatching", recipients, excluded, credits, error],
  );
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
  const refused = await client.query<{ n: number; credits: number }>(
    `with refused as (
       update messages m set status = 'Send Rejected', error_code = $2, pending_dispatch = false,
                             credits = 0, international_credits = 0, updated_at = now()
         from (select id, credits from messages where run_id = $1) before
        where m.id = before.id and m.run_id = $1 and m.international_credits > 0
        returning before.credits
     )
     select count(*)::int as n, coalesce(sum(credits), 0)::int as credits from refused`,
    [run.id, NO_INTERNATIONAL_CREDITS_ERROR],
  );
  const { n, credits } = refused.rows[0]!;
  const { internationalBalance } = await creditBalances(client, run.accountId);
  return { credits, error: internationalShortText(n, needed, internationalBalance) };
}
