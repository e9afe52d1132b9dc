import type { Queryable } from "../credits/credits.service";

export async function linkOf(db: Queryable, accountId: number) {
  const res = await db.query<{ code: string }>(
    "select code from referral_links where account_id = $1",
    [accountId],
  );
  return res.rows[0]?.code;
}

/** Stores `code` as the account's link code; false when another account already has it. */
export async function insertLink(db: Queryable, accountId: number, code: string) {
  const res = await db.query(
    `insert into referral_links (account_id, code) values ($1, $2)
     on conflict do nothing returning account_id`,
    [accountId, code],
  );
  return (res.rowCount ?? 0) > 0;
}

export async function accountOfCode(db: Queryable, code: string) {
  const res = await db.query<{ accountId: number }>(
    `select account_id as "accountId" from referral_links where code = $1`,
    [code],
  );
  return res.rows[0]?.accountId;
}

export async function insertReferral(
  db: Queryable,
  row: { referrerAccountId: number; referredAccountId: number; business: string },
) {
  await db.query(
    `insert into referrals (referrer_account_id, referred_account_id, referred_business)
     values ($1, $2, $3) on conflict do nothing`,
    [row.referrerAccountId, row.referredAccountId, row.business],
  );
}

/**
 * Marks the referral of `referredAccountId` credited, once (the first paid invoice wins): answers
 * the referrer and the business, or nothing when there is no referral left to credit.
 */
export async function claimReferral(
  db: Queryable,
  referredAccountId: number,
  credits: number,
  invoiceId: number,
  at: Date,
) {
  const res = await db.query<{ referrerAccountId: number; business: string }>(
    `update referrals set credited_at = $4, credits = $2, invoice_id = $3
      where referred_account_id = $1 and credited_at is null
      returning referrer_account_id as "referrerAccountId", referred_business as business`,
    [referredAccountId, credits, invoiceId, at],
  );
  return res.rows[0];
}

export interface ReferralDbRow {
  id: number;
  business: string;
  signedUpAt: Date;
  creditedAt: Date | null;
  credits: number;
  removed: boolean;
}

export async function listReferrals(db: Queryable, referrerAccountId: number) {
  const res = await db.query<ReferralDbRow>(
    `select id::int as id, referred_business as business, signed_up_at as "signedUpAt",
            credited_at as "creditedAt", credits, referred_account_id is null as removed
       from referrals where referrer_account_id = $1
      order by signed_up_at desc, id desc limit 500`,
    [referrerAccountId],
  );
  return res.rows;
}

export async function referralTotals(db: Queryable, referrerAccountId: number) {
  const res = await db.query<{ signedUp: number; credited: number; creditsEarned: number }>(
    `select count(*)::int as "signedUp", count(credited_at)::int as credited,
            coalesce(sum(credits), 0)::int as "creditsEarned"
       from referrals where referrer_account_id = $1`,
    [referrerAccountId],
  );
  return res.rows[0]!;
}
