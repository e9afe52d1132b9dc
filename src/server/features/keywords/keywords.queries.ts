import { and, eq, sql } from "drizzle-orm";
import type { PoolClient } from "pg";
import type { Db, Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { keywordJoins, keywords, optinPending } from "./keywords.schema";

export type KeywordRow = typeof keywords.$inferSelect & { number: string | null; joins: number };

const listColumns = sql`k.id, k.account_id as "accountId", k.phone_number_id as "phoneNumberId",
  k.keyword, k.keyword_norm as "keywordNorm", k.status, k.reply,
  k.already_subscribed_reply as "alreadySubscribedReply", k.double_opt_in as "doubleOptIn",
  k.ask_name as "askName", k.ask_email as "askEmail", k.expires_at as "expiresAt",
  k.group_ids as "groupIds", k.created_at as "createdAt", k.updated_at as "updatedAt",
  p.number, (select count(*)::int from keyword_joins j where j.keyword_id = k.id and j.confirmed) as joins`;

function toRow(r: Record<string, unknown>): KeywordRow {
  const date = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    ...(r as unknown as KeywordRow),
    expiresAt: date(r.expiresAt),
    createdAt: date(r.createdAt)!,
    updatedAt: date(r.updatedAt)!,
  };
}

export async function listKeywords(
  db: Db,
  accountId: number,
  f: { search?: string; phoneNumberId?: number },
) {
  const search = f.search?.trim() ? `%${f.search.trim().toUpperCase()}%` : null;
  const { rows } = await db.execute(
    sql`select ${listColumns} from keywords k left join phone_numbers p on p.id = k.phone_number_id
         where k.account_id = ${accountId}
           and (${search}::text is null or k.keyword_norm like ${search})
           and (${f.phoneNumberId ?? null}::int is null or k.phone_number_id = ${f.phoneNumberId ?? null})
         order by k.keyword_norm, k.id`,
  );
  return rows.map(toRow);
}

