import { assertCan } from "../../../domain/permissions";
import {
  type DashboardResponse,
  emptyCounts,
  STATUS_GROUPS,
  showUsedMessagesModal,
  toMessageStats,
} from "../../../domain/reports.schemas";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { accountTimezoneId } from "../account/account.service";
import { getCredits } from "../credits/credits.service";
import { countsOfRuns, recentRuns } from "../reports/reports.service";
import { listScheduled } from "../reports/scheduled.service";
import { getAccountSetting } from "../settings/settings.service";
import * as q from "./dashboard.queries";

const CHART_DAYS = 30;
const RECENT = 5;

/** The days from `days - 1` days before `today` to `today`, as YYYY-MM-DD (calendar arithmetic). */
function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Everything /dashboard shows, in one answer: message stats (doc 1 §3) and whether the
 * used-messages modal opens (§4), subscriber growth, unread replies, recent and upcoming sends,
 * and the last 30 days of campaign deliveries by status group, counted on the day their run went
 * out (from the run index, so a million-recipient day costs no table scan). Restricted users have
 * no dashboard (§6).
 */
export async function dashboard(ctx: AppContext, auth: Actor): Promise<DashboardResponse> {
  assertCan(auth, "dashboard:read");
  const tz = timezoneById(await accountTimezoneId(ctx.db, auth)).iana;
  const [credits, popup, subscribers, unread, recent, upcoming, runs, today] = await Promise.all([
    getCredits(ctx, auth.accountId),
    getAccountSetting(ctx, auth, "message_allotment_popup_disable"),
    q.subscriberGrowth(ctx.db, auth),
    q.unreadReplies(ctx.db, auth),
    recentRuns(ctx, auth, RECENT),
    listScheduled(ctx, auth, { page: 0, pageSize: RECENT }),
    q.runsSince(ctx.db, auth, tz, CHART_DAYS),
    q.today(ctx.db, tz),
  ]);
  const stats = toMessageStats(credits.used, credits.balance);
  const days = new Map(lastDays(today, CHART_DAYS).map((d) => [d, emptyCounts()]));
  const counts = await countsOfRuns(ctx, runs);
  for (const r of runs) {
    const into = days.get(r.day);
    const c = counts.get(r.id);
    if (into && c) for (const g of STATUS_GROUPS) into[g] += c[g];
  }
  return {
    stats,
    showUsedMessagesModal: showUsedMessagesModal({
      autoTopup: credits.autoTopUp,
      popupDisabled: popup.value === true,
      totalCredits: stats.total,
      usedCredits: stats.sent,
    }),
    subscribers,
    unreadReplies: unread,
    recentRuns: recent,
    upcoming: upcoming.rows,
    chart: [...days].map(([date, counts]) => ({ date, ...counts })),
  };
}
