import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { brandRegistrations } from "./registrations.schema";

/** The account's 10DLC brand and campaign registration, if it has one. */
export async function findBrandRegistration(db: Executor, accountId: number) {
  const [row] = await db
    .select()
    .from(brandRegistrations)
    .where(eq(brandRegistrations.accountId, accountId));
  return row;
}

/** The brand submitted (again): pending review. */
export async function saveBrand(db: Executor, accountId: number, brand: unknown) {
  await db
    .insert(brandRegistrations)
    .values({ accountId, brand, brandStatus: "pending" })
    .onConflictDoUpdate({
      target: brandRegistrations.accountId,
      set: { brand, brandStatus: "pending", updatedAt: sql`now()` },
    });
}

/** The campaign submitted: pending review. */
export async function saveCampaign(db: Executor, accountId: number, campaign: unknown) {
  await db
    .update(brandRegistrations)
    .set({ campaign, campaignStatus: "pending", updatedAt: sql`now()` })
    .where(eq(brandRegistrations.accountId, accountId));
}

/** The brand's and the campaign's review statuses, when the account has a registration. */
export async function brandStatuses(db: Queryable, accountId: number) {
  const res = await db.query<{ brandStatus: string; campaignStatus: string }>(
    `select brand_status as "brandStatus", campaign_status as "campaignStatus"
       from brand_registrations where account_id = $1`,
    [accountId],
  );
  return res.rows[0];
}

/** The account's 10DLC brand and campaign are both approved. */
export async function tenDlcApproved(db: Queryable, accountId: number): Promise<boolean> {
  const res = await db.query<{ ok: boolean }>(
    `select brand_status = 'approved' and campaign_status = 'approved' as ok
       from brand_registrations where account_id = $1`,
    [accountId],
  );
  return res.rows[0]?.ok === true;
}
