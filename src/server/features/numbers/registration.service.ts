import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type {
  brandRegistration,
  brandRequest,
  campaignRequest,
} from "../../../domain/numbers.schemas";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { accounts } from "../account/account.schema";
import { brandRegistrations } from "../registrations/registrations.schema";

type Registration = z.infer<typeof brandRegistration>;
type Status = Registration["brandStatus"];

/**
 * 10DLC brand and campaign registration (the carrier's registry reviews them; until then both
 * stay pending and long-code sending is limited as the spec says).
 */
export async function getRegistration(ctx: AppContext, auth: Actor): Promise<Registration> {
  assertCan(auth, "registration:manage");
  const [row] = await ctx.db
    .select()
    .from(brandRegistrations)
    .where(eq(brandRegistrations.accountId, auth.accountId));
  if (!row) return { brand: null, brandStatus: "none", campaign: null, campaignStatus: "none" };
  return {
    brand: row.brand as Registration["brand"],
    brandStatus: row.brandStatus as Status,
    campaign: (row.campaign as Registration["campaign"]) ?? null,
    campaignStatus: row.campaignStatus as Status,
  };
}

export async function submitBrand(
  ctx: AppContext,
  auth: Actor,
  brand: z.infer<typeof brandRequest>,
) {
  assertCan(auth, "registration:manage");
  const current = await getRegistration(ctx, auth);
  if (current.brandStatus === "approved")
    throw new AppError("CONFLICT", "Your brand is already approved.");
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(brandRegistrations)
      .values({ accountId: auth.accountId, brand, brandStatus: "pending" })
      .onConflictDoUpdate({
        target: brandRegistrations.accountId,
        set: { brand, brandStatus: "pending", updatedAt: sql`now()` },
      });
    // The form is filled in: the brand registration prompt (spec doc 1 §4) need not ask again.
    await tx
      .update(accounts)
      .set({ brandRegistrationStatus: "complete" })
      .where(eq(accounts.id, auth.accountId));
  });
  return getRegistration(ctx, auth);
}

export async function submitCampaign(
  ctx: AppContext,
  auth: Actor,
  campaign: z.infer<typeof campaignRequest>,
) {
  assertCan(auth, "registration:manage");
  const current = await getRegistration(ctx, auth);
  if (current.brandStatus === "none")
    throw new AppError("BAD_REQUEST", "Register your brand before your campaign.");
  await ctx.db
    .update(brandRegistrations)
    .set({ campaign, campaignStatus: "pending", updatedAt: sql`now()` })
    .where(eq(brandRegistrations.accountId, auth.accountId));
  return getRegistration(ctx, auth);
}
