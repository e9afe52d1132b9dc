import { randomInt } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  DEEPLINK_ID,
  DEEPLINK_NOT_ALLOWED,
  type DeeplinkRow,
  SAME_SITE_PATH,
} from "../../../domain/sign-in.schemas";
import type { AppContext, UserActor } from "../../http/context";
import { websiteOf } from "../contact-card/contact-card.service";
import type { deeplinks } from "./auth.schema";
import * as q from "./deeplinks.queries";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const notFound = () => new AppError("NOT_FOUND", "This link does not exist.");

/** 8 characters with at least one digit, so an id never reads as a page of the app. */
function newId(): string {
  for (;;) {
    const id = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    if (/\d/.test(id)) return id;
  }
}

function toDeeplinkRow(ctx: AppContext, row: typeof deeplinks.$inferSelect): DeeplinkRow {
  return {
    id: row.id,
    uri: row.uri,
    url: `${ctx.config.publicBase}/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

const hostOf = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};
const bare = (host: string) => host.replace(/^www\./, "");

/**
 * Where a deeplink may lead, so the app's own address never forwards to a site of a stranger's
 * choosing: a path of this site, this site, or the business's own website (its contact card's)
 * and the site's subdomains.
 */
async function allowedTarget(ctx: AppContext, accountId: number, uri: string) {
  if (uri.startsWith("/")) return SAME_SITE_PATH.test(uri);
  const host = hostOf(uri);
  if (!host) return false;
  if (host === hostOf(ctx.config.publicBase)) return true;
  const site = hostOf(await websiteOf(ctx, accountId));
  if (!site) return false;
  const own = bare(site);
  return bare(host) === own || host.endsWith(`.${own}`);
}

/** 'get deeplink uri by id' (spec doc 3 §4): the uri, or the account's sign-up page. */
export async function resolveDeeplink(ctx: AppContext, id: string) {
  if (!DEEPLINK_ID.test(id)) throw notFound();
  const row = await q.findDeeplink(ctx.db, id);
  if (!row) throw notFound();
  // A target saved before the rule (or the website changed since) leads nowhere.
  if (row.uri && !(await allowedTarget(ctx, row.accountId, row.uri))) throw notFound();
  return { uri: row.uri ?? `/subscribe/${encodeURIComponent(row.accountName)}` };
}

export async function listDeeplinks(ctx: AppContext, auth: UserActor) {
  const rows = await q.listDeeplinks(ctx.db, auth);
  return { rows: rows.map((r) => toDeeplinkRow(ctx, r)) };
}

export async function createDeeplink(ctx: AppContext, auth: UserActor, uri: string) {
  if (uri !== "" && !(await allowedTarget(ctx, auth.accountId, uri)))
    throw new AppError("VALIDATION", DEEPLINK_NOT_ALLOWED, {
      fields: { uri: DEEPLINK_NOT_ALLOWED },
    });
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await q.insertDeeplink(ctx.db, {
      id: newId(),
      accountId: auth.accountId,
      uri: uri === "" ? null : uri,
    });
    if (row) return toDeeplinkRow(ctx, row);
  }
  throw new Error("no free deeplink id after 5 tries");
}

export async function deleteDeeplink(ctx: AppContext, auth: UserActor, id: string) {
  if (!(await q.deleteDeeplink(ctx.db, auth, id))) throw notFound();
}
