import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  and,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  inArray,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import pg, { type PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { SignupMethod } from "../../../domain/signup-methods";
import type { Db, Executor } from "../../db/connection";
import { ownedBy, ownedByPlaceholder, subscriberScope } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { accounts } from "../account/account.public";
import { suppressions } from "../compliance/compliance.public";
import { groupMembers, groups } from "../groups/groups.public";
import { subscriberCounts, subscribers } from "./subscribers.schema";

export type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriberListRow = SubscriberRow & { optedOut: boolean; blocked: boolean };

// Columns are written out with their table: Drizzle renders a column in a selected sql`` without
// it, and inside the subquery a bare "phone" would be the suppression's own (every row matched).
const suppressed = (reason: "opted_out" | "blocked") =>
  sql<boolean>`exists (select 1 from ${suppressions} sp where sp.account_id = "subscribers"."account_id" and sp.phone = "subscribers"."phone" and sp.reason = ${reason})`;

const withFlags = {
  row: subscribers,
  optedOut: suppressed("opted_out"),
  blocked: suppressed("blocked"),
};
const flatten = (r: {
  row: SubscriberRow;
  optedOut: boolean;
  blocked: boolean;
}): SubscriberListRow => ({
  ...r.row,
  optedOut: r.optedOut,
  blocked: r.blocked,
});

export async function accountTimezoneId(db: Db, auth: Actor): Promise<number> {
  const [row] = await db
    .select({ tz: accounts.timezoneId })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  return row?.tz ?? 1;
}

/** The account's subscribers the actor may see (an Agent's: those of their groups), narrowed. */
export function scoped(auth: Actor, conditions: SQL[]): SQL {
  return and(ownedBy(subscribers, auth), subscriberScope(auth, subscribers.id), ...conditions)!;
}

interface PageQuery {
  page: number;
  pageSize: number;
  sortBy: "date" | "name" | "phone";
  sortDirection: "ASC" | "DESC";
}

function pageOrder(q: Pick<PageQuery, "sortBy" | "sortDirection">) {
  const dir = q.sortDirection === "ASC" ? asc : desc;
  return q.sortBy === "name"
    ? [
        dir(sql`lower(${subscribers.firstName})`),
        dir(sql`lower(${subscribers.lastName})`),
        dir(subscribers.id),
      ]
    : q.sortBy === "phone"
      ? [dir(subscribers.phone)]
      : [dir(subscribers.createdAt), dir(subscribers.id)];
}

/** A page of subscribers. */
export async function listSubscribers(db: Db, where: SQL, q: PageQuery) {
  const rows = await db
    .select(withFlags)
    .from(subscribers)
    .where(where)
    .orderBy(...pageOrder(q))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  return rows.map(flatten);
}

/**
 * A page of the whole account (no filter, an actor who sees every subscriber) with the account's
 * total read in the same statement from the trigger-kept counter: the public API's most frequent
 * call then costs one round trip, not two. The total is null when the page is empty (past the
 * end): the caller asks the counter then.
 */
export async function accountPage(db: Db, auth: Actor, q: PageQuery) {
  const statement = accountPageStatement(db, q);
  const { rows } = await db.$client.query<unknown[]>({
    name: statement.name,
    text: statement.text,
    values: fillPlaceholders(statement.params, {
      accountId: auth.accountId,
      limit: q.pageSize,
      offset: q.page * q.pageSize,
    }),
    rowMode: "array",
    types: TIMES_AS_TEXT,
  });
  return {
    rows: rows.map(readPageRow),
    total: rows.length ? Number(rows[0]![PAGE_COLUMNS.length + 2]) : null,
  };
}

/**
 * Timestamps come as PostgreSQL writes them and each column reads its own (new Date(text), as
 * Drizzle does): pg's own date parser costs several times more.
 */
const TIMES_AS_TEXT = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The subscribers columns of the page's statement, in the order Drizzle selects them, each with
 * its column's own reading of the driver's value (bigint ids to numbers, timestamps to dates).
 */
const PAGE_COLUMNS = Object.entries(getTableColumns(subscribers)).map(
  ([key, column]) => [key, (v: unknown) => column.mapFromDriverValue(v)] as const,
);

/** A row of the page's statement (columns, then the two suppression flags and the total). */
function readPageRow(raw: unknown[]): SubscriberListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < PAGE_COLUMNS.length; i++) {
    const [key, read] = PAGE_COLUMNS[i]!;
    const v = raw[i];
    row[key] = v === null ? null : read(v);
  }
  row.optedOut = raw[PAGE_COLUMNS.length];
  row.blocked = raw[PAGE_COLUMNS.length + 1];
  return row as SubscriberListRow;
}

