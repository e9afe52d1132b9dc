import { randomBytes } from "node:crypto";
import { AppError } from "../../../domain/errors";
import { normaliseKeyword } from "../../../domain/keywords";
import { MARKETING_TEXTS, type MarketingKind } from "../../../domain/marketing";
import type { ProgramInput, ProgramResponse } from "../../../domain/marketing.schemas";
import { type Actor, assertCan } from "../../../domain/permissions";
import { claimLabel } from "../../../domain/triggers";
import type { Db } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { hasLiveNumber } from "../numbers/numbers.service";
import * as q from "./marketing.queries";
import { fillOpenPlaces } from "./registration";

/** The tools' programs: create, edit, pause, delete, list (one kind per page). */

function toResponse(
  ctx: AppContext,
  row: q.ProgramRow,
  number: string | null,
  people: number,
): ProgramResponse {
  return {
    id: row.id,
    kind: row.kind as MarketingKind,
    name: row.name,
    keyword: row.keywordNorm,
    phoneNumberId: row.phoneNumberId,
    number,
    status: row.status,
    settings: row.settings as Record<string, unknown>,
    counterUrl:
      row.kind === "registration" ? "" : `${ctx.config.publicBase}/counter/${row.publicToken}`,
    people,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPrograms(ctx: AppContext, auth: Actor, kind: MarketingKind) {
  const rows = await q.listPrograms(ctx.db, auth, kind);
  return { programs: rows.map((r) => toResponse(ctx, r.program, r.number, r.people)) };
}

export async function getProgram(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.programWithCounts(ctx.db, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  return toResponse(ctx, row.program, row.number, row.people);
}

/** The number and group named must be this account's; the word free among the tools' cancel words. */
async function checkRefs(db: Db, accountId: number, input: ProgramInput, ownId: number | null) {
  if (input.phoneNumberId !== null) {
    if (!(await hasLiveNumber(db, accountId, input.phoneNumberId)))
      throw new AppError("NOT_FOUND", "That phone number does not exist.");
  }
  if (input.kind === "coupon" && input.settings.groupId !== null) {
    if (!(await q.hasGroup(db, accountId, input.settings.groupId)))
      throw new AppError("NOT_FOUND", "That group does not exist.");
  }
  if ("keyword" in input) {
    // A keyword's word (or a chatbot's, …) is the trigger registry's to refuse, after this.
    const word = normaliseKeyword(input.keyword);
    if (await q.cancelWordUsed(db, accountId, word, ownId ?? 0))
      throw new AppError("CONFLICT", MARKETING_TEXTS.wordTaken(word));
  }
}

/** A word (or cancel word) a keyword, a chatbot, a workflow or an automated reply answers. */
async function assertNoOtherTrigger(
  ctx: AppContext,
  accountId: number,
  input: ProgramInput,
  ownId: number | null,
) {
  const words: string[] = [];
  if ("keyword" in input) words.push(normaliseKeyword(input.keyword));
  if (input.kind === "registration" && input.settings.cancelWord)
    words.push(normaliseKeyword(input.settings.cancelWord));
  await assertNoTriggerConflict(
    ctx,
    accountId,
    {
      kind: "marketing",
      label: claimLabel("marketing", input.name, input.kind),
      ownerId: ownId ?? 0,
      phoneNumberId: null,
      words,
      match: { kind: "first_word" },
    },
    "keyword",
  );
}

function columnsOf(input: ProgramInput) {
  const settings: Record<string, unknown> =
    input.kind === "registration"
      ? { ...input.settings, cancelWord: normaliseKeyword(input.settings.cancelWord) }
      : input.kind === "loyalty"
        ? { ...input.settings, checkinCode: input.settings.checkinCode.toUpperCase() }
        : { ...input.settings };
  return {
    name: input.name,
    keyword: "keyword" in input ? input.keyword.trim() : null,
    keywordNorm: "keyword" in input ? normaliseKeyword(input.keyword) : null,
    phoneNumberId: input.phoneNumberId,
    settings,
  };
}

function taken(err: unknown, input: ProgramInput): never {
  if ((err as { code?: string }).code === "23505" && "keyword" in input)
    throw new AppError("CONFLICT", MARKETING_TEXTS.wordTaken(normaliseKeyword(input.keyword)));
  throw err;
}

export async function createProgram(ctx: AppContext, auth: Actor, input: ProgramInput) {
  assertCan(auth, "sends:write");
  await checkRefs(ctx.db, auth.accountId, input, null);
  await assertNoOtherTrigger(ctx, auth.accountId, input, null);
  try {
    const id = await q.insertProgram(ctx.db, {
      accountId: auth.accountId,
      kind: input.kind,
      ...columnsOf(input),
      status: "active",
      publicToken: randomBytes(18).toString("base64url"),
    });
    return getProgram(ctx, auth, id);
  } catch (err) {
    taken(err, input);
  }
}

export async function updateProgram(ctx: AppContext, auth: Actor, id: number, input: ProgramInput) {
  assertCan(auth, "sends:write");
  const row = await q.findProgram(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  if (row.kind !== input.kind) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.wrongKind);
  if (row.kind === "coupon" && row.status === "sent")
    throw new AppError("CONFLICT", MARKETING_TEXTS.alreadySent);
  if (row.kind === "giveaway" && row.status === "drawn")
    throw new AppError("CONFLICT", MARKETING_TEXTS.alreadyDrawn);
  await checkRefs(ctx.db, auth.accountId, input, id);
  await assertNoOtherTrigger(ctx, auth.accountId, input, id);
  if (input.kind === "registration") {
    const n = (await q.countRegistered(ctx.db, id)) ?? 0;
    if (input.settings.capacity < n)
      throw new AppError("BAD_REQUEST", MARKETING_TEXTS.capacityBelow(n));
  }
  const cols = columnsOf(input);
  try {
    await q.updateProgramRow(ctx.db, auth.accountId, id, cols);
  } catch (err) {
    taken(err, input);
  }
  // A larger capacity lets the waiting list move up (each person is told).
  if (input.kind === "registration") await fillOpenPlaces(ctx, auth.accountId, id);
  return getProgram(ctx, auth, id);
}

export async function setProgramStatus(
  ctx: AppContext,
  auth: Actor,
  id: number,
  status: "active" | "paused",
) {
  assertCan(auth, "sends:write");
  const row = await q.findProgram(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  if (row.status !== "active" && row.status !== "paused")
    throw new AppError(
      "CONFLICT",
      `This ${row.kind === "coupon" ? "coupon was sent" : "giveaway was drawn"} and cannot be ${status === "paused" ? "paused" : "resumed"}`,
    );
  await q.setProgramStatusRow(ctx.db, auth.accountId, id, status);
  return getProgram(ctx, auth, id);
}

export async function deleteProgram(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "sends:write");
  if (!(await q.deleteProgramRow(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
}
