import type { SQL } from "drizzle-orm";
import { normalizeAttribute } from "../../../domain/custom-fields.schemas";
import { AppError } from "../../../domain/errors";
import type { ImportedSubscriber } from "../../../domain/import-row";
import { assertCan, isAgent } from "../../../domain/permissions";
import { signupMethodLabel } from "../../../domain/signup-methods";
import {
  ADD_ATTESTATION_REQUIRED,
  type ListSubscribersQuery,
  type SubscriberFilter,
  type SubscriberSelection,
} from "../../../domain/subscribers.schemas";
import { timezoneById } from "../../../domain/timezones";
import { type Executor, inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { recordAudit } from "../audit/audit.service";
import * as compliance from "../compliance/compliance.service";
import { type FieldInfo, fieldsById } from "../custom-fields/field-definitions";
import { adaptiveGroupsOf, groupForFilter, staticGroupOf } from "../groups/group-definitions";
import { addManyToGroups, addToGroup, removeFromGroup } from "../groups/groups.service";
import { welcomeNewMembers } from "../sends/welcome";
import { userDisplayName } from "../users/user-display.service";
import type { FilterContext } from "./subscriber-conditions";
import { filterCondition, rulesCondition } from "./subscriber-conditions.queries";
import { toSubscriber, toSubscriberDetail } from "./subscribers.presenter";
import * as q from "./subscribers.queries";

// A deleted custom field's values go with it (custom fields); the landline flag a number lookup
// finds (unhealthy subscribers).
// The CRM sync and Customer.io's action (integrations) read and write a subscriber's row as the
// provider has it, in the caller's scope: none of this file's consent or welcome rules apply.
export {
  dropFieldValues,
  findSubscriber as findSubscriberRow,
  insertSubscriber as insertSubscriberRow,
  setLineFacts,
  updateSubscriber as updateSubscriberRow,
} from "./subscribers.queries";

const NOT_FOUND = "That subscriber was not found in this account.";
const SOME_NOT_FOUND = "Some of the selected subscribers were not found in this account.";
const DUPLICATE = "A subscriber with this phone number already exists.";

async function timezoneOf(ctx: AppContext, auth: Actor) {
  return timezoneById(await q.accountTimezoneId(ctx.db, auth)).iana;
}

/** The filter form as SQL conditions, with the group and attribute it names checked. */
async function filterConditions(ctx: AppContext, auth: Actor, f: SubscriberFilter): Promise<SQL[]> {
  // The fields and the time zone only when the filter reads them: the plain first page (the
  // public API's most frequent call) is then one query instead of three.
  const group = f.group === undefined ? undefined : await groupForFilter(ctx, auth, f.group);
  const adaptive = group?.kind === "adaptive";
  const [fields, tz] = await Promise.all([
    f.attribute !== undefined || adaptive
      ? fieldsById(ctx, auth)
      : Promise.resolve(new Map<number, FieldInfo>()),
    f.startDate || f.endDate || adaptive ? timezoneOf(ctx, auth) : Promise.resolve("UTC"),
  ]);
  if (f.attribute !== undefined && !fields.has(f.attribute)) {
    throw new AppError("NOT_FOUND", "That attribute was not found in this account.");
  }
  return filterCondition(f, { fields, tz, group });
}

/**
 * The filter form (and the group it names) as conditions over the subscribers table, for
 * another feature's statement that picks subscribers (a send's recipients).
 */
export function subscriberFilterCondition(f: SubscriberFilter, c: FilterContext): SQL[] {
  return filterCondition(f, c);
}

export async function listSubscribers(ctx: AppContext, auth: Actor, query: ListSubscribersQuery) {
  const conditions = await filterConditions(ctx, auth, query);
  // The plain page (the public API's most frequent call, the screen's first page): one
  // prepared statement, the total beside the rows.
  if (conditions.length === 0 && !isAgent(auth)) {
    const page = await q.accountPage(ctx.db, auth, query);
    const total = query.withTotal ? (page.total ?? (await q.accountTotal(ctx.db, auth))) : null;
    return { total, page: query.page, pageSize: query.pageSize, rows: page.rows.map(toSubscriber) };
  }
  const where = q.scoped(auth, conditions);
  const [rows, total] = await Promise.all([
    q.listSubscribers(ctx.db, where, query),
    query.withTotal ? countWhere(ctx, auth, conditions, where) : null,
  ]);
  return { total, page: query.page, pageSize: query.pageSize, rows: rows.map(toSubscriber) };
}

/** The total of a filter: the trigger-kept account counter when nothing but the account narrows it. */
function countWhere(ctx: AppContext, auth: Actor, conditions: SQL[], where: SQL) {
  return conditions.length === 0 && !isAgent(auth)
    ? q.accountTotal(ctx.db, auth)
    : q.countSubscribers(ctx.db, where);
}

export async function countFiltered(ctx: AppContext, auth: Actor, filter: SubscriberFilter) {
  const conditions = await filterConditions(ctx, auth, filter);
  return { total: await countWhere(ctx, auth, conditions, q.scoped(auth, conditions)) };
}

export async function getSubscriber(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findSubscriber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const [staticGroups, adaptive, fields, tz, consent] = await Promise.all([
    q.staticGroupsOf(ctx.db, auth, id),
    adaptiveGroupsOf(ctx, auth),
    fieldsById(ctx, auth),
    timezoneOf(ctx, auth),
    compliance.consentHistory(ctx, auth.accountId, row.phone),
  ]);
  const matches = await q.matchingOf(
    ctx.db,
    auth,
    id,
    adaptive.map((g) => rulesCondition(g.rules, fields, tz)),
  );
  const groups = [
    ...staticGroups,
    ...adaptive.filter((_, i) => matches[i]).map((g) => ({ id: g.id, name: g.name })),
  ];
  return toSubscriberDetail(row, { groups, consent });
}

/** Checks values against their fields; returns the attributes to store after the change. */
function mergeAttributes(
  fields: Map<number, FieldInfo>,
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current };
  for (const [key, raw] of Object.entries(changes)) {
    const field = fields.get(Number(key));
    if (!field) throw new AppError("NOT_FOUND", "That attribute was not found in this account.");
    const r = normalizeAttribute(field, raw);
    if (!r.ok)
      throw new AppError("VALIDATION", r.message, { fields: { [`attributes.${key}`]: r.message } });
    if (r.value === undefined) delete next[key];
    else next[key] = r.value;
  }
  return next;
}

