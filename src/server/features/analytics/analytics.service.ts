import {
  type AnalyticsResponse,
  type CohortResponse,
  hasEnoughSample,
} from "../../../domain/analytics.schemas";
import { carrierErrorInfo } from "../../../domain/carrier-errors";
import type { ReportRangeQuery } from "../../../domain/growth-reports.schemas";
import { assertCan } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { accountTimezoneId } from "../account/account.service";
import { resolveRange } from "../growth-reports/growth-reports.service";
import { displayBodies } from "../links/links.service";
import { countsOfRuns } from "../reports/reports.service";
import { getAccountSetting } from "../settings/settings.service";
import * as q from "./analytics.queries";

const ratio = (n: number, d: number) => (d > 0 ? n / d : 0);
const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "am" : "pm"}`;

/**
 * Campaign analytics of a range: delivery, replies, clicks and opt-outs per send and in total,
 * failures by carrier error code (what each means and what to do), and the hours of day whose
 * sends drew the most answers. Delivery counts come from the sent-messages report's cached
 * per-run counts (the run/status index), engagement from one query over the range's runs.
 */
/**
 * Replies, clickers and opt-outs of each run among `runIds` of the account (campaign results).
 */
export async function engagementOfRuns(
  ctx: Pick<AppContext, "db">,
  accountId: number,
  runIds: number[],
) {
  return q.engagementOfRuns(ctx.db, accountId, runIds);
}

export async function analytics(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery,
): Promise<AnalyticsResponse> {
  const r = await resolveRange(ctx, auth, query);
  const runs = await q.runsInRange(ctx.db, r);
  const ids = runs.map((x) => x.id);
  const [counts, engagement, failures, texts] = await Promise.all([
    countsOfRuns(ctx, runs),
    q.engagementOfRuns(ctx.db, auth.accountId, ids),
    q.failuresByCode(ctx.db, ids),
    displayBodies(
      ctx,
      auth.accountId,
      runs.map((x) => x.text),
    ),
  ]);
  const sends = runs.map((run, i) => {
    const c = counts.get(run.id);
    const delivered = c?.delivered ?? 0;
    const failed = (c?.failed ?? 0) + (c?.blocked ?? 0);
    const recipients = c ? Object.values(c).reduce((n, x) => n + x, 0) : 0;
    const e = engagement.get(run.id) ?? { replies: 0, clickers: 0, optOuts: 0 };
    return {
      runId: run.id,
      sendId: run.sendId,
      runAt: run.runAt.toISOString(),
      text: texts[i]!,
      recipients,
      delivered,
      failed,
      ...e,
      deliveryRate: ratio(delivered, recipients),
      replyRate: ratio(e.replies, delivered),
      clickRate: ratio(e.clickers, delivered),
      optOutRate: ratio(e.optOuts, delivered),
      hour: runs.find((x) => x.id === run.id)!.hour,
    };
  });
  const sum = (k: "recipients" | "delivered" | "failed" | "replies" | "clickers" | "optOuts") =>
    sends.reduce((n, s) => n + s[k], 0);
  const totals = {
    recipients: sum("recipients"),
    delivered: sum("delivered"),
    failed: sum("failed"),
    replies: sum("replies"),
    clickers: sum("clickers"),
    optOuts: sum("optOuts"),
  };
  const hours = new Map<
    number,
    { sends: number; delivered: number; replies: number; clickers: number }
  >();
  for (const s of sends) {
    const h = hours.get(s.hour) ?? { sends: 0, delivered: 0, replies: 0, clickers: 0 };
    h.sends++;
    h.delivered += s.delivered;
    h.replies += s.replies;
    h.clickers += s.clickers;
    hours.set(s.hour, h);
  }
  return {
    range: { from: r.from, to: r.to, timezone: r.tz },
    totals: {
      ...totals,
      deliveryRate: ratio(totals.delivered, totals.recipients),
      replyRate: ratio(totals.replies, totals.delivered),
      clickRate: ratio(totals.clickers, totals.delivered),
      optOutRate: ratio(totals.optOuts, totals.delivered),
    },
    sends: sends.map(({ hour: _, ...s }) => s),
    failures: failures.map((f) => ({ ...carrierErrorInfo(f.code), count: f.count })),
    bestTimes: [...hours]
      .sort(([a], [b]) => a - b)
      .map(([hour, h]) => ({
        hour,
        label: hourLabel(hour),
        sends: h.sends,
        delivered: h.delivered,
        enough: hasEnoughSample(h.delivered),
        replyRate: ratio(h.replies, h.delivered),
        clickRate: ratio(h.clickers, h.delivered),
      })),
  };
}

const COHORT_MONTHS = 12;

/**
 * Advanced analytics (gated by the account's advanced reporting setting): retention of each
 * sign-up month's subscribers, i.e. how many of those who joined are still not opted out.
 */
export async function cohortRetention(ctx: AppContext, auth: Actor): Promise<CohortResponse> {
  assertCan(auth, "reports:read");
  const setting = await getAccountSetting(ctx, auth, "advanced_reporting");
  if (setting.value !== true) return { enabled: false, cohorts: [] };
  const tz = timezoneById(await accountTimezoneId(ctx.db, auth)).iana;
  const rows = await q.cohorts(ctx.db, auth.accountId, tz, COHORT_MONTHS);
  return {
    enabled: true,
    cohorts: rows.map((c) => ({ ...c, retention: ratio(c.stillSubscribed, c.joined) })),
  };
}
