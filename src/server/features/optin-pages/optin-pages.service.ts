import { AppError } from "../../../domain/errors";
import {
  OPTIN_PAGE_TEXTS,
  type OptinPageInput,
  type OptinPageResponse,
} from "../../../domain/growth-tools";
import { assertCan } from "../../../domain/permissions";
import type { SignupSubmission } from "../../../domain/signup-page";
import { signupText } from "../../../domain/signup-page";
import type { Actor, AppContext } from "../../http/context";
import { accountByName } from "../account/account-records.service";
import { ownStaticGroups } from "../groups/groups.service";
import { botFormKey } from "../growth/bot-challenge";
import {
  publicPageOf,
  type SignupRequestFacts,
  submitSignup,
} from "../signup-page/signup-page.service";
import * as q from "./optin-pages.queries";
import type { optinPages } from "./optin-pages.schema";

/**
 * Opt-in tracker pages (/optIn/:accountName/:slug): the sign-up page's form and consent under a
 * headline of their own, one per place the business puts a link or code up (the counter, a flyer,
 * Instagram, the web banner), so each place's visits and sign-ups are counted apart.
 */

type Row = typeof optinPages.$inferSelect;

async function accountNameOf(ctx: AppContext, auth: Actor) {
  return (await q.accountNameOf(ctx.db, auth.accountId)) ?? "";
}

export function trackerUrl(ctx: AppContext, accountName: string, slug: string) {
  return `${ctx.config.publicBase}/optIn/${encodeURIComponent(accountName)}/${slug}`;
}

function toResponse(ctx: AppContext, accountName: string, r: Row): OptinPageResponse {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    buttonText: r.buttonText,
    groupIds: r.groupIds,
    active: r.active,
    visits: r.visits,
    signups: r.signups,
    publicUrl: trackerUrl(ctx, accountName, r.slug),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listPages(ctx: AppContext, auth: Actor) {
  const rows = await q.listPageRows(ctx.db, auth);
  const name = await accountNameOf(ctx, auth);
  return { rows: rows.map((r) => toResponse(ctx, name, r)) };
}

/** One of the account's tracker pages, for the web banner that points at it (none: null). */
export async function findTrackerPage(
  ctx: Pick<AppContext, "db">,
  accountId: number,
  pageId: number,
): Promise<{ id: number; slug: string; active: boolean } | null> {
  return (await q.trackerPageRef(ctx.db, accountId, pageId)) ?? null;
}

export async function getPage(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findPageRow(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", OPTIN_PAGE_TEXTS.notFound);
  return toResponse(ctx, await accountNameOf(ctx, auth), row);
}

async function cleanInput(ctx: AppContext, auth: Actor, input: OptinPageInput) {
  const groups = await ownStaticGroups(ctx, auth.accountId, input.groupIds);
  return { ...input, groupIds: groups.map((x) => x.id) };
}

const isSlugClash = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (err as { cause?: { code?: string } }).cause?.code === "23505";

export async function createPage(ctx: AppContext, auth: Actor, input: OptinPageInput) {
  assertCan(auth, "settings:write");
  const values = await cleanInput(ctx, auth, input);
  try {
    const id = await q.insertPage(ctx.db, { ...values, accountId: auth.accountId });
    return getPage(ctx, auth, id);
  } catch (err) {
    if (isSlugClash(err))
      throw new AppError("CONFLICT", OPTIN_PAGE_TEXTS.slugTaken, {
        fields: { slug: OPTIN_PAGE_TEXTS.slugTaken },
      });
    throw err;
  }
}

export async function updatePage(ctx: AppContext, auth: Actor, id: number, input: OptinPageInput) {
  assertCan(auth, "settings:write");
  await getPage(ctx, auth, id);
  const values = await cleanInput(ctx, auth, input);
  try {
    await q.updatePageRow(ctx.db, auth, id, { ...values, updatedAt: ctx.clock.now() });
  } catch (err) {
    if (isSlugClash(err))
      throw new AppError("CONFLICT", OPTIN_PAGE_TEXTS.slugTaken, {
        fields: { slug: OPTIN_PAGE_TEXTS.slugTaken },
      });
    throw err;
  }
  return getPage(ctx, auth, id);
}

export async function deletePage(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  if (!(await q.deletePageRow(ctx.db, auth, id)))
    throw new AppError("NOT_FOUND", OPTIN_PAGE_TEXTS.notFound);
}

/** The active tracker of an account by slug, or the sign-up page's not-found text. */
async function activeTracker(ctx: AppContext, accountId: number, slug: string) {
  return (await q.activeTrackerRow(ctx.db, accountId, slug)) ?? null;
}

/** GET: the page (the sign-up page's branding and fields, the tracker's words); counts a visit. */
export async function getPublicTracker(ctx: AppContext, accountName: string, slug: string) {
  const { account, pub } = await publicPageOf(ctx, accountName);
  const tracker = await activeTracker(ctx, account.id, slug);
  if (!tracker) throw new AppError("NOT_FOUND", signupText("en", "notFound"));
  await q.countVisit(ctx.db, tracker.id);
  return {
    ...pub,
    // The tracker's groups are joined whatever is ticked; the page offers only the others.
    groups: pub.groups.filter((x) => !tracker.groupIds.includes(x.id)),
    tracker: {
      slug: tracker.slug,
      title: tracker.title,
      description: tracker.description,
      buttonText: tracker.buttonText,
    },
  };
}

/** The name a tracker's bot challenges carry: a proof solved on one page is refused on another. */
const trackerFormKey = (trackerId: number) => botFormKey("optin", trackerId);

/** A bot challenge for an active tracker; an unknown or paused one has none. */
export async function trackerChallengeForm(ctx: AppContext, accountName: string, slug: string) {
  const account = await accountByName(ctx.db, accountName);
  const tracker = account ? await activeTracker(ctx, account.id, slug) : null;
  if (!tracker) throw new AppError("NOT_FOUND", signupText("en", "notFound"));
  return trackerFormKey(tracker.id);
}

/** POST: the sign-up page's submission, stamped with this tracker (and the banner when it came from it). */
export async function submitTracker(
  ctx: AppContext,
  accountName: string,
  slug: string,
  body: SignupSubmission & { via: "banner" | "" },
  facts: SignupRequestFacts,
) {
  const account = await accountByName(ctx.db, accountName);
  const tracker = account ? await activeTracker(ctx, account.id, slug) : null;
  if (!account || !tracker) throw new AppError("NOT_FOUND", signupText(body.lang, "notFound"));
  return submitSignup(ctx, accountName, body, facts, {
    pageId: tracker.id,
    slug: tracker.slug,
    groupIds: tracker.groupIds,
    method: body.via === "banner" ? "OPT_IN_WEB_BANNER" : "SIGN_UP_FORM",
    formKey: trackerFormKey(tracker.id),
  });
}