/** Who did it, for the consent record, by name: a person, or an API key made by one. */
async function byWhom(ctx: AppContext, auth: Actor): Promise<string> {
  const name = await personName(ctx, auth);
  return auth.kind === "user" ? `by ${name}` : `through an API key made by ${name}`;
}

/** The real person behind an actor (a parent account's user acting in a child counts as themselves). */
async function personName(ctx: AppContext, auth: Actor): Promise<string> {
  const who = auth.actingFor ?? { accountId: auth.accountId, userId: auth.userId };
  const name = who.userId === null ? null : await userDisplayName(ctx, who.accountId, who.userId);
  return name ?? "a former team member";
}

/**
 * Manual entry is a person's act (or an integration's through its key, which attests consent as
 * the business): their name goes into the consent record.
 */
export async function createSubscriber(
  ctx: AppContext,
  auth: Actor,
  input: {
    number: { phone: string; countryId: number };
    firstName: string;
    lastName: string;
    email: string;
    signupMethod: string;
    attributes: Record<string, unknown>;
    groupIds: number[];
    /** The user confirmed the person agreed to marketing texts (the Add Subscriber dialog asks). */
    attestation?: boolean;
    /** Added to write to one to one: no marketing consent (nor welcome) is recorded. */
    conversationOnly?: boolean;
  },
) {
  assertCan(auth, "subscribers:write");
  const marketing = !input.conversationOnly;
  // A person adding a number for marketing vouches for the consent (an API key's integration
  // attests as the business, by the key's terms): without it nothing is added.
  if (marketing && auth.kind === "user" && input.attestation !== true)
    throw new AppError("VALIDATION", ADD_ATTESTATION_REQUIRED, {
      fields: { attestation: ADD_ATTESTATION_REQUIRED },
    });
  const who = await byWhom(ctx, auth);
  const method = signupMethodLabel(input.signupMethod);
  const consentDetail = !marketing
    ? `${method} ${who} to write to one to one, without marketing consent`
    : input.attestation
      ? `${method} ${who}, who confirmed the person agreed to receive marketing texts`
      : `${method} ${who}`;
  const fields = await fieldsById(ctx, auth);
  const attributes = mergeAttributes(fields, {}, input.attributes);
  for (const groupId of new Set(input.groupIds)) await staticGroupOf(ctx, auth, groupId);
  const { phone, countryId } = input.number;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await q.insertSubscriber(tx, {
      accountId: auth.accountId,
      phone,
      countryId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      signupMethod: input.signupMethod,
      consentSource: "manual",
      consentDetail,
      marketingConsentAt: marketing ? ctx.clock.now() : null,
      attributes,
    });
    if (!inserted) throw new AppError("CONFLICT", DUPLICATE, { fields: { number: DUPLICATE } });
    for (const groupId of new Set(input.groupIds)) {
      await addToGroup(tx, groupId, q.selectionWhere(auth, { mode: "ids", ids: [inserted.id] }));
    }
    return inserted;
  });
  // Consent is recorded for every subscriber added for marketing; an earlier opt-out stays in force.
  if (marketing)
    await compliance.recordConsent(ctx, {
      accountId: auth.accountId,
      phone,
      action: "opt_in",
      source: "manual",
      detail: consentDetail,
      userId: auth.userId ?? undefined,
    });
  if (marketing)
    for (const groupId of new Set(input.groupIds))
      await welcomeNewMembers(ctx, auth.accountId, groupId, [row.id]);
  return getSubscriber(ctx, auth, row.id);
}

