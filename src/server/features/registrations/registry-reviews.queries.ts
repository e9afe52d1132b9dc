import type { Queryable } from "../credits/credits.service";

/**
 * Queues a review for every submission waiting for one: a pending brand, a pending campaign
 * whose brand is approved, a pending toll-free verification of a live number. A decided review
 * whose subject is pending again (submitted anew after a rejection) is queued again. Reviews of
 * things no longer pending (a released number) are withdrawn.
 */
export async function queueNewReviews(db: Queryable, delaySeconds: number, now: Date) {
  await db.query(
    `insert into registry_reviews (account_id, kind, subject, phone_number_id, due_at)
     select account_id, kind, subject, phone_number_id, $2::timestamptz + $1 * interval '1 second'
       from (
         select b.account_id, 'brand' as kind, 'brand' as subject, null::int as phone_number_id
           from brand_registrations b where b.brand_status = 'pending'
         union all
         select b.account_id, 'campaign', 'campaign', null
           from brand_registrations b
          where b.campaign_status = 'pending' and b.brand_status = 'approved'
         union all
         select n.account_id, 'toll_free', 'toll_free:' || n.id, n.id
           from phone_numbers n
          where n.tf_verification = 'pending' and n.state <> 'released'
       ) s
     on conflict (account_id, subject) do update
        set status = 'queued', due_at = excluded.due_at, reason = null, decided_at = null,
            created_at = now()
      where registry_reviews.status <> 'queued'`,
    [delaySeconds, now],
  );
  await db.query(
    `update registry_reviews r set status = 'withdrawn', decided_at = now()
      where r.status = 'queued' and r.kind = 'toll_free'
        and not exists (select 1 from phone_numbers n where n.id = r.phone_number_id
                         and n.tf_verification = 'pending' and n.state <> 'released')`,
  );
}

export interface DueReview {
  id: number;
  accountId: number;
  kind: "brand" | "campaign" | "toll_free";
  phoneNumberId: number | null;
  number: string | null;
  form: unknown;
  brandApproved: boolean;
}

/** The next due review, locked for this transaction (another process skips it). */
export async function claimDueReview(db: Queryable, now: Date): Promise<DueReview | undefined> {
  const res = await db.query<DueReview>(
    `select r.id, r.account_id as "accountId", r.kind, r.phone_number_id as "phoneNumberId",
            n.number,
            case r.kind when 'brand' then b.brand when 'campaign' then b.campaign
                        else n.tf_verification_form end as form,
            coalesce(b.brand_status = 'approved', false) as "brandApproved"
       from registry_reviews r
       left join brand_registrations b on b.account_id = r.account_id
       left join phone_numbers n on n.id = r.phone_number_id
      where r.status = 'queued' and r.due_at <= $1
      order by r.due_at
      limit 1
      for update of r skip locked`,
    [now],
  );
  return res.rows[0];
}

export async function setBrandStatus(db: Queryable, accountId: number, status: string) {
  await db.query(
    `update brand_registrations set brand_status = $2, updated_at = now() where account_id = $1`,
    [accountId, status],
  );
}

export async function setCampaignStatus(db: Queryable, accountId: number, status: string) {
  await db.query(
    `update brand_registrations set campaign_status = $2, updated_at = now() where account_id = $1`,
    [accountId, status],
  );
}

export async function setTollFreeStatus(db: Queryable, phoneNumberId: number, status: string) {
  await db.query(`update phone_numbers set tf_verification = $2 where id = $1`, [
    phoneNumberId,
    status,
  ]);
}

export async function saveTrust(
  db: Queryable,
  accountId: number,
  score: number,
  tier: string,
  mps: number,
) {
  await db.query(
    `insert into brand_trust (account_id, score, tier, long_code_mps) values ($1, $2, $3, $4)
     on conflict (account_id) do update
       set score = excluded.score, tier = excluded.tier, long_code_mps = excluded.long_code_mps,
           updated_at = now()`,
    [accountId, score, tier, mps],
  );
}

export async function recordDecision(
  db: Queryable,
  id: number,
  rejectedFor: string | null,
  now: Date,
) {
  await db.query(
    `update registry_reviews set status = $2, reason = $3, decided_at = $4 where id = $1`,
    [id, rejectedFor === null ? "approved" : "rejected", rejectedFor, now],
  );
}

export interface ReviewRow {
  kind: "brand" | "campaign" | "toll_free";
  phoneNumberId: number | null;
  status: "queued" | "approved" | "rejected" | "withdrawn";
  reason: string | null;
  dueAt: Date;
  decidedAt: Date | null;
}

export async function listReviews(db: Queryable, accountId: number): Promise<ReviewRow[]> {
  const res = await db.query<ReviewRow>(
    `select kind, phone_number_id as "phoneNumberId", status, reason, due_at as "dueAt",
            decided_at as "decidedAt"
       from registry_reviews where account_id = $1 order by id`,
    [accountId],
  );
  return res.rows;
}

export async function readTrust(db: Queryable, accountId: number) {
  const res = await db.query<{ score: number; tier: string; mps: number }>(
    `select score, tier, long_code_mps as mps from brand_trust where account_id = $1`,
    [accountId],
  );
  return res.rows[0] ?? null;
}