/**
 * The statement of accountPage for one sort, its SQL built once by Drizzle and sent by pg as a
 * named prepared statement (each connection parses it once); its rows are read by position
 * above rather than through Drizzle's result mapping, which was a tenth of the request's CPU.
 */
function accountPageStatement(db: Db, q: Pick<PageQuery, "sortBy" | "sortDirection">) {
  const name = `subscribers_account_page_${q.sortBy}_${q.sortDirection}`;
  let statement = accountPages.get(name);
  if (!statement) {
    const total = sql<number>`(select ${subscriberCounts.n} from ${subscriberCounts} where ${ownedByPlaceholder(subscriberCounts)})`;
    const { sql: text, params } = db
      .select({ ...withFlags, total })
      .from(subscribers)
      .where(ownedByPlaceholder(subscribers))
      .orderBy(...pageOrder(q))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .toSQL();
    statement = { name, text, params };
    accountPages.set(name, statement);
  }
  return statement;
}

const accountPages = new Map<string, { name: string; text: string; params: unknown[] }>();

export async function countSubscribers(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(where);
  return row?.n ?? 0;
}

export async function findSubscriber(db: Executor, auth: Actor, id: number) {
  const [row] = await db
    .select(withFlags)
    .from(subscribers)
    .where(scoped(auth, [eq(subscribers.id, id)]));
  return row ? flatten(row) : undefined;
}

export async function findByPhone(db: Executor, auth: Actor, phone: string) {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(ownedBy(subscribers, auth), eq(subscribers.phone, phone)));
  return row;
}

export async function insertSubscriber(db: Executor, row: typeof subscribers.$inferInsert) {
  const [inserted] = await db.insert(subscribers).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateSubscriber(
  db: Executor,
  auth: Actor,
  id: number,
  set: Partial<
    Pick<SubscriberRow, "phone" | "countryId" | "firstName" | "lastName" | "email" | "attributes">
  >,
) {
  const [row] = await db
    .update(subscribers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(scoped(auth, [eq(subscribers.id, id)]))
    .returning();
  return row;
}

export async function deleteWhere(db: Executor, where: SQL): Promise<number> {
  const rows = await db.delete(subscribers).where(where).returning({ id: subscribers.id });
  return rows.length;
}

export async function ownedIds(db: Executor, auth: Actor, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(scoped(auth, [inArray(subscribers.id, ids)]));
  return row?.n ?? 0;
}

export function selectionWhere(
  auth: Actor,
  sel: { mode: "ids"; ids: number[] } | { mode: "all"; conditions: SQL[]; excludedIds: number[] },
): SQL {
  if (sel.mode === "ids") return scoped(auth, [inArray(subscribers.id, sel.ids)]);
  const extra = sel.excludedIds.length ? [notInArray(subscribers.id, sel.excludedIds)] : [];
  return scoped(auth, [...sel.conditions, ...extra]);
}

/** The static groups a subscriber is in (the subscriber is already known to be the caller's). */
export async function staticGroupsOf(db: Db, auth: Actor, subscriberId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(ownedBy(groups, auth), eq(groupMembers.subscriberId, subscriberId)))
    .orderBy(asc(sql`lower(${groups.name})`));
}

/** Which of the given conditions (adaptive groups) one subscriber meets, in one query. */
export async function matchingOf(db: Db, auth: Actor, subscriberId: number, conditions: SQL[]) {
  if (conditions.length === 0) return [];
  const cols = conditions.map((c, i) => sql`(${c}) as ${sql.raw(`m${i}`)}`);
  const result = await db.execute(
    sql`select ${sql.join(cols, sql`, `)} from ${subscribers} where ${scoped(auth, [eq(subscribers.id, subscriberId)])}`,
  );
  const row = result.rows[0] as Record<string, boolean> | undefined;
  return conditions.map((_, i) => row?.[`m${i}`] === true);
}

export interface ImportRow {
  phone: string;
  country_id: number;
  first_name?: string;
  last_name?: string;
  email?: string;
  attributes: Record<string, unknown>;
}
const RECORDSET = sql`v(phone text, country_id int, first_name text, last_name text, email text, attributes jsonb)`;

/** A value in COPY's text format: backslash, tab and line breaks escaped; absent is NULL. */
function copyText(value: string | undefined): string {
  if (value === undefined) return "\\N";
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
      )
    : value;
}

