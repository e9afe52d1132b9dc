import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { accounts } from "./account.schema";

/**
 * `base`, or `base-2`, `base-3`… the first not taken (account names are unique regardless of
 * case). Taken under a transaction-scoped lock so two sign-ups of "Joe's Pizza" do not both
 * pick the same name.
 */
export async function freeAccountName(tx: Executor, base: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-name:${base}`}))`);
  const rows = await tx.execute<{ name: string }>(
    sql`select lower(account_name) as name from accounts
         where lower(account_name) = ${base} or lower(account_name) like ${`${base}-%`}`,
  );
  const taken = new Set(rows.rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A business's own account, on trial (sign-up). */
export async function insertAccount(
  tx: Executor,
  row: {
    accountName: string;
    businessName: string;
    email: string;
    timezoneId: number;
    /** Unknown for an install's first account (its setup asks for neither). */
    industry: number | null;
    businessPhone: string | null;
    trialEndsAt: Date;
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(accounts)
    .values({ ...row, subscriptionType: "trial" })
    .returning({ id: accounts.id });
  return inserted!.id;
}

/** A managed (child) account under `parentId`. */
export async function insertChildAccount(
  tx: Executor,
  row: {
    parentId: number;
    accountName: string;
    businessName: string;
    email: string;
    timezoneId: number;
  },
) {
  const [inserted] = await tx
    .insert(accounts)
    .values({
      accountName: row.accountName,
      businessName: row.businessName,
      email: row.email,
      timezoneId: row.timezoneId,
      parentAccountId: row.parentId,
      subscriptionType: "managed",
    })
    .returning({ id: accounts.id });
  return inserted!.id;
}

/** An account by its public name (case-insensitive), as /subscribe/:accountName finds it. */
export async function accountByName(db: Executor, accountName: string) {
  const { rows } = await db.execute<{ id: number; accountName: string; businessName: string }>(
    sql`select id, account_name as "accountName", business_name as "businessName"
          from accounts where lower(account_name) = lower(${accountName}) limit 1`,
  );
  return rows[0] ?? null;
}

/** The brand registration form is filled in: the prompt (spec doc 1 §4) need not ask again. */
export async function markBrandRegistrationComplete(tx: Executor, accountId: number) {
  await tx
    .update(accounts)
    .set({ brandRegistrationStatus: "complete" })
    .where(eq(accounts.id, accountId));
}

/** 'Skip for now' on the brand registration prompt; false once registration is complete. */
export async function markBrandRegistrationSkipped(db: Queryable, accountId: number) {
  const res = await db.query<{ status: string }>(
    `update accounts set brand_registration_status = 'skipped'
      where id = $1 and brand_registration_status <> 'complete'
      returning brand_registration_status as status`,
    [accountId],
  );
  return res.rows.length > 0;
}
