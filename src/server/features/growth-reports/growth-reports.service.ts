import { AppError } from "../../../domain/errors";
import {
  MESSAGE_SOURCE_LABELS,
  OPT_OUT_SOURCE_LABELS,
  type OptOutReport,
  type OptOutRow,
  REPORT_TEXTS,
  type ReportRange,
  type ReportRangeQuery,
  type SubscriberReport,
} from "../../../domain/growth-reports.schemas";
import { assertCan } from "../../../domain/permissions";
import { signupMethodLabel } from "../../../domain/signup-methods";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { accountTimezoneId } from "../account/account.service";
import { displayBodies } from "../links/links.service";
import { countsOfRuns } from "../reports/reports.service";
import { clicksBySubscriber as rankClickers } from "./clickers.queries";
import * as q from "./growth-reports.queries";

const DEFAULT_DAYS = 30;

/** The days of a range, as YYYY-MM-DD (calendar arithmetic, no zone). */
export type { Range } from "./growth-reports.queries";

/** Who joined and who opted out, by day and sign-up method, over the range (the rollup). */
export async function growthByDayAndMethod(ctx: Pick<AppContext, "db">, r: q.Range) {
  return q.growthByDayAndMethod(ctx.db, r);
}

export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The range a report covers, in the account's zone: the one asked for, or the last 30 days.
 * A number of another account is a 404, never an empty report that looks true.
 */
export async function resolveRange(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery | ReportRange,
): Promise<q.Range> {
  assertCan(auth, "reports:read");
  const tz = timezoneById(await accountTimezoneId(ctx.db, auth)).iana;
  if (query.numberId && !(await q.numberBelongs(ctx.db, auth.accountId, query.numberId)))
    throw new AppError("NOT_FOUND", REPORT_TEXTS.numberNotFound);
  const to = query.to ?? (await q.today(ctx.db, tz));
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  if (from > to) throw new AppError("BAD_REQUEST", REPORT_TEXTS.rangeOrder);
  return { accountId: auth.accountId, tz, from, to, numberId: query.numberId };
}

const ratio = (n: number, d: number) => (d > 0 ? n / d : 0);
const rangeOut = (r: q.Range) => ({ from: r.from, to: r.to, timezone: r.tz });

/** Growth by day and by sign-up method, net of opt-outs, from the hourly rollup. */
export async function subscriberReport(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery,
): Promise<SubscriberReport> {
  const r = await resolveRange(ctx, auth, query);
  const rows = await q.growthByDayAndMethod(ctx.db, r);
  const days = new Map(daysOf(r.from, r.to).map((d) => [d, { joined: 0, optedOut: 0 }]));
  const methods = new Map<string, { joined: number; optedOut: number }>();
  for (const row of rows) {
    const day = days.get(row.day);
    if (day) {
      day.joined += row.joined;
      day.optedOut += row.optedOut;
    }
    const m = methods.get(row.method) ?? { joined: 0, optedOut: 0 };
    m.joined += row.joined;
    m.optedOut += row.optedOut;
    methods.set(row.method, m);
  }
  const joined = rows.reduce((n, x) => n + x.joined, 0);
  const optedOut = rows.reduce((n, x) => n + x.optedOut, 0);
  return {
    range: rangeOut(r),
    totals: { joined, optedOut, net: joined - optedOut },
    days: [...days].map(([date, d]) => ({ date, ...d, net: d.joined - d.optedOut })),
    byMethod: [...methods]
      .map(([method, m]) => ({
        method,
        label: method === "UNKNOWN" ? "Unknown" : signupMethodLabel(method),
        ...m,
      }))
      .sort((a, b) => b.joined - a.joined || b.optedOut - a.optedOut),
  };
}