export async function findKeyword(db: Executor, accountId: number, id: number) {
  const { rows } = await db.execute(
    sql`select ${listColumns} from keywords k left join phone_numbers p on p.id = k.phone_number_id
         where k.account_id = ${accountId} and k.id = ${id}`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function countKeywords(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from keywords where account_id = ${accountId}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Another keyword with the same word that would answer on the same number: a keyword on one
 * number clashes with the same word on every number, and the reverse.
 */
export async function clashingKeyword(
  db: Executor,
  accountId: number,
  norm: string,
  phoneNumberId: number | null,
  exceptId: number | null,
) {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from keywords
         where account_id = ${accountId} and keyword_norm = ${norm}
           and (${phoneNumberId}::int is null or phone_number_id is null or phone_number_id = ${phoneNumberId})
           and (${exceptId}::int is null or id <> ${exceptId})
         limit 1`,
  );
  return rows[0]?.id ?? null;
}

export async function insertKeyword(db: Executor, row: typeof keywords.$inferInsert) {
  const [created] = await db.insert(keywords).values(row).returning({ id: keywords.id });
  return created!.id;
}

export async function updateKeyword(
  db: Executor,
  accountId: number,
  id: number,
  patch: Partial<typeof keywords.$inferInsert> & { updatedAt: Date },
) {
  const res = await db
    .update(keywords)
    .set(patch)
    .where(and(eq(keywords.accountId, accountId), eq(keywords.id, id)))
    .returning({ id: keywords.id });
  return res.length > 0;
}

export async function deleteKeyword(db: Executor, accountId: number, id: number) {
  const res = await db
    .delete(keywords)
    .where(and(eq(keywords.accountId, accountId), eq(keywords.id, id)))
    .returning({ id: keywords.id });
  return res.length > 0;
}

/** The live keyword a text names on a number: the number's own before an all-numbers one. */
export async function matchKeyword(
  db: Executor,
  accountId: number,
  phoneNumberId: number,
  norm: string,
  now: Date,
) {
  const { rows } = await db.execute<{
    id: number;
    keyword: string;
    reply: string;
    alreadySubscribedReply: string;
    doubleOptIn: boolean;
    askName: boolean;
    askEmail: boolean;
    groupIds: number[];
  }>(
    sql`select id, keyword_norm as keyword, reply, already_subscribed_reply as "alreadySubscribedReply",
               double_opt_in as "doubleOptIn", ask_name as "askName", ask_email as "askEmail",
               group_ids as "groupIds"
          from keywords
         where account_id = ${accountId} and keyword_norm = ${norm} and status = 'active'
           and (phone_number_id = ${phoneNumberId} or phone_number_id is null)
           and (expires_at is null or expires_at > ${now})
         order by phone_number_id nulls last
         limit 1`,
  );
  return rows[0] ?? null;
}

export async function insertJoin(db: Executor, row: typeof keywordJoins.$inferInsert) {
  await db.insert(keywordJoins).values(row);
}

/** Joins per day and, of those who joined, opt-outs since (by day of the opt-out). */
export async function keywordStats(db: Db, accountId: number, keywordId: number, since: Date) {
  const { rows } = await db.execute<{ day: string; joins: number; optOuts: number }>(
    sql`with j as (
          select phone, created_at from keyword_joins
           where account_id = ${accountId} and keyword_id = ${keywordId} and confirmed),
        o as (
          select distinct on (c.phone) c.created_at from consent_events c
            join j on j.phone = c.phone and c.created_at >= j.created_at
           where c.account_id = ${accountId} and c.action = 'opt_out'
           order by c.phone, c.created_at)
        select to_char(d, 'YYYY-MM-DD') as day,
               (select count(*)::int from j where j.created_at::date = d) as joins,
               (select count(*)::int from o where o.created_at::date = d) as "optOuts"
          from generate_series(${since}::date, current_date, interval '1 day') d
         order by d`,
  );
  const totals = await db.execute<{ joins: number; optOuts: number }>(
    sql`select (select count(*)::int from keyword_joins where account_id = ${accountId} and keyword_id = ${keywordId} and confirmed) as joins,
               (select count(distinct j.phone)::int from keyword_joins j
                  join consent_events c on c.account_id = j.account_id and c.phone = j.phone
                   and c.action = 'opt_out' and c.created_at >= j.created_at
                 where j.account_id = ${accountId} and j.keyword_id = ${keywordId} and j.confirmed) as "optOuts"`,
  );
  return { days: rows, totals: totals.rows[0] ?? { joins: 0, optOuts: 0 } };
}

export async function purchasedAddons(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from billing_records where account_id = ${accountId} and kind = 'keyword_addon'`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertAddonPurchase(
  db: Executor,
  accountId: number,
  description: string,
  cents: number,
) {
  await db.execute(
    sql`insert into billing_records (account_id, kind, description, amount_cents, recurring)
        values (${accountId}, 'keyword_addon', ${description}, ${cents}, 'monthly')`,
  );
}

// --- conversation steps waiting for the texter (Y, first name, e-mail) ---

export type PendingRow = typeof optinPending.$inferSelect;

export async function findPending(db: Executor, accountId: number, phone: string, now: Date) {
  const [row] = await db
    .select()
    .from(optinPending)
    .where(
      and(
        eq(optinPending.accountId, accountId),
        eq(optinPending.phone, phone),
        sql`${optinPending.expiresAt} > ${now}`,
      ),
    )
    .orderBy(sql`${optinPending.id} desc`)
    .limit(1);
  return row ?? null;
}

export async function replacePending(db: Executor, row: typeof optinPending.$inferInsert) {
  await db
    .delete(optinPending)
    .where(and(eq(optinPending.accountId, row.accountId), eq(optinPending.phone, row.phone)));
  await db.insert(optinPending).values(row);
}

export async function clearPending(db: Executor, accountId: number, phone: string) {
  await db
    .delete(optinPending)
    .where(and(eq(optinPending.accountId, accountId), eq(optinPending.phone, phone)));
}

/** The keyword packs an account bought (each billed monthly), on a pg client (billing's renewal). */
export async function monthlyKeywordPacks(
  db: Pick<PoolClient, "query">,
  accountId: number,
): Promise<{ description: string; amountCents: number }[]> {
  const res = await db.query<{ description: string; amountCents: number }>(
    `select description, amount_cents as "amountCents" from billing_records
      where account_id = $1 and kind = 'keyword_addon' and recurring = 'monthly' order by id`,
    [accountId],
  );
  return res.rows;
}

export async function businessNameOf(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ name: string }>(
    sql`select business_name as name from accounts where id = ${accountId}`,
  );
  return rows[0]?.name;
}

/** How many of these groups are the account's. */
export async function countOwnGroups(
  db: Executor,
  accountId: number,
  ids: number[],
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from groups where account_id = ${accountId}
           and id = any(${`{${ids.join(",")}}`}::int[])`,
  );
  return rows[0]?.n ?? 0;
}

/** One keyword change at a time per account (held to the transaction's end). */
export async function lockAccountKeywords(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(19019, ${accountId})`);
}

/** Every keyword of the account (any status), for the trigger registry. */
export async function keywordWords(db: Queryable, accountId: number) {
  const r = await db.query<{
    id: number;
    word: string;
    phone_number_id: number | null;
  }>(`select id, keyword_norm as word, phone_number_id from keywords where account_id = $1`, [
    accountId,
  ]);
  return r.rows;
}
