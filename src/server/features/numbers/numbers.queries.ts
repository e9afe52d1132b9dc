import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { PoolClient } from "pg";
import type { Db, Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { accounts } from "../account/account.public";
import { billingRecords, phoneNumbers } from "./numbers.schema";

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;

const live = sql`${phoneNumbers.state} <> 'released'`;

export async function listLiveNumbers(
  db: Db,
  auth: Actor,
  q: { page: number; pageSize: number; search: string; type?: "all" | "longCode" | "tollFree" },
) {
  const digits = q.search.replace(/\D/g, "");
  const filters = [ownedBy(phoneNumbers, auth), live];
  if (q.type === "longCode") filters.push(eq(phoneNumbers.tollFree, false));
  if (q.type === "tollFree") filters.push(eq(phoneNumbers.tollFree, true));
  if (q.search) {
    const byName = ilike(phoneNumbers.name, `%${q.search.replace(/[%_\\]/g, "\\$&")}%`);
    filters.push(digits ? or(byName, ilike(phoneNumbers.number, `%${digits}%`))! : byName);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(phoneNumbers)
      .where(where)
      .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(phoneNumbers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLiveNumber(db: Db, auth: Pick<Actor, "accountId">, id: number) {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(ownedBy(phoneNumbers, auth), eq(phoneNumbers.id, id), live));
  return row;
}

/**
 * Inbound routing: the account is not known yet, the number tells it. This is the one lookup of
 * tenant rows that is not scoped by an account, by design.
 */
export async function findLiveNumberByE164(db: Db, number: string) {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), live));
  return row;
}

/** The account's first active number, a long code before a toll-free one (none: undefined). */
export async function findOwnSendingNumber(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: phoneNumbers.id, number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.state, "active")))
    .orderBy(asc(phoneNumbers.tollFree), asc(phoneNumbers.id))
    .limit(1);
  return row;
}

export async function countLiveNumbers(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), live));
  return row?.n ?? 0;
}

/** Every number the account has had, released ones too. */
export async function allNumbersOf(db: Executor, accountId: number) {
  return db
    .select({ id: phoneNumbers.id, number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.accountId, accountId));
}

/** Whether the number is the account's and not released. */
export async function isLiveNumberOf(
  db: Executor,
  accountId: number,
  phoneNumberId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, phoneNumberId), eq(phoneNumbers.accountId, accountId), live))
    .limit(1);
  return row !== undefined;
}

/** Whether the account keeps a toll-free number (released ones aside). */
export async function hasLiveTollFree(db: Executor, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.tollFree, true), live));
  return (row?.n ?? 0) > 0;
}

export async function insertNumber(db: Executor, row: typeof phoneNumbers.$inferInsert) {
  const [inserted] = await db.insert(phoneNumbers).values(row).returning();
  return inserted!;
}

export async function updateNumber(
  db: Db,
  auth: Actor,
  id: number,
  set: Partial<Pick<PhoneNumberRow, "name" | "tfVerification" | "tfVerificationForm" | "state">>,
) {
  const [row] = await db
    .update(phoneNumbers)
    .set(set)
    .where(and(ownedBy(phoneNumbers, auth), eq(phoneNumbers.id, id), live))
    .returning();
  return row;
}

export async function markReleased(db: Db, auth: Actor, id: number) {
  await db
    .update(phoneNumbers)
    .set({ state: "released", releasedAt: sql`now()` })
    .where(
      and(ownedBy(phoneNumbers, auth), eq(phoneNumbers.id, id), ne(phoneNumbers.state, "released")),
    );
}

export async function hasUsableNumber(db: Db, auth: Actor): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      and(
        ownedBy(phoneNumbers, auth),
        eq(phoneNumbers.state, "active"),
        or(eq(phoneNumbers.tollFree, false), eq(phoneNumbers.tfVerification, "verified")),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertBillingRecord(db: Executor, row: typeof billingRecords.$inferInsert) {
  await db.insert(billingRecords).values(row);
}

/** The number the account texts from when nothing else says which: its included, oldest live one. */
export async function defaultNumber(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ id: number; number: string }>(
    sql`select id, number from phone_numbers where account_id = ${accountId} and state = 'active'
         order by included desc, id limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * The extra numbers an account holds (released ones stop), each with its monthly price, on a
 * pg client (billing's renewal transaction).
 */
export async function monthlyPricedNumbers(
  db: Pick<PoolClient, "query">,
  accountId: number,
): Promise<{ number: string; monthlyPriceCents: number }[]> {
  const res = await db.query<{ number: string; monthlyPriceCents: number }>(
    `select number, monthly_price_cents as "monthlyPriceCents" from phone_numbers
      where account_id = $1 and state <> 'released' and monthly_price_cents > 0
      order by id`,
    [accountId],
  );
  return res.rows;
}

/** Locks the account's row for the caller's transaction (one purchase at a time). */
export async function lockAccountRow(tx: Executor, accountId: number): Promise<void> {
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for("update");
}

/** The account's numbers that are not released, with their toll-free verification, oldest first. */
export async function registrationNumbersOf(db: Queryable, accountId: number) {
  const res = await db.query<{
    id: number;
    number: string;
    tollFree: boolean;
    tf: string;
    state: string;
  }>(
    `select id, number, toll_free as "tollFree", tf_verification as tf, state
       from phone_numbers where account_id = $1 and state <> 'released' order by id`,
    [accountId],
  );
  return res.rows;
}
