import type { GrowthOverview } from "../../../domain/growth-tools";
import { webBannerConfig } from "../../../domain/growth-tools";
import { signupMethodLabel } from "../../../domain/signup-methods";
import type { Actor, AppContext } from "../../http/context";
import {
  daysOf,
  growthByDayAndMethod,
  resolveRange,
} from "../growth-reports/growth-reports.service";
import { toolFigures } from "./growth.queries";

/**
 * /growth: every growth tool at a glance and who joined by which method over the last 30 days
 * (the account's zone), read from the subscriber rollup the reports use.
 */
export async function growthOverview(ctx: AppContext, auth: Actor): Promise<GrowthOverview> {
  const r = await resolveRange(ctx, auth, {});
  const rows = await growthByDayAndMethod(ctx, r);
  const label = (m: string) => (m === "UNKNOWN" ? "Unknown" : signupMethodLabel(m));
  const totals = new Map<string, number>();
  for (const x of rows)
    if (x.joined > 0) totals.set(label(x.method), (totals.get(label(x.method)) ?? 0) + x.joined);
  const methods = [...totals]
    .map(([l, joined]) => ({ label: l, joined }))
    .sort((a, b) => b.joined - a.joined);
  const byDay = new Map(
    daysOf(r.from, r.to).map((d) => [
      d,
      { date: d, ...Object.fromEntries(methods.map((m) => [m.label, 0])) } as Record<
        string,
        string | number
      >,
    ]),
  );
  for (const x of rows) {
    const day = byDay.get(x.day);
    if (day && x.joined > 0) day[label(x.method)] = Number(day[label(x.method)] ?? 0) + x.joined;
  }

  const x = (await toolFigures(ctx.db, auth.accountId))!;
  const banner = x.bannerConfig ? webBannerConfig.safeParse(x.bannerConfig) : null;
  return {
    range: { from: r.from, to: r.to, timezone: r.tz },
    days: [...byDay.values()],
    methods,
    totalJoined: methods.reduce((n, m) => n + m.joined, 0),
    tools: {
      keywords: { active: x.kwActive, total: x.kwTotal },
      // No saved page yet means the default page, which is live (signup-page.service).
      signupPage: {
        live: x.pageLive ?? true,
        url: `${ctx.config.publicBase}/subscribe/${encodeURIComponent(x.accountName)}`,
      },
      optinForms: { active: x.formsActive, views: x.formViews, confirmations: x.formConfirms },
      qrTemplates: { total: x.qrTotal, scans: x.qrScans },
      webBanner: {
        enabled: banner?.success ? banner.data.enabled : false,
        views: x.bannerViews ?? 0,
        clicks: x.bannerClicks ?? 0,
      },
      optinPages: { total: x.pagesTotal, visits: x.pageVisits, signups: x.pageSignups },
    },
  };
}
