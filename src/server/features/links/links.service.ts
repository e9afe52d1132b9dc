import { createHmac, randomInt } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  bodyForDisplay,
  type createLinkRequest,
  LINK_RECIPIENT_MARK,
  LINK_TEXTS,
  LINK_TOKEN_RE,
  type Link,
  type listLinksQuery,
  REVIEW_LINKS_NOT_CONFIGURED,
  UTM_KEYS,
  type Utm,
  withUtm,
} from "../../../domain/links";
import type { Actor, AppContext } from "../../http/context";
import { derivedKeys, verifiesWithAny } from "../auth/secret-box";
import * as q from "./links.queries";

const CODE_ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 7;
/**
 * Placeholder the send pipeline replaces per recipient with the recipient's key (contracts.md):
 * the subscriber id and a signature of the link's code and that id, so a click is credited to a
 * subscriber only through the link they were sent, never by editing the number in an address.
 */
export const LINK_RECIPIENT = LINK_RECIPIENT_MARK;
const SIGNATURE_BYTES = 6;
const RECIPIENT_KEY = /^(\d{1,15})-([A-Za-z0-9_-]{8})$/;

/** The links' signing keys, current first: a link sent before a key rotation still credits. */
function linkKeys(ctx: AppContext): Buffer[] {
  return derivedKeys(ctx.config, "parley-link-recipient");
}