export async function updateSubscriber(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: {
    number?: { phone: string; countryId: number };
    firstName?: string;
    lastName?: string;
    email?: string;
    attributes?: Record<string, unknown>;
  },
) {
  assertCan(auth, "subscribers:write");
  const current = await q.findSubscriber(ctx.db, auth, id);
  if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
  const attributes = input.attributes
    ? mergeAttributes(await fieldsById(ctx, auth), current.attributes, input.attributes)
    : undefined;
  if (input.number && input.number.phone !== current.phone) {
    const other = await q.findByPhone(ctx.db, auth, input.number.phone);
    if (other) throw new AppError("CONFLICT", DUPLICATE, { fields: { number: DUPLICATE } });
  }
  try {
    await q.updateSubscriber(ctx.db, auth, id, {
      phone: input.number?.phone,
      countryId: input.number?.countryId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      attributes,
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw new AppError("CONFLICT", DUPLICATE);
    throw err;
  }
  return getSubscriber(ctx, auth, id);
}

export async function deleteSubscriber(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "subscribers:delete");
  // Suppressions and the consent log are kept: an opted-out number stays opted out.
  const n = await q.deleteWhere(ctx.db, q.selectionWhere(auth, { mode: "ids", ids: [id] }));
  if (n === 0) throw new AppError("NOT_FOUND", NOT_FOUND);
}

export async function changeConsent(
  ctx: AppContext,
  auth: Actor,
  id: number,
  action: compliance.ManualConsentAction,
) {
  assertCan(auth, "subscribers:write");
  const row = await q.findSubscriber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  await compliance.applyManualConsent(ctx, {
    accountId: auth.accountId,
    phone: row.phone,
    userId: auth.userId,
    action,
  });
  return getSubscriber(ctx, auth, id);
}

/**
 * The business records by hand that a conversation contact agreed to marketing messages, attesting
 * to it: the subscriber gains consent (source manual) and the consent log a line with the user.
 * Consent already recorded is kept as it was (its first source stands).
 */
export async function recordMarketingConsent(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: { detail: string },
) {
  const row = await q.findSubscriber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const detail = input.detail || "Recorded by hand with the business's attestation";
  const granted = await q.grantMarketingConsent(
    ctx.db,
    auth.accountId,
    { id },
    { source: "manual", detail: `${detail} (${await byWhom(ctx, auth)})`, at: ctx.clock.now() },
  );
  if (granted) {
    await compliance.recordConsent(ctx, {
      accountId: auth.accountId,
      phone: row.phone,
      action: "consent",
      source: "manual",
      detail,
      userId: auth.userId ?? undefined,
    });
  }
  return getSubscriber(ctx, auth, id);
}

/** A texter's START (or YES after STOP): keyword consent, when none was recorded before. */
export async function grantKeywordConsent(
  ctx: AppContext,
  accountId: number,
  subscriberId: number,
  word: string,
) {
  await q.grantMarketingConsent(
    ctx.db,
    accountId,
    { id: subscriberId },
    { source: "keyword", detail: `Texted ${word}`, at: ctx.clock.now() },
  );
}

/** A selection as SQL; picked ids must all be the caller's, or nothing happens (404). */
async function selectionWhere(
  ctx: AppContext,
  auth: Actor,
  sel: SubscriberSelection,
): Promise<SQL> {
  if (sel.mode === "ids") {
    const ids = [...new Set(sel.ids)];
    if ((await q.ownedIds(ctx.db, auth, ids)) !== ids.length)
      throw new AppError("NOT_FOUND", SOME_NOT_FOUND);
    return q.selectionWhere(auth, { mode: "ids", ids });
  }
  const conditions = await filterConditions(ctx, auth, sel.filter);
  return q.selectionWhere(auth, { mode: "all", conditions, excludedIds: sel.excludedIds });
}

export async function bulkDelete(ctx: AppContext, auth: Actor, sel: SubscriberSelection) {
  assertCan(auth, "subscribers:bulk");
  const where = await selectionWhere(ctx, auth, sel);
  const affected = await inTransaction(ctx.db, async (tx) => {
    const n = await q.deleteWhere(tx, where);
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "subscribers.delete_bulk",
      target: { type: "subscribers", label: `${n} subscribers` },
      changes: { deleted: { after: n } },
    });
    return n;
  });
  return { affected };
}

