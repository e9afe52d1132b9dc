import { AppError } from "../../../domain/errors";
import {
  BANNER_TEXTS,
  type WebBannerConfig,
  type WebBannerResponse,
  webBannerConfig,
} from "../../../domain/growth-tools";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { accountByName } from "../account/account-records.service";
import { findTrackerPage, trackerUrl } from "../optin-pages/optin-pages.service";
import * as q from "./web-banner.queries";

/**
 * The web banner (/optins/web-banner): a bar a business puts on its own site with one script tag.
 * Its button opens one of the account's opt-in tracker pages, where sign-ups are stamped
 * 'Opt In Web Banner' and carry the same consent evidence as the sign-up page.
 */

async function row(ctx: AppContext, accountId: number) {
  const r = await q.findBanner(ctx.db, accountId);
  const parsed = webBannerConfig.safeParse(r?.config ?? {});
  return {
    config: parsed.success ? parsed.data : webBannerConfig.parse({}),
    views: r?.views ?? 0,
    clicks: r?.clicks ?? 0,
    exists: !!r,
  };
}

async function trackerSlug(ctx: AppContext, accountId: number, pageId: number | null) {
  if (pageId === null) return null;
  return findTrackerPage(ctx, accountId, pageId);
}

export async function getBanner(ctx: AppContext, auth: Actor): Promise<WebBannerResponse> {
  const b = await row(ctx, auth.accountId);
  const accountName = (await q.accountNameOf(ctx.db, auth.accountId)) ?? "";
  const page = await trackerSlug(ctx, auth.accountId, b.config.optinPageId);
  return {
    // Not saved yet: shown switched off, so a new account's site gets nothing by surprise.
    config: b.exists ? b.config : { ...b.config, enabled: false },
    views: b.views,
    clicks: b.clicks,
    accountName,
    scriptUrl: `${ctx.config.publicBase}/web-banner/embed.js`,
    targetUrl: page ? trackerUrl(ctx, accountName, page.slug) : null,
  };
}

export async function saveBanner(ctx: AppContext, auth: Actor, config: WebBannerConfig) {
  assertCan(auth, "settings:write");
  if (config.enabled && config.optinPageId === null)
    throw new AppError("VALIDATION", BANNER_TEXTS.pageRequired, {
      fields: { optinPageId: BANNER_TEXTS.pageRequired },
    });
  if (config.optinPageId !== null) {
    const p = await findTrackerPage(ctx, auth.accountId, config.optinPageId);
    if (!p) throw new AppError("NOT_FOUND", BANNER_TEXTS.pageNotFound);
  }
  await q.saveBannerConfig(ctx.db, auth.accountId, config, ctx.clock.now());
  return getBanner(ctx, auth);
}

/** What the script draws, or null when the banner is off or its page is gone or paused. */
export async function publicBanner(ctx: AppContext, accountName: string) {
  const account = await accountByName(ctx.db, accountName);
  if (!account) return null;
  const b = await row(ctx, account.id);
  if (!b.exists || !b.config.enabled) return null;
  const page = await trackerSlug(ctx, account.id, b.config.optinPageId);
  if (!page?.active) return null;
  const c = b.config;
  return {
    message: c.message,
    buttonText: c.buttonText,
    position: c.position,
    bgColor: c.bgColor,
    textColor: c.textColor,
    buttonColor: c.buttonColor,
    buttonTextColor: c.buttonTextColor,
    hideDays: c.hideDays,
    targetUrl: `${trackerUrl(ctx, account.accountName, page.slug)}?via=banner`,
  };
}

/** A view or a click, counted on the account's banner (nothing when the account has none). */
export async function countBanner(ctx: AppContext, accountName: string, kind: "view" | "click") {
  const account = await accountByName(ctx.db, accountName);
  if (!account) return;
  await q.countBannerEvent(ctx.db, account.id, kind);
}
