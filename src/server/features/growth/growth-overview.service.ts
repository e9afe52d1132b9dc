import { sql } from "drizzle-orm";
import type { GrowthOverview } from "../../../domain/growth-tools";
import { webBannerConfig } from "../../../domain/growth-tools";
import { signupMethodLabel } from "../../../domain/signup-methods";
import type { Actor, AppContext } from "../../http/context";
import {
  daysOf,
  growthByDayAndMethod,
  resolveRange,
} from "../growth-reports/growth-reports.service";

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

  const a = auth.accountId;
  const { rows: t } = await ctx.db.execute<{
    kwActive: number;
    kwTotal: number;
    pageLive: boolean | null;
    accountName: string;
    formsActive: number;
    formViews: number;
    formConfirms: number;
    qrTotal: number;
    qrScans: number;
    bannerConfig: unknown;
    bannerViews: number | null;
    bannerClicks: number | null;
    pagesTotal: number;
    pageVisits: number;
    pageSignups: number;
  }>(sql`select
      (select count(*)::int from keywords where account_id = ${a} and status = 'active') as "kwActive",
      (select count(*)::int from keywords where account_id = ${a}) as "kwTotal",
      (select live from signup_pages where account_id = ${a}) as "pageLive",
      (select account_name from accounts where id = ${a}) as "accountName",
      (select count(*)::int from optin_forms where account_id = ${a} and status = 'active') as "formsActive",
      (select coalesce(sum(views), 0)::int from optin_forms where account_id = ${a}) as "formViews",
      (select coalesce(sum(confirmations), 0)::int from optin_forms where account_id = ${a}) as "formConfirms",
      (select count(*)::int from qr_templates where account_id = ${a}) as "qrTotal",
      (select coalesce(sum(scans), 0)::int from qr_templates where account_id = ${a}) as "qrScans",
      (select config from web_banners where account_id = ${a}) as "bannerConfig",
      (select views from web_banners where account_id = ${a}) as "bannerViews",
      (select clicks from web_banners where account_id = ${a}) as "bannerClicks",
      (select count(*)::int from optin_pages where account_id = ${a}) as "pagesTotal",
      (select coalesce(sum(visits), 0)::int from optin_pages where account_id = ${a}) as "pageVisits",
      (select coalesce(sum(signups), 0)::int from optin_pages where account_id = ${a}) as "pageSignups"`);
  const x = t[0]!;
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