export async function bulkAddToGroup(
  ctx: AppContext,
  auth: Actor,
  sel: SubscriberSelection,
  groupId: number,
) {
  assertCan(auth, "subscribers:bulk");
  await staticGroupOf(ctx, auth, groupId);
  const where = await selectionWhere(ctx, auth, sel);
  return { affected: await addToGroup(ctx.db, groupId, where) };
}

export async function bulkRemoveFromGroup(
  ctx: AppContext,
  auth: Actor,
  sel: SubscriberSelection,
  groupId: number,
) {
  assertCan(auth, "subscribers:bulk");
  await staticGroupOf(ctx, auth, groupId);
  const where = await selectionWhere(ctx, auth, sel);
  return { affected: await removeFromGroup(ctx.db, groupId, where) };
}

export interface ImportCounts {
  added: number;
  updated: number;
  skipped: number;
}

/**
 * One batch of an import (the import job calls this): new numbers are added with the import as
 * their consent source, known ones skipped or updated, and the batch's subscribers put into the
 * chosen groups. The rows go to PostgreSQL with one COPY into a staging table and are merged
 * from it with one statement per step. One transaction per batch, so a crash never leaves half a
 * batch; `record` runs in that transaction, so the caller's progress commits with the rows or not
 * at all.
 */
export async function importBatch(
  ctx: AppContext,
  job: { accountId: number; userId: number | null; importId: number; fileName: string },
  rows: ImportedSubscriber[],
  opts: { duplicates: "skip" | "update"; groupIds: number[] },
  record?: (tx: Executor, counts: ImportCounts) => Promise<void>,
): Promise<ImportCounts> {
  // A number repeated in the file: its last row when updating, its first when skipping.
  const byPhone = new Map<string, ImportedSubscriber>();
  for (const r of rows)
    if (opts.duplicates === "update" || !byPhone.has(r.phone)) byPhone.set(r.phone, r);
  const batch: q.ImportRow[] = [...byPhone.values()].map((r) => ({
    phone: r.phone,
    country_id: r.countryId,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    attributes: r.attributes,
  }));
  const detail = `Import #${job.importId} (${job.fileName})`;
  const consent = { source: "import", detail };
  return inTransaction(ctx.db, async (tx, client) => {
    // No wait for the disk at commit: a batch lost in a crash is not in committedBatches either
    // (same transaction), so the resumed import writes it again; WAL order keeps any later
    // checkpoint from outliving it.
    await q.skipCommitWait(tx);
    let added: { id: number; phone: string }[] = [];
    let updated: { id: number; phone: string; consented: boolean }[] = [];
    if (batch.length > 0) {
      await q.stageImportRows(client, batch);
      added = await q.insertImported(tx, job.accountId, q.STAGED_ROWS, consent);
      if (opts.duplicates === "update" && added.length < batch.length)
        updated = await q.updateImported(
          tx,
          job.accountId,
          q.STAGED_ROWS,
          added.map((a) => a.phone),
          consent,
        );
    }
    await addManyToGroups(tx, opts.groupIds, [
      ...added.map((a) => Number(a.id)),
      ...updated.map((u) => Number(u.id)),
    ]);
    await compliance.recordConsentMany(
      tx,
      { accountId: job.accountId, action: "opt_in", source: "import", detail, userId: job.userId },
      [...added.map((a) => a.phone), ...updated.filter((u) => u.consented).map((u) => u.phone)],
    );
    const counts = {
      added: added.length,
      updated: updated.length,
      // In-file repeats of a number count as skipped too.
      skipped: rows.length - added.length - updated.length,
    };
    await record?.(tx, counts);
    return counts;
  });
}

