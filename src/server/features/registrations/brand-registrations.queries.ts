import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
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
