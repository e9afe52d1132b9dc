import { randomBytes } from "node:crypto";
import { CONVERSION_TEXTS, type ConversionsReport } from "../../../domain/analytics.schemas";
import { AppError } from "../../../domain/errors";
import type { ReportRangeQuery } from "../../../domain/growth-reports.schemas";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { resolveRange } from "../growth-reports/growth-reports.service";
import { displayBodies } from "../links/links.service";
import * as q from "./conversions.queries";

/** The account's conversion key (made on first use) and attribution window. */
async function settingsOf(ctx: AppContext, accountId: number) {
  await q.ensureConversionSettings(
    ctx.db,
    accountId,
    `cv_${randomBytes(18).toString("base64url")}`,
  );
  return (await q.conversionSettingsOf(ctx.db, accountId))!;
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
  await q.setConversionWindowDays(ctx.db, auth.accountId, windowDays);
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
  const settings = await q.conversionSettingsByKey(ctx.db, input.key);
  if (!settings) throw new AppError("NOT_FOUND", CONVERSION_TEXTS.badKey);
  const click = await q.lastClickInWindow(
    ctx.db,
    settings.accountId,
    input.phone,
    now,
    new Date(now.getTime() - settings.windowDays * 86_400_000),
  );
  if (!click) return { attributed: false };
  await q.insertConversion(ctx.db, {
    accountId: settings.accountId,
    subscriberId: Number(click.subscriber_id),
    linkClickId: Number(click.click_id),
    runId: click.run_id === null ? null : Number(click.run_id),
    valueCents: Math.round(input.value * 100),
    orderRef: input.order,
    occurredAt: now,
  });
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
  const found = await q.conversionsBySend(ctx.db, r);
  const texts = await displayBodies(
    ctx,
    r.accountId,
    found.map((x) => x.text ?? "A link outside any send"),
  );
  const rows = found.map((x, i) => ({
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
