import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { AppError } from "../../../domain/errors";
import {
  composeOptInReply,
  KEYWORD_ADDON_CENTS,
  KEYWORD_ADDON_SIZE,
  KEYWORD_PLAN_LIMIT,
  KEYWORD_TEXTS,
  normaliseKeyword,
} from "../../../domain/keywords";
import type { KeywordInput, KeywordResponse } from "../../../domain/keywords.schemas";
import { assertCan } from "../../../domain/permissions";
import { claimLabel } from "../../../domain/triggers";
import type { Db, Executor } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import {
  addonDueNowCents,
  assertConfirmedAmount,
  chargeAddonProrated,
} from "../billing/billing.service";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { hasLiveNumber } from "../numbers/numbers.service";
import * as q from "./keywords.queries";

/** The program name carriers require at the start of an opt-in reply: the business's name. */
export async function programNameOf(db: Executor, accountId: number): Promise<string> {
  return (await q.businessNameOf(db, accountId)) ?? "";
}

function toKeywordResponse(row: q.KeywordRow, program: string, now: Date): KeywordResponse {
  return {
    id: row.id,
    keyword: row.keyword,
    phoneNumberId: row.phoneNumberId,
    number: row.number,
    status: row.status === "paused" ? "paused" : "active",
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    reply: row.reply,
    fullReply: composeOptInReply(row.reply, program).full,
    alreadySubscribedReply: row.alreadySubscribedReply,
    doubleOptIn: row.doubleOptIn,
    askName: row.askName,
    askEmail: row.askEmail,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    groupIds: row.groupIds,
    joins: row.joins,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function keywordLimit(db: Executor, accountId: number) {
  return KEYWORD_PLAN_LIMIT + KEYWORD_ADDON_SIZE * (await q.purchasedAddons(db, accountId));
}

export async function listKeywords(
  ctx: AppContext,
  auth: Actor,
  f: { search?: string; phoneNumberId?: number },
) {
  const [rows, program, limit, used] = await Promise.all([
    q.listKeywords(ctx.db, auth.accountId, f),
    programNameOf(ctx.db, auth.accountId),
    keywordLimit(ctx.db, auth.accountId),
    q.countKeywords(ctx.db, auth.accountId),
  ]);
  const now = ctx.clock.now();
  return {
    keywords: rows.map((r) => toKeywordResponse(r, program, now)),
    limit,
    used,
    programName: program,
  };
}

export async function getKeyword(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findKeyword(ctx.db, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", KEYWORD_TEXTS.notFound);
  return toKeywordResponse(row, await programNameOf(ctx.db, auth.accountId), ctx.clock.now());
}

/** The number and groups must be this account's: another account's id is a 404, not a link. */
async function assertOwnedRefs(db: Db, accountId: number, input: KeywordInput) {
  if (input.phoneNumberId !== null) {
    if (!(await hasLiveNumber(db, accountId, input.phoneNumberId)))
      throw new AppError("NOT_FOUND", "That number does not exist.");
  }
  if (input.groupIds.length > 0) {
    const ids = [...new Set(input.groupIds)];
    if ((await q.countOwnGroups(db, accountId, ids)) !== ids.length)
      throw new AppError("NOT_FOUND", "One of the groups does not exist.");
  }
}

async function assertUnique(
  db: Executor,
  accountId: number,
  input: KeywordInput,
  exceptId: number | null,
) {
  const norm = normaliseKeyword(input.keyword);
  if (await q.clashingKeyword(db, accountId, norm, input.phoneNumberId, exceptId))
    throw new AppError("CONFLICT", KEYWORD_TEXTS.taken(norm), {
      fields: { keyword: KEYWORD_TEXTS.taken(norm) },
    });
}

/** A word a marketing tool, a chatbot, a workflow or an automated reply already answers. */
async function assertNoOtherTrigger(
  ctx: AppContext,
  accountId: number,
  input: KeywordInput,
  id: number | null,
) {
  const norm = normaliseKeyword(input.keyword);
  await assertNoTriggerConflict(
    ctx,
    accountId,
    {
      kind: "keyword",
      label: claimLabel("keyword", norm),
      ownerId: id ?? 0,
      phoneNumberId: input.phoneNumberId,
      words: [norm],
      match: { kind: "keyword" },
    },
    "keyword",
  );
}

function columnsOf(input: KeywordInput) {
  return {
    keyword: input.keyword.trim(),
    keywordNorm: normaliseKeyword(input.keyword),
    phoneNumberId: input.phoneNumberId,
    status: input.status,
    reply: input.reply,
    alreadySubscribedReply: input.alreadySubscribedReply,
    doubleOptIn: input.doubleOptIn,
    askName: input.askName,
    askEmail: input.askEmail,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    groupIds: [...new Set(input.groupIds)],
  };
}

export async function createKeyword(ctx: AppContext, auth: Actor, input: KeywordInput) {
  assertCan(auth, "settings:write");
  await assertOwnedRefs(ctx.db, auth.accountId, input);
  await assertNoOtherTrigger(ctx, auth.accountId, input, null);
  const id = await ctx.db.transaction(async (tx) => {
    // One keyword at a time per account: two tabs cannot both take the last slot.
    await q.lockAccountKeywords(tx, auth.accountId);
    const limit = await keywordLimit(tx, auth.accountId);
    if ((await q.countKeywords(tx, auth.accountId)) >= limit)
      throw new AppError("CONFLICT", KEYWORD_TEXTS.limit(limit), { reason: "keyword_limit" });
    await assertUnique(tx, auth.accountId, input, null);
    return q.insertKeyword(tx, { accountId: auth.accountId, ...columnsOf(input) });
  });
  return getKeyword(ctx, auth, id);
}

export async function updateKeyword(ctx: AppContext, auth: Actor, id: number, input: KeywordInput) {
  assertCan(auth, "settings:write");
  if (!(await q.findKeyword(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", KEYWORD_TEXTS.notFound);
  await assertOwnedRefs(ctx.db, auth.accountId, input);
  await assertNoOtherTrigger(ctx, auth.accountId, input, id);
  await ctx.db.transaction(async (tx) => {
    await q.lockAccountKeywords(tx, auth.accountId);
    await assertUnique(tx, auth.accountId, input, id);
    await q.updateKeyword(tx, auth.accountId, id, {
      ...columnsOf(input),
      updatedAt: ctx.clock.now(),
    });
  });
  return getKeyword(ctx, auth, id);
}

export async function setKeywordStatus(
  ctx: AppContext,
  auth: Actor,
  id: number,
  status: "active" | "paused",
) {
  assertCan(auth, "settings:write");
  if (!(await q.updateKeyword(ctx.db, auth.accountId, id, { status, updatedAt: ctx.clock.now() })))
    throw new AppError("NOT_FOUND", KEYWORD_TEXTS.notFound);
  return getKeyword(ctx, auth, id);
}

export async function deleteKeyword(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  if (!(await q.deleteKeyword(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", KEYWORD_TEXTS.notFound);
}

export async function keywordStats(ctx: AppContext, auth: Actor, id: number) {
  if (!(await q.findKeyword(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", KEYWORD_TEXTS.notFound);
  const since = new Date(ctx.clock.now().getTime() - 29 * 24 * 3600_000);
  const { days, totals } = await q.keywordStats(ctx.db, auth.accountId, id, since);
  return { days, totalJoins: totals.joins, totalOptOuts: totals.optOuts };
}

/** Each keyword pack's monthly line of a renewal invoice (billing), in the caller's transaction. */
export async function monthlyKeywordPackCharges(db: Pick<PoolClient, "query">, accountId: number) {
  return (await q.monthlyKeywordPacks(db, accountId)).map((p) => ({
    description: `Keyword pack (${p.description}), 1 month`,
    amountCents: p.amountCents,
  }));
}

/** Five more keywords, billed monthly with the account's other add-ons (billing_records). */
export async function purchaseKeywords(ctx: AppContext, auth: Actor, confirmedCents?: number) {
  assertCan(auth, "billing");
  // The amount its confirmation showed as charged now: another one buys nothing.
  if (confirmedCents !== undefined)
    assertConfirmedAmount(
      confirmedCents,
      await addonDueNowCents(ctx, auth.accountId, KEYWORD_ADDON_CENTS),
    );
  // Inside a paid period the rest of it is charged now (a declined card buys nothing).
  const charged = await chargeAddonProrated(ctx, auth.accountId, {
    description: `Keyword pack (${KEYWORD_ADDON_SIZE} additional keywords)`,
    monthlyCents: KEYWORD_ADDON_CENTS,
    key: `keyword-pack:${auth.accountId}:${randomUUID()}`,
    // A charge whose answer is lost keeps the pack while billing asks again.
    purpose: { kind: "addon", addon: "keyword_pack" },
  });
  await q.insertAddonPurchase(
    ctx.db,
    auth.accountId,
    `${KEYWORD_ADDON_SIZE} additional keywords`,
    KEYWORD_ADDON_CENTS,
  );
  const limit = await keywordLimit(ctx.db, auth.accountId);
  return {
    limit,
    message: charged.pending
      ? `Purchased ${KEYWORD_ADDON_SIZE} more keywords. The card processor has not confirmed the payment yet: Parley asks it again in a few minutes and never charges twice.`
      : `Purchased ${KEYWORD_ADDON_SIZE} more keywords`,
  };
}
