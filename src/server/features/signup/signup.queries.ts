import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { accounts } from "../account/account.schema";
import { billingSubscriptions } from "../billing/billing.schema";
import { users } from "../users/users.schema";

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

export async function insertAccount(
  tx: Executor,
  row: {
    accountName: string;
    businessName: string;
    email: string;
    timezoneId: number;
    industry: number;
    businessPhone: string;
    trialEndsAt: Date;
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(accounts)
    .values({ ...row, subscriptionType: "trial" })
    .returning({ id: accounts.id });
  return inserted!.id;
}

export async function insertOwner(tx: Executor, row: typeof users.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

export async function insertTrial(
  tx: Executor,
  row: { accountId: number; planId: string; start: Date; end: Date },
) {
  await tx.insert(billingSubscriptions).values({
    accountId: row.accountId,
    planId: row.planId,
    status: "trial",
    periodStart: row.start,
    periodEnd: row.end,
  });
}