/**
 * Webinar registrants who agreed to texts become subscribers (sign-up method 'Webinar Import'),
 * in the caller's transaction: new numbers with the webinar as their consent source, known ones
 * gain consent if they had none, and the consent ledger gets a line for each. Answers each
 * phone's subscriber id. Registrants without consent never come here.
 */
export async function addWebinarSubscribers(
  tx: Executor,
  job: { accountId: number; userId: number | null; detail: string },
  rows: { phone: string; firstName: string; lastName: string; email: string }[],
): Promise<Map<string, number>> {
  const batch: q.ImportRow[] = [...new Map(rows.map((r) => [r.phone, r])).values()]
    .sort((a, b) => (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0))
    .map((r) => ({
      phone: r.phone,
      country_id: 1,
      first_name: r.firstName || undefined,
      last_name: r.lastName || undefined,
      email: r.email || undefined,
      attributes: {},
    }));
  if (batch.length === 0) return new Map();
  const consent = { source: "webinar_import", detail: job.detail };
  const staged = q.rowsAsJson(batch);
  const added = await q.insertImported(tx, job.accountId, staged, consent, "WEBINAR_IMPORT");
  const updated =
    added.length < batch.length
      ? await q.updateImported(
          tx,
          job.accountId,
          staged,
          added.map((a) => a.phone),
          consent,
        )
      : [];
  await compliance.recordConsentMany(
    tx,
    {
      accountId: job.accountId,
      action: "opt_in",
      source: "webinar_import",
      detail: job.detail,
      userId: job.userId,
    },
    [...added.map((a) => a.phone), ...updated.filter((u) => u.consented).map((u) => u.phone)],
  );
  return new Map([...added, ...updated].map((r) => [r.phone, Number(r.id)]));
}

/** How many subscribers a selection holds (also checks it: unknown ids, groups, fields). */
export async function countSelection(ctx: AppContext, auth: Actor, sel: SubscriberSelection) {
  return q.countSubscribers(ctx.db, await selectionWhere(ctx, auth, sel));
}

/** Walks a selection in id order, a page at a time, for exports. */
export async function* eachSelected(
  ctx: AppContext,
  auth: Actor,
  sel: SubscriberSelection,
  pageSize = 5000,
) {
  const where = await selectionWhere(ctx, auth, sel);
  let after = 0;
  for (;;) {
    const rows = await q.selectedAfter(ctx.db, where, after, pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
}