export function toOptOutRow(x: q.OptOutRecord): OptOutRow {
  return {
    id: x.id,
    optedOutAt: x.optedOutAt.toISOString(),
    phone: x.phone,
    subscriberId: x.subscriberId,
    name: [x.firstName, x.lastName].filter(Boolean).join(" "),
    source: OPT_OUT_SOURCE_LABELS[x.source] ?? x.source,
    detail: x.detail,
    number: x.number,
    preceding:
      x.messageBody !== null && x.messageAt
        ? {
            body: x.messageBody,
            source: MESSAGE_SOURCE_LABELS[x.messageSource ?? ""] ?? x.messageSource ?? "",
            sentAt: x.messageAt.toISOString(),
            sendId: x.sendId,
          }
        : null,
  };
}

const short = (text: string) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);

/**
 * Opt-outs in a range: counted by the word texted, by source, by the campaign or automation whose
 * message came just before, per day, and listed a page at a time with that message.
 */
export async function optOutReport(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery & { page: number; pageSize: number },
): Promise<OptOutReport> {
  const r = await resolveRange(ctx, auth, query);
  const [byDay, byKeyword, bySource, byCampaign, byAutomation, rows] = await Promise.all([
    q.optOutsByDay(ctx.db, r),
    q.optOutsByKeyword(ctx.db, r),
    q.optOutsBySource(ctx.db, r),
    q.optOutsBySend(ctx.db, r),
    q.optOutsByAutomation(ctx.db, r),
    q.optOutRows(ctx.db, r, { limit: query.pageSize, offset: query.page * query.pageSize }),
  ]);
  const total = [...byDay.values()].reduce((n, x) => n + x, 0);
  return {
    range: rangeOut(r),
    total,
    byKeyword,
    bySource: bySource.map((x) => ({ ...x, label: OPT_OUT_SOURCE_LABELS[x.key] ?? x.key })),
    byCampaign: byCampaign.map((x) => ({ ...x, label: short(x.label) })),
    byAutomation: byAutomation.map((x) => ({ ...x, label: short(x.label) })),
    days: daysOf(r.from, r.to).map((date) => ({ date, optedOut: byDay.get(date) ?? 0 })),
    rows: rows.map(toOptOutRow),
  };
}

/** Clicks per subscriber on tracked links in the range. */
export async function clicksBySubscriber(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery & { page: number; pageSize: number },
) {
  const r = await resolveRange(ctx, auth, query);
  const { total, rows } = await rankClickers(ctx.db, r, {
    limit: query.pageSize,
    offset: query.page * query.pageSize,
  });
  return {
    range: rangeOut(r),
    total,
    rows: rows.map((x) => ({
      subscriberId: x.subscriberId,
      phone: x.phone,
      name: [x.firstName, x.lastName].filter(Boolean).join(" "),
      clicks: x.clicks,
      links: x.links,
      lastClickAt: x.lastClickAt.toISOString(),
    })),
  };
}

/** Click-through of the runs (up to 100, newest first) that carried a tracked link. */
export async function clickThrough(ctx: AppContext, auth: Actor, query: ReportRangeQuery) {
  const r = await resolveRange(ctx, auth, query);
  const rows = await q.clickThroughByRun(ctx.db, r, 100);
  // Delivered per run from the sent-messages report's cached per-run counts (a count over a
  // big run's deliveries is the slow part otherwise).
  const [counts, texts] = await Promise.all([
    countsOfRuns(
      ctx,
      rows.map((x) => ({ id: x.runId, status: x.status, completedAt: x.completedAt })),
    ),
    displayBodies(
      ctx,
      r.accountId,
      rows.map((x) => x.text),
    ),
  ]);
  return {
    range: rangeOut(r),
    rows: rows.map((x, i) => ({
      runId: x.runId,
      sendId: x.sendId,
      runAt: x.runAt.toISOString(),
      text: texts[i]!,
      link: `${ctx.config.publicBase}/l/${x.code}`,
      delivered: counts.get(x.runId)?.delivered ?? 0,
      clickers: x.clickers,
      clicks: x.clicks,
      rate: ratio(x.clickers, counts.get(x.runId)?.delivered ?? 0),
    })),
  };
}
