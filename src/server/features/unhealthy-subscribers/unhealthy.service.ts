import { AppError } from "../../../domain/errors";
import {
  type CleanUpRequest,
  type ListUnhealthyQuery,
  UNHEALTHY_REASON_LABELS,
} from "../../../domain/unhealthy-subscribers.schemas";
import type { Actor, AppContext } from "../../http/context";
import { applyManualConsent } from "../compliance/compliance.service";
import { lookUpLines } from "../outbound/dispatcher";
import { bulkDelete, setLineFacts } from "../subscribers/subscribers.service";
import { toUnhealthySubscriber } from "./unhealthy.presenter";
import * as q from "./unhealthy.queries";

const SOME_NOT_FOUND =
  "Some of the selected subscribers are not among this account's unhealthy subscribers.";
const DELETE_CHUNK = 5000;
/** The clean-up request's most ids at once (its schema's limit). */
export const IDS_PER_CLEAN_UP = 10_000;

export async function listUnhealthy(ctx: AppContext, auth: Actor, query: ListUnhealthyQuery) {
  const [page, counts, unchecked] = await Promise.all([
    q.listUnhealthy(ctx.db, auth, { reason: query.reason, query: query.query }, query),
    q.countByReason(ctx.db, auth, query.query),
    q.countUncheckedAfter(ctx.db, auth, 0),
  ]);
  return { total: page.total, rows: page.rows.map(toUnhealthySubscriber), counts, unchecked };
}

/** The account's unhealthy subscribers as an id subquery (to count them among other rows). */
export const unhealthySet = (auth: Actor) => q.unhealthyIdsSql(auth);

/**
 * Which of `ids` are unhealthy subscribers now (their latest text failed for the number's
 * sake, or a lookup found a landline), in chunks the clean-up accepts. Other features (the
 * analytics page's failed-by-error view) pick their numbers here and clean them with cleanUp.
 */
export async function unhealthyAmong(ctx: AppContext, auth: Actor, ids: number[]) {
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CLEAN_UP) {
    const targets = await q.unhealthyTargets(ctx.db, auth, {
      ids: ids.slice(i, i + IDS_PER_CLEAN_UP),
    });
    out.push(...targets.map((t) => t.id));
  }
  return out;
}

/**
 * Deletes or opts out the chosen unhealthy subscribers. Picked ids must all be unhealthy
 * subscribers of the caller's account, or nothing happens (404). An opt-out goes through the
 * consent log like any manual opt-out, with the reason as its detail.
 */
export async function cleanUp(ctx: AppContext, auth: Actor, req: CleanUpRequest) {
  const sel = req.selection;
  const ids = sel.mode === "ids" ? [...new Set(sel.ids)] : undefined;
  const targets = await q.unhealthyTargets(
    ctx.db,
    auth,
    sel.mode === "ids"
      ? { ids }
      : { reason: sel.reason, query: sel.query, excludedIds: sel.excludedIds },
  );
  if (ids && targets.length !== ids.length) throw new AppError("NOT_FOUND", SOME_NOT_FOUND);
  let affected = 0;
  if (req.action === "delete") {
    for (let i = 0; i < targets.length; i += DELETE_CHUNK) {
      const chunk = targets.slice(i, i + DELETE_CHUNK).map((t) => t.id);
      affected += (await bulkDelete(ctx, auth, { mode: "ids", ids: chunk })).affected;
    }
    return { affected };
  }
  for (const t of targets) {
    const changed = await applyManualConsent(ctx, {
      accountId: auth.accountId,
      phone: t.phone,
      userId: auth.userId,
      action: "opt_out",
      detail: `Unhealthy subscriber clean-up: ${UNHEALTHY_REASON_LABELS[t.reason]}`,
    });
    if (changed) affected++;
  }
  return { affected };
}

/**
 * One round of the line-type check: asks the carrier (Lookup, line type) about the next numbers
 * never checked and records which are landlines. The browser runs rounds until nextAfterId is
 * null, so no single request runs long. Numbers the carrier calls invalid are reported back but
 * not kept (no column holds them); a failed text lists them here anyway.
 */
export async function lineCheck(
  ctx: AppContext,
  auth: Actor,
  opts: { afterId: number; limit: number },
) {
  const batch = await q.uncheckedAfter(ctx.db, auth, opts.afterId, opts.limit);
  let results: Awaited<ReturnType<typeof lookUpLines>>;
  try {
    results = await lookUpLines(
      ctx,
      batch.map((s) => s.phone),
    );
  } catch {
    throw new AppError(
      "BAD_REQUEST",
      "The carrier did not answer the line-type check. Please try again in a minute.",
    );
  }
  const known: { id: number; isLandline: boolean; carrierName: string | null }[] = [];
  const invalid: string[] = [];
  batch.forEach((s, i) => {
    const result = results[i]!;
    if (!result.valid) invalid.push(s.phone);
    else if (
      result.lineType === "landline" ||
      result.lineType === "mobile" ||
      result.lineType === "voip"
    )
      // The network too: T-Mobile's daily cap for the brand counts the texts to its subscribers.
      known.push({
        id: s.id,
        isLandline: result.lineType === "landline",
        carrierName: result.carrierName,
      });
  });
  await setLineFacts(ctx.db, auth, known);
  const landlines = known.filter((k) => k.isLandline);
  const last = batch.at(-1)?.id;
  const remaining = last === undefined ? 0 : await q.countUncheckedAfter(ctx.db, auth, last);
  return {
    checked: batch.length,
    landlines: landlines.length,
    invalid: invalid.sort(),
    nextAfterId: remaining > 0 && last !== undefined ? last : null,
    remaining,
  };
}
