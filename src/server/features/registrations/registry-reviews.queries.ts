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
            submitted_at = null, waiting_for = null, created_at = now()
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
  /** The carrier's id of the number (toll-free reviews). */
  carrierSid: string | null;
  form: unknown;
  /** The account's brand form (a campaign names its brand's type). */
  brand: unknown;
  brandApproved: boolean;
  /** The registry that took it and its ids; the brand review's ids for a campaign. */
  registry: string | null;
  registryRef: Record<string, string | undefined>;
  brandRef: Record<string, string | undefined>;
  brandRegistry: string | null;
  submittedAt: Date | null;
}

/** The next due review, locked for this transaction (another process skips it). */
export async function claimDueReview(db: Queryable, now: Date): Promise<DueReview | undefined> {
  const res = await db.query<DueReview>(
    `select r.id, r.account_id as "accountId", r.kind, r.phone_number_id as "phoneNumberId",
            n.number, n.carrier_sid as "carrierSid",
            case r.kind when 'brand' then b.brand when 'campaign' then b.campaign
                        else n.tf_verification_form end as form,
            b.brand,
            coalesce(b.brand_status = 'approved', false) as "brandApproved",
            r.registry, r.registry_ref as "registryRef",
            coalesce(br.registry_ref, '{}'::jsonb) as "brandRef", br.registry as "brandRegistry",
            r.submitted_at as "submittedAt"
       from registry_reviews r
       left join brand_registrations b on b.account_id = r.account_id
       left join phone_numbers n on n.id = r.phone_number_id
       left join registry_reviews br on br.account_id = r.account_id and br.subject = 'brand'
      where r.status = 'queued' and r.due_at <= $1
      order by r.due_at
      limit 1
      for update of r skip locked`,
    [now],
  );
  return res.rows[0];
}

/** The account's live long codes, with the carrier's ids (they go into its 10DLC campaign). */
export async function longCodes(db: Queryable, accountId: number) {
  const res = await db.query<{ number: string; carrierSid: string }>(
    `select number, carrier_sid as "carrierSid" from phone_numbers
      where account_id = $1 and not toll_free and state <> 'released' order by id`,
    [accountId],
  );
  return res.rows;
}

/**
 * The registry took the submission (or answered it is still in review): its ids are kept and
 * the review is asked again at `nextAt`. `submitted` false: it was not taken (the registry was
 * out of reach) and is sent again then.
 */
export async function saveProgress(
  db: Queryable,
  id: number,
  p: {
    registry: string;
    ref: object;
    submitted: boolean;
    now: Date;
    nextAt: Date;
    waitingFor?: string | null;
  },
) {
  await db.query(
    `update registry_reviews
        set registry = $2, registry_ref = $3::jsonb, due_at = $6,
            submitted_at = case when $4 then coalesce(submitted_at, $5) else null end,
            waiting_for = $7
      where id = $1`,
    [id, p.registry, JSON.stringify(p.ref), p.submitted, p.now, p.nextAt, p.waitingFor ?? null],
  );
}

/** The account's brand review while it waits for the brand's mobile number (or nothing). */
export async function brandReviewWaiting(db: Queryable, accountId: number) {
  const res = await db.query<{
    id: number;
    registry: string;
    ref: Record<string, string | undefined>;
    form: unknown;
    waitingFor: string;
  }>(
    `select r.id, r.registry, r.registry_ref as ref, b.brand as form, r.waiting_for as "waitingFor"
       from registry_reviews r
       join brand_registrations b on b.account_id = r.account_id
      where r.account_id = $1 and r.subject = 'brand' and r.status = 'queued'
        and r.waiting_for is not null`,
    [accountId],
  );
  return res.rows[0];
}

/** Asks a queued review again now (the person did what the registry waited for). */
export async function dueNow(db: Queryable, id: number, now: Date) {
  await db.query(`update registry_reviews set due_at = $2 where id = $1 and status = 'queued'`, [
    id,
    now,
  ]);
}

/**
 * A status callback named one of these registry ids: the reviews that hold it are asked now
 * instead of at their next poll (the callback is a hint; the registry's answer is the truth).
 */
export async function bringForward(db: Queryable, registry: string, ids: string[], now: Date) {
  if (!ids.length) return 0;
  const res = await db.query(
    `update registry_reviews r set due_at = $3
      where r.status = 'queued' and r.registry = $1 and r.submitted_at is not null
        and exists (select 1 from jsonb_each_text(r.registry_ref) e where e.value = any($2::text[]))`,
    [registry, ids, now],
  );
  return res.rowCount ?? 0;
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

/** The brand's limits in the pace table the dispatcher reads (brand_trust). */
export async function saveTrust(
  db: Queryable,
  accountId: number,
  t: { score: number; tier: string; mps: number; dailyCap: number | null },
) {
  await db.query(
    `insert into brand_trust (account_id, score, tier, long_code_mps, daily_cap)
     values ($1, $2, $3, $4, $5)
     on conflict (account_id) do update
       set score = excluded.score, tier = excluded.tier, long_code_mps = excluded.long_code_mps,
           daily_cap = excluded.daily_cap, updated_at = now()`,
    [accountId, t.score, t.tier, t.mps, t.dailyCap],
  );
}

/** The campaign's own figures (where the registry gives them) refine the brand's limits. */
export async function refineTrust(
  db: Queryable,
  accountId: number,
  t: { tier: string; mps: number; dailyCap: number | null },
) {
  await db.query(
    `insert into brand_trust (account_id, score, tier, long_code_mps, daily_cap)
     values ($1, 0, $2, $3, $4)
     on conflict (account_id) do update
       set long_code_mps = case when $3 > 0 then $3 else brand_trust.long_code_mps end,
           daily_cap = coalesce($4, brand_trust.daily_cap), updated_at = now()`,
    [accountId, t.tier, t.mps, t.dailyCap],
  );
}

export async function recordDecision(
  db: Queryable,
  id: number,
  d: { rejectedFor: string | null; registry: string; ref: object; now: Date },
) {
  await db.query(
    `update registry_reviews
        set status = $2, reason = $3, decided_at = $4, registry = $5, registry_ref = $6::jsonb,
            submitted_at = coalesce(submitted_at, $4), waiting_for = null
      where id = $1`,
    [
      id,
      d.rejectedFor === null ? "approved" : "rejected",
      d.rejectedFor,
      d.now,
      d.registry,
      JSON.stringify(d.ref),
    ],
  );
}

export interface ReviewRow {
  kind: "brand" | "campaign" | "toll_free";
  phoneNumberId: number | null;
  status: "queued" | "approved" | "rejected" | "withdrawn";
  reason: string | null;
  dueAt: Date;
  decidedAt: Date | null;
  waitingFor: "mobile_reply" | "mobile_pin" | null;
}

export async function listReviews(db: Queryable, accountId: number): Promise<ReviewRow[]> {
  const res = await db.query<ReviewRow>(
    `select kind, phone_number_id as "phoneNumberId", status, reason, due_at as "dueAt",
            decided_at as "decidedAt", waiting_for as "waitingFor"
       from registry_reviews where account_id = $1 order by id`,
    [accountId],
  );
  return res.rows;
}

export async function readTrust(db: Queryable, accountId: number) {
  const res = await db.query<{ score: number; tier: string; mps: number; dailyCap: number | null }>(
    `select score, tier, long_code_mps as mps, daily_cap as "dailyCap"
       from brand_trust where account_id = $1`,
    [accountId],
  );
  return res.rows[0] ?? null;
}