/**
 * Puts an import batch into `import_rows`, a temporary table (never written to the WAL) that
 * lives until the transaction ends, with one COPY in text format rather than one JSON document
 * of the rows; the statements that merge it (insertImported, updateImported with STAGED_ROWS) read it as a table.
 */
export async function stageImportRows(client: PoolClient, rows: ImportRow[]): Promise<void> {
  await client.query(
    `create temp table import_rows (phone text not null, country_id smallint not null,
       first_name text, last_name text, email text, attributes jsonb not null) on commit drop`,
  );
  const lines = rows.map(
    (r) =>
      `${copyText(r.phone)}\t${r.country_id}\t${copyText(r.first_name)}\t${copyText(r.last_name)}\t${copyText(r.email)}\t${copyText(JSON.stringify(r.attributes))}\n`,
  );
  const copy = client.query(
    copyFrom(
      "copy import_rows (phone, country_id, first_name, last_name, email, attributes) from stdin",
    ),
  );
  await pipeline(Readable.from([lines.join("")]), copy);
}

/** A batch's rows as the relation `v`: the COPY staging table of a spreadsheet import… */
export const STAGED_ROWS: SQL = sql.raw("import_rows v");

/** …or the rows themselves as one JSON document (a webinar's few hundred registrants). */
export function rowsAsJson(rows: ImportRow[]): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${RECORDSET}`;
}

/**
 * Inserts the batch's numbers that are new to the account, in phone order (two batches written
 * at once then take their key locks in the same order); returns them.
 */
export async function insertImported(
  db: Executor,
  accountId: number,
  from: SQL,
  consent: { source: string; detail: string },
  signupMethod = "SPREADSHEET_IMPORT",
) {
  const result = await db.execute(
    sql`insert into ${subscribers} (account_id, phone, country_id, first_name, last_name, email, signup_method, consent_source, consent_detail, marketing_consent_at, attributes)
        select ${accountId}, v.phone, v.country_id, coalesce(v.first_name, ''), coalesce(v.last_name, ''), coalesce(v.email, ''),
               ${signupMethod}, ${consent.source}, ${consent.detail}, now(), v.attributes
          from ${from} order by v.phone
        on conflict (account_id, phone) do nothing
        returning id, phone`,
  );
  return result.rows as { id: number; phone: string }[];
}

/**
 * Updates the batch's numbers the account had before it (`added`: the ones it just inserted)
 * with the columns the file has; attributes are merged. The import's attestation covers every
 * number in the file: a conversation contact gains consent from it (`consented`: it had none
 * before, `o` being the row as it was).
 */
export async function updateImported(
  db: Executor,
  accountId: number,
  from: SQL,
  added: string[],
  consent: { source: string; detail: string },
) {
  const result = await db.execute(
    sql`update ${subscribers} s set
          first_name = coalesce(v.first_name, s.first_name),
          last_name = coalesce(v.last_name, s.last_name),
          email = coalesce(v.email, s.email),
          attributes = s.attributes || v.attributes,
          marketing_consent_at = coalesce(s.marketing_consent_at, now()),
          consent_source = case when s.marketing_consent_at is null then ${consent.source} else s.consent_source end,
          consent_detail = case when s.marketing_consent_at is null then ${consent.detail} else s.consent_detail end,
          updated_at = now()
        from ${from}, ${subscribers} o
        where s.account_id = ${accountId} and s.phone = v.phone and o.id = s.id
          and v.phone not in (select unnest(${`{${added.join(",")}}`}::text[]))
        returning s.id, s.phone, o.marketing_consent_at is null as consented`,
  );
  return result.rows as { id: number; phone: string; consented: boolean }[];
}

/**
 * Records marketing consent on a subscriber that has none (keyword, form, or the business by
 * hand). Returns whether it changed anything: consent already recorded keeps its first source.
 */
export async function grantMarketingConsent(
  db: Executor,
  accountId: number,
  where: { id: number } | { phone: string },
  consent: { source: string; detail: string; at: Date },
): Promise<boolean> {
  const match = "id" in where ? sql`id = ${where.id}` : sql`phone = ${where.phone}`;
  const result = await db.execute(
    sql`update ${subscribers} set marketing_consent_at = ${consent.at},
               consent_source = ${consent.source}, consent_detail = ${consent.detail}, updated_at = now()
         where account_id = ${accountId} and ${match} and marketing_consent_at is null
        returning id`,
  );
  return result.rows.length > 0;
}

/** The next rows of a selection after `afterId`, by id: exports walk big selections this way. */
export async function selectedAfter(db: Db, where: SQL, afterId: number, limit: number) {
  return (
    await db
      .select(withFlags)
      .from(subscribers)
      .where(and(where, sql`${subscribers.id} > ${afterId}`))
      .orderBy(asc(subscribers.id))
      .limit(limit)
  ).map(flatten);
}

export async function accountTotal(db: Db, auth: Actor): Promise<number> {
  const [row] = await db
    .select({ n: subscriberCounts.n })
    .from(subscriberCounts)
    .where(ownedBy(subscriberCounts, auth));
  return row?.n ?? 0;
}

/** Values are keyed by field id: a deleted field's values go with it. */
export async function dropFieldValues(db: Executor, auth: Actor, id: number) {
  const key = String(id);
  await db
    .update(subscribers)
    .set({ attributes: sql`${subscribers.attributes} - ${key}::text` })
    .where(and(ownedBy(subscribers, auth), sql`${subscribers.attributes} ? ${key}`));
}

/** What the carrier's lookup said of each number: whether it is a landline, and its network. */
export async function setLineFacts(
  db: Db,
  auth: Actor,
  rows: { id: number; isLandline: boolean; carrierName: string | null }[],
) {
  if (rows.length === 0) return;
  await db.execute(
    sql`update ${subscribers} set is_landline = v."isLandline", carrier_name = v."carrierName"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as v(id bigint, "isLandline" boolean, "carrierName" text)
         where ${subscribers.id} = v.id and ${ownedBy(subscribers, auth)}`,
  );
}

/** The sign-up method stamped on a consent that is new. */
export async function setSignupMethod(
  tx: Executor,
  accountId: number,
  subscriberId: number,
  method: SignupMethod,
): Promise<void> {
  await tx.execute(
    sql`update ${subscribers} set signup_method = ${method}
           where id = ${subscriberId} and account_id = ${accountId}`,
  );
}

/**
 * The subscriber of a number, created when new; names and e-mail fill empty values only.
 * Undefined only if the statement found neither (it always finds one).
 */
export async function upsertOptInRow(
  tx: Executor,
  accountId: number,
  s: {
    phone: string;
    method: SignupMethod;
    source: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    attributes?: Record<string, unknown>;
  },
) {
  const { rows } = await tx.execute<{ id: number; created: boolean; hadConsent: boolean }>(
    sql`with ins as (
          insert into ${subscribers} (account_id, phone, first_name, last_name, email, attributes,
                                      signup_method, consent_source)
          values (${accountId}, ${s.phone}, ${s.firstName ?? ""}, ${s.lastName ?? ""},
                  ${s.email ?? ""}, ${JSON.stringify(s.attributes ?? {})}::jsonb, ${s.method}, ${s.source})
          on conflict (account_id, phone) do nothing
          returning id, true as created, false as "hadConsent"),
        upd as (
          update ${subscribers} set
            first_name = case when first_name = '' then ${s.firstName ?? ""} else first_name end,
            last_name = case when last_name = '' then ${s.lastName ?? ""} else last_name end,
            email = case when email = '' then ${s.email ?? ""} else email end,
            attributes = ${JSON.stringify(s.attributes ?? {})}::jsonb || attributes,
            updated_at = now()
          where account_id = ${accountId} and phone = ${s.phone} and not exists (select 1 from ins)
          returning id, false as created, (marketing_consent_at is not null) as "hadConsent")
        select id::int, created, "hadConsent" from ins union all select id::int, created, "hadConsent" from upd`,
  );
  return rows[0];
}

/** Fills a texted answer (first name, e-mail) into the subscriber's field. */
export async function fillEmptyField(
  tx: Executor,
  accountId: number,
  subscriberId: number,
  field: "first_name" | "email",
  value: string,
): Promise<void> {
  await tx.execute(
    sql`update ${subscribers} set ${sql.raw(field)} = ${value}, updated_at = now()
         where id = ${subscriberId} and account_id = ${accountId}`,
  );
}

/** This transaction's commit does not wait for the disk (an import batch written again on resume). */
export async function skipCommitWait(tx: Executor): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** Whether the account's subscriber has marketing consent recorded. */
export async function hasMarketingConsent(
  db: Db,
  accountId: number,
  subscriberId: number,
): Promise<boolean> {
  const { rows } = await db.$client.query<{ consented: boolean }>(
    `select marketing_consent_at is not null as consented from subscribers where id = $1 and account_id = $2`,
    [subscriberId, accountId],
  );
  return rows[0]?.consented === true;
}
