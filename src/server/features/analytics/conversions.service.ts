import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CONVERSION_TEXTS, type ConversionsReport } from "../../../domain/analytics.schemas";
import { AppError } from "../../../domain/errors";
import type { ReportRangeQuery } from "../../../domain/growth-reports.schemas";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { resolveRange } from "../growth-reports/growth-reports.service";
import { displayBodies } from "../links/links.service";
import { conversionSettings, conversions } from "./analytics.schema";

/** The account's conversion key (made on first use) and attribution window. */
async function settingsOf(ctx: AppContext, accountId: number) {
  await ctx.db
    .insert(conversionSettings)
    .values({ accountId, key: `cv_${randomBytes(18).toString("base64url")}` })
    .onConflictDoNothing({ target: conversionSettings.accountId });
  const [row] = await ctx.db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.accountId, accountId));
  return row!;
}

function present(ctx: AppContext, s: { key: string; windowDays: number }) {
  const base = ctx.config.publicBase;
  return {
    key: s.key,
    windowDays: s.windowDays,
    pixelUrl: `${base}/api/public/conversions/pixel?key=${s.key}&phone={PHONE}&value={ORDER_TOTAL}&order={ORDER_ID}`,
    endpointUrl: `${base}/api/public/conversions`,
  };
}

export async function getConversionSettings(ctx: AppContext, auth: Actor) {
  assertCan(auth, "reports:read");
  return present(ctx, await settingsOf(ctx, auth.accountId));
}

export async function setConversionWindow(ctx: AppContext, auth: Actor, windowDays: number) {
  assertCan(auth, "settings:write");
  await settingsOf(ctx, auth.accountId);
  await ctx.db
    .update(conversionSettings)
    .set({ windowDays })
    .where(eq(conversionSettings.accountId, auth.accountId));
  // What was just written, whoever wrote it (a settings:write API key need not read reports).
  return present(ctx, await settingsOf(ctx, auth.accountId));
}

/**
 * A conversion reported by the business (its pixel or server): credited to the customer's last
 * tracked-link click inside the account's window, and to the send that carried that link to
 * them. No click in the window: nothing is recorded (the text did not earn it). An order reported
 * twice counts once.
 */
export async function recordConversion(
  ctx: AppContext,
  input: { key: string; phone: string; value: number; order: string },
  now = ctx.clock.now(),
) {
  const [settings] = await ctx.db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.key, input.key));
  if (!settings) throw new AppError("NOT_FOUND", CONVERSION_TEXTS.badKey);
  const click = (
    await ctx.db.execute<{ click_id: string; subscriber_id: string; run_id: string | null }>(sql`
      select c.id as click_id, c.subscriber_id,
        (select m.run_id from messages m join send_runs r on r.id = m.run_id
           join sends s on s.id = r.send_id
         where m.subscriber_id = c.subscriber_id and s.link_id = c.link_id
           and m.created_at <= c.clicked_at
         order by m.created_at desc limit 1) as run_id
      from subscribers sub
      join link_clicks c on c.subscriber_id = sub.id and c.account_id = sub.account_id
      where sub.account_id = ${settings.accountId} and sub.phone = ${input.phone}
        and c.clicked_at <= ${now}
        and c.clicked_at > ${new Date(now.getTime() - settings.windowDays * 86_400_000)}
      order by c.clicked_at desc limit 1`)
  ).rows[0];
  if (!click) return { attributed: false };
  await ctx.db
    .insert(conversions)
    .values({
      accountId: settings.accountId,
      subscriberId: Number(click.subscriber_id),
      linkClickId: Number(click.click_id),
      runId: click.run_id === null ? null : Number(click.run_id),
      valueCents: Math.round(input.value * 100),
      orderRef: input.order,
      occurredAt: now,
    })
    .onConflictDoNothing();
  return { attributed: true };
}

/** Conversions and revenue of the range, in total and by the send credited. */
export async function conversionsReport(
  ctx: AppContext,
  auth: Actor,
  query: ReportRangeQuery,
): Promise<ConversionsReport> {
  const r = await resolveRange(ctx, auth, query);
  const settings = await settingsOf(ctx, auth.accountId);
  const res = await ctx.db.execute<{
    run_id: string | null;
    text: string | null;
    run_at: Date | string | null;
    n: string;
    cents: string;
  }>(sql`
    select c.run_id, r.text, r.run_at, count(*) as n, coalesce(sum(c.value_cents), 0) as cents
    from conversions c left join send_runs r on r.id = c.run_id and r.account_id = c.account_id
    where c.account_id = ${r.accountId}
      and c.occurred_at >= (${r.from}::date)::timestamp at time zone ${r.tz}
      and c.occurred_at < (${r.to}::date + 1)::timestamp at time zone ${r.tz}
    group by 1, 2, 3 order by 5 desc`);
  const texts = await displayBodies(
    ctx,
    r.accountId,
    res.rows.map((x) => x.text ?? "A link outside any send"),
  );
  const rows = res.rows.map((x, i) => ({
    runId: x.run_id === null ? 0 : Number(x.run_id),
    text: texts[i]!,
    runAt: x.run_at ? new Date(x.run_at).toISOString() : "",
    conversions: Number(x.n),
    revenueCents: Number(x.cents),
  }));
  return {
    windowDays: settings.windowDays,
    total: {
      conversions: rows.reduce((n, x) => n + x.conversions, 0),
      revenueCents: rows.reduce((n, x) => n + x.revenueCents, 0),
    },
    bySend: rows,
  };
}
