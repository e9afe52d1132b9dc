import { MESSAGE_BUNDLES } from "../../../domain/billing";
import type { Queryable } from "../credits/credits.service";

export interface AutoTopupSettings {
  enabled: boolean;
  threshold: number;
  bundleQty: number;
  lastTopupAt: Date | null;
  lastFailure: string | null;
}

const COLUMNS = `enabled, threshold, bundle_qty as "bundleQty", last_topup_at as "lastTopupAt",
  last_failure as "lastFailure"`;

export async function autoTopupOf(db: Queryable, accountId: number): Promise<AutoTopupSettings> {
  const res = await db.query<AutoTopupSettings>(
    `select ${COLUMNS} from auto_topup_settings where account_id = $1`,
    [accountId],
  );
  return (
    res.rows[0] ?? {
      enabled: false,
      threshold: 100,
      bundleQty: MESSAGE_BUNDLES[0].qty,
      lastTopupAt: null,
      lastFailure: null,
    }
  );
}

/** Saves the setting; a past failure is cleared so the next pass tries again at once. */
export async function upsertAutoTopup(
  db: Queryable,
  accountId: number,
  input: { enabled: boolean; threshold: number; bundleQty: number },
): Promise<void> {
  await db.query(
    `insert into auto_topup_settings (account_id, enabled, threshold, bundle_qty)
     values ($1, $2, $3, $4)
     on conflict (account_id) do update set enabled = excluded.enabled,
       threshold = excluded.threshold, bundle_qty = excluded.bundle_qty,
       last_failure = null, last_failure_at = null, updated_at = now()`,
    [accountId, input.enabled, input.threshold, input.bundleQty],
  );
}

/** The setting locked with the balance read again (inside the top-up's transaction). */
export async function lockTopupSettings(db: Queryable, accountId: number) {
  const locked = await db.query<AutoTopupSettings & { balance: number }>(
    `select t.enabled, t.threshold, t.bundle_qty as "bundleQty", c.balance
       from auto_topup_settings t join account_credits c on c.account_id = t.account_id
      where t.account_id = $1 for update of t`,
    [accountId],
  );
  return locked.rows[0];
}

export async function hasCardOnFile(db: Queryable, accountId: number): Promise<boolean> {
  const card = await db.query("select 1 from payment_methods where account_id = $1", [accountId]);
  return Boolean(card.rowCount);
}

export async function markTopupBought(db: Queryable, accountId: number, now: Date) {
  await db.query(
    `update auto_topup_settings set last_topup_at = $2, last_failure = null,
            last_failure_at = null where account_id = $1`,
    [accountId, now],
  );
}

export async function markTopupFailed(db: Queryable, accountId: number, why: string, now: Date) {
  await db.query(
    `update auto_topup_settings set last_failure = $2, last_failure_at = $3 where account_id = $1`,
    [accountId, why, now],
  );
}

/** Enabled accounts below their threshold, not locked, not waiting after a failure. */
export async function dueTopups(db: Queryable, failedBefore: Date, accountId: number | null) {
  const due = await db.query<{ accountId: number }>(
    `select t.account_id as "accountId"
       from auto_topup_settings t
       join account_credits c on c.account_id = t.account_id
       join accounts a on a.id = t.account_id
      where t.enabled and c.balance < t.threshold and a.forbidden_reason is null
        and (t.last_failure_at is null or t.last_failure_at <= $1)
        and ($2::int is null or t.account_id = $2)
      order by t.account_id limit 1000`,
    [failedBefore, accountId],
  );
  return due.rows;
}