function signature(key: Buffer, code: string, subscriberId: number): string {
  return createHmac("sha256", key)
    .update(`${code}:${subscriberId}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString("base64url");
}

/** The recipient key of a tracked link's address (`/l/{code}/{key}`). */
export function recipientKey(ctx: AppContext, code: string, subscriberId: number): string {
  return `${subscriberId}-${signature(linkKeys(ctx)[0]!, code, subscriberId)}`;
}

/** The subscriber a recipient key names, when its signature is this link's; null otherwise. */
export function subscriberOfKey(ctx: AppContext, code: string, key: string): number | null {
  const m = RECIPIENT_KEY.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  return verifiesWithAny(linkKeys(ctx), m[2]!, (key) => signature(key, code, id)) ? id : null;
}

/**
 * The same key as SQL over a subscriber id column, for sends personalised in one statement (the
 * current key signs, as recipientKey does).
 */
export function recipientKeySql(ctx: AppContext, code: string, subscriberId: SQL): SQL {
  return q.recipientKeySql(linkKeys(ctx)[0]!, code, subscriberId, SIGNATURE_BYTES);
}

/** Replaces each tracked link's recipient placeholder of a text with this subscriber's key. */
export function withRecipientKeys(ctx: AppContext, text: string, subscriberId: number): string {
  return text.replace(
    /\/l\/([A-Za-z0-9]{4,20})\/\[link recipient\]/g,
    (_, code: string) => `/l/${code}/${recipientKey(ctx, code, subscriberId)}`,
  );
}

function newCode() {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const shortUrlOf = (ctx: AppContext, code: string) => `${ctx.config.publicBase}/l/${code}`;

function cleanUtm(utm: Utm | undefined): Utm {
  const out: Utm = {};
  for (const k of UTM_KEYS) {
    const v = utm?.[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

export function toLink(ctx: AppContext, row: q.LinkListRow): Link {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    longUrl: row.longUrl,
    destinationUrl: withUtm(row.longUrl, row.utm),
    shortUrl: shortUrlOf(ctx, row.code),
    code: row.code,
    trackingEnabled: row.trackingEnabled,
    ageCheck: row.ageCheck,
    isMMS: row.isMms,
    tags: row.tags,
    utm: row.utm,
    clicks: row.clicks,
    uniqueClicks: row.uniqueClicks,
    createdBy: row.createdByName,
  };
}

export async function listLinks(
  ctx: AppContext,
  auth: Actor,
  query: z.infer<typeof listLinksQuery>,
) {
  const linkIds = query.linkIds?.split(",").map(Number);
  const { rows, total } = await q.listLinks(ctx.db, auth, { ...query, linkIds });
  return {
    rows: rows.map((r) => toLink(ctx, r)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getLink(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findLink(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", LINK_TEXTS.notFound);
  return toLink(ctx, row);
}

export async function createLink(
  ctx: AppContext,
  auth: Actor,
  body: z.infer<typeof createLinkRequest>,
) {
  const id = await ctx.db.transaction(async (tx) => {
    let inserted: q.LinkRow | undefined;
    // A clash of random 7-character codes is rare; a few tries make it practically impossible.
    for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
      inserted = await q.insertLink(tx, {
        accountId: auth.accountId,
        code: newCode(),
        longUrl: body.longUrl,
        utm: cleanUtm(body.utm),
        trackingEnabled: body.trackingEnabled,
        isMms: body.isMMS,
        ageCheck: body.ageCheck,
        createdBy: auth.userId,
      });
    }
    if (!inserted) throw new Error("Could not pick a free short-link code");
    await q.setLinkTags(tx, inserted.id, await q.ensureTags(tx, auth.accountId, body.tags));
    return inserted.id;
  });
  return getLink(ctx, auth, id);
}

export async function patchLinkTags(ctx: AppContext, auth: Actor, id: number, tags: string[]) {
  await ctx.db.transaction(async (tx) => {
    const row = await q.findLink(tx, auth, id);
    if (!row) throw new AppError("NOT_FOUND", LINK_TEXTS.notFound);
    await q.setLinkTags(tx, id, await q.ensureTags(tx, auth.accountId, tags));
  });
  return getLink(ctx, auth, id);
}

export async function listTags(ctx: AppContext, auth: Actor) {
  return { rows: await q.listTags(ctx.db, auth) };
}

/**
 * Turns each `[[link tracking id=N]]` of a message into the link's short URL followed by
 * `/[link recipient]`, which the send pipeline replaces per recipient with the subscriber id (or
 * removes with its slash for a message with no subscriber). A token of a link that is not the
 * account's is refused.
 */
export async function expandLinkTokens(ctx: AppContext, accountId: number, text: string) {
  const ids = [...new Set([...text.matchAll(LINK_TOKEN_RE)].map((m) => Number(m[1])))];
  if (ids.length === 0) return { text, linkIds: [] as number[] };
  if (!ids.every((id) => Number.isSafeInteger(id)))
    throw new AppError("BAD_REQUEST", LINK_TEXTS.notFound);
  const rows = await q.findLinksByIds(ctx.db, accountId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError("BAD_REQUEST", LINK_TEXTS.notFound);
  const expanded = text.replace(LINK_TOKEN_RE, (_, id: string) => {
    const row = byId.get(Number(id))!;
    return `${shortUrlOf(ctx, row.code)}/${LINK_RECIPIENT}`;
  });
  return { text: expanded, linkIds: ids };
}

/**
 * Message bodies as their recipients read them, for screens and files (bodyForDisplay): each
 * tracked-link token becomes the account's link's short address with a sample recipient key.
 * One query for all the texts; texts without a token come back as they are.
 */
export async function displayBodies(
  ctx: AppContext,
  accountId: number,
  texts: readonly string[],
): Promise<string[]> {
  const ids = [
    ...new Set(texts.flatMap((t) => [...t.matchAll(LINK_TOKEN_RE)].map((m) => Number(m[1])))),
  ].filter((id) => Number.isSafeInteger(id));
  const rows = ids.length ? await q.findLinksByIds(ctx.db, accountId, ids) : [];
  const urls = new Map(rows.map((r) => [r.id, shortUrlOf(ctx, r.code)]));
  return texts.map((t) => bodyForDisplay(t, urls));
}

/** One message body as its recipients read it (displayBodies). */
export async function displayBody(ctx: AppContext, accountId: number, text: string) {
  return (await displayBodies(ctx, accountId, [text]))[0]!;
}

/** Whether every tracked-link token of a text names a link of the account. */
export async function ownsLinkTokens(ctx: AppContext, accountId: number, text: string) {
  const ids = [...new Set([...text.matchAll(LINK_TOKEN_RE)].map((m) => Number(m[1])))];
  if (ids.length === 0) return true;
  // An id past bigint's range is no link of anyone's (and must not reach the query).
  if (!ids.every((id) => Number.isSafeInteger(id))) return false;
  const rows = await q.findLinksByIds(ctx.db, accountId, ids);
  return rows.length === ids.length;
}

/** Public redirect: where the code leads, after recording the click. Undefined: no such code. */
export async function followLink(
  ctx: AppContext,
  code: string,
  recipient: string | undefined,
  userAgent: string,
) {
  const link = await q.findByCode(ctx.db, code);
  if (!link) return undefined;
  // An unsigned or altered key still opens the link; the click is counted without a subscriber.
  const subscriberId = recipient ? subscriberOfKey(ctx, link.code, recipient) : null;
  return {
    link,
    destination: withUtm(link.longUrl, link.utm),
    record: () => q.recordClick(ctx.db, link, subscriberId, userAgent),
  };
}

/** Google review links need the Places API; without a key this says so instead of faking places. */
export async function searchReviewLinks(
  ctx: AppContext,
  query: { query: string; page: number; pageSize: number },
) {
  const key = ctx.config.GOOGLE_PLACES_API_KEY;
  if (!key) return { configured: false, rows: [], total: 0, message: REVIEW_LINKS_NOT_CONFIGURED };
  if (!query.query.trim()) return { configured: true, rows: [], total: 0 };
  const res = await fetch("https://places.googleapis.com/v1/places:autocomplete", {
    method: "POST",
    headers: { "content-type": "application/json", "X-Goog-Api-Key": key },
    body: JSON.stringify({ input: query.query }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) {
    throw new AppError("CONFLICT", "Google Places is not answering right now. Please try again.");
  }
  const data = (await res.json()) as {
    suggestions?: {
      placePrediction?: {
        placeId: string;
        structuredFormat?: { mainText?: { text: string }; secondaryText?: { text: string } };
        text?: { text: string };
      };
    }[];
  };
  const rows = (data.suggestions ?? [])
    .map((s) => s.placePrediction)
    .filter((p): p is NonNullable<typeof p> => Boolean(p))
    .map((p) => ({
      placeId: p.placeId,
      description: p.structuredFormat?.mainText?.text ?? p.text?.text ?? p.placeId,
      secondaryText: p.structuredFormat?.secondaryText?.text ?? "",
    }));
  return { configured: true, rows: rows.slice(0, query.pageSize), total: rows.length };
}
