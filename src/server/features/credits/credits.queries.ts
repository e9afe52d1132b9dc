import type { QueryResult, QueryResultRow } from "pg";
import { TRIAL_CREDITS } from "../../../domain/billing";

/** A pool or a client inside a transaction: credit changes join the caller's transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<QueryResult<R>>;
}

/** Credits a new account starts with (its trial allowance): one figure, in src/domain/billing.ts. */
export { TRIAL_CREDITS };

/** The account's credit row, created with the trial grant the first time anything asks. */
export async function ensureCreditRow(db: Queryable, accountId: number): Promise<void> {
  const created = await db.query(
    `insert into account_credits (account_id, balance, period_allowance)
     values ($1, $2, $2) on conflict (account_id) do nothing returning account_id`,
    [accountId, TRIAL_CREDITS],
  );
  if (created.rowCount) {
    await db.query(
      `insert into credit_ledger (account_id, delta, reason, description)
       values ($1, $2, 'grant', 'Trial credits')`,
      [accountId, TRIAL_CREDITS],
    );
  }
}

export type CreditKind = "standard" | "international";

/**
 * Takes `amount` credits if the balance covers them; answers the new balance, or null (nothing
 * changed) when it does not. One statement, so two concurrent charges cannot both spend the
 * last credits.
 */
export async function takeCredits(
  db: Queryable,
  accountId: number,
  kind: CreditKind,
  amount: number,
): Promise<number | null> {
  const column = kind === "international" ? "international_balance" : "balance";
  const res = await db.query<{ balance: number }>(
    `update account_credits set ${column} = ${column} - $2, updated_at = now()
     where account_id = $1 and ${column} >= $2 returning ${column} as balance`,
    [accountId, amount],
  );
  return res.rows[0]?.balance ?? null;
}

export async function addCredits(
  db: Queryable,
  accountId: number,
  kind: CreditKind,
  amount: number,
): Promise<void> {
  const column = kind === "international" ? "international_balance" : "balance";
  await db.query(
    `update account_credits set ${column} = ${column} + $2, updated_at = now() where account_id = $1`,
    [accountId, amount],
  );
}

export async function insertLedger(
  db: Queryable,
  row: {
    accountId: number;
    kind: CreditKind;
    delta: number;
    reason: string;
    description?: string;
    runId?: number | null;
    messageId?: number | null;
  },
): Promise<boolean> {
  const res = await db.query(
    `insert into credit_ledger (account_id, kind, delta, reason, description, run_id, message_id)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [
      row.accountId,
      row.kind,
      row.delta,
      row.reason,
      row.description ?? "",
      row.runId ?? null,
      row.messageId ?? null,
    ],
  );
  return (res.rowCount ?? 0) > 0;
}

export async function readCredits(db: Queryable, accountId: number) {
  const res = await db.query<{
    balance: number;
    internationalBalance: number;
    allowance: number;
    used: number;
    autoTopUp: boolean;
  }>(
    `select c.balance, c.international_balance as "internationalBalance",
            c.period_allowance as allowance,
            coalesce((select -sum(l.delta) from credit_ledger l
                      where l.account_id = c.account_id and l.kind = 'standard'
                        and l.reason in ('reserve', 'test', 'charge', 'refund')
                        and l.created_at >= c.period_started_at), 0)::int as used,
            coalesce(t.enabled, false) as "autoTopUp"
       from account_credits c
       left join auto_topup_settings t on t.account_id = c.account_id
      where c.account_id = $1`,
    [accountId],
  );
  const row = res.rows[0]!;
  // One definition for every screen: used this period plus what is left is the period's total
  // (billing summary, dashboard, credits), so "used of total" and "left" always add up.
  const used = Math.max(0, row.used);
  return { ...row, used, total: used + row.balance };
}

/** The credit row of an account opening on a paid plan; false when it had one already. */
export async function insertPlanCreditRow(
  db: Queryable,
  accountId: number,
  credits: number,
  at: Date,
): Promise<boolean> {
  const created = await db.query(
    `insert into account_credits (account_id, balance, period_allowance, period_started_at)
     values ($1, $2, $2, $3) on conflict (account_id) do nothing returning account_id`,
    [accountId, credits, at],
  );
  return Boolean(created.rowCount);
}

/** A new paid period: the plan's credits added, and the period's allowance from `at`. */
export async function startCreditPeriod(
  db: Queryable,
  accountId: number,
  credits: number,
  at: Date,
): Promise<void> {
  await db.query(
    `update account_credits set balance = balance + $2, period_allowance = $2, period_started_at = $3,
            updated_at = now() where account_id = $1`,
    [accountId, credits, at],
  );
}

/** Bought credits count in the period's total (the summary's "used of total"). */
export async function addToAllowance(db: Queryable, accountId: number, qty: number) {
  await db.query(
    "update account_credits set period_allowance = period_allowance + $2 where account_id = $1",
    [accountId, qty],
  );
}

/** Whether a charge of `amount` that left `balance` crossed the account's auto top-up threshold. */
export async function crossedTopupThreshold(
  db: Queryable,
  accountId: number,
  balance: number,
  amount: number,
): Promise<boolean> {
  const crossed = await db.query(
    `select 1 from auto_topup_settings
      where account_id = $1 and enabled and threshold > $2 and threshold <= $2 + $3`,
    [accountId, balance, amount],
  );
  return Boolean(crossed.rowCount);
}

/** The billing record of credits paid for (shown in the payment history). */
export async function insertCreditsBillingRecord(
  db: Queryable,
  row: { accountId: number; kind: string; description: string; amountCents: number },
) {
  await db.query(
    `insert into billing_records (account_id, kind, description, amount_cents)
     values ($1, $2, $3, $4)`,
    [row.accountId, row.kind, row.description, row.amountCents],
  );
}

/** Whether the account is a test account (which cannot buy credits). */
export async function isTestAccount(db: Queryable, accountId: number): Promise<boolean> {
  const account = await db.query<{ isTest: boolean }>(
    `select is_test_account as "isTest" from accounts where id = $1`,
    [accountId],
  );
  return account.rows[0]?.isTest === true;
}
