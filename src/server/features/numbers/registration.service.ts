import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type {
  brandRegistration,
  brandRequest,
  campaignRequest,
} from "../../../domain/numbers.schemas";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { markBrandRegistrationComplete } from "../account/account-records.service";
import {
  findBrandRegistration,
  saveBrand,
  saveCampaign,
} from "../registrations/brand-registrations.service";

type Registration = z.infer<typeof brandRegistration>;
type Status = Registration["brandStatus"];

/**
 * 10DLC brand and campaign registration (the carrier's registry reviews them; until then both
 * stay pending and long-code sending is limited as the spec says).
 */
export async function getRegistration(ctx: AppContext, auth: Actor): Promise<Registration> {
  assertCan(auth, "registration:manage");
  const row = await findBrandRegistration(ctx.db, auth.accountId);
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
    await saveBrand(tx, auth.accountId, brand);
    // The form is filled in: the brand registration prompt (spec doc 1 §4) need not ask again.
    await markBrandRegistrationComplete(tx, auth.accountId);
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
  await saveCampaign(ctx.db, auth.accountId, campaign);
  return getRegistration(ctx, auth);
}
