import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import { type RegistrationStatus, showTollFreeBanner } from "../../../domain/registrations";
import { REGISTRY_FEES } from "../../../domain/registry-limits";
import { currentRegistry } from "../../carriers/registry/current-registry";
import type { Actor, AppContext } from "../../http/context";
import { markBrandRegistrationSkipped } from "../account/account-records.service";
import { registrationNumbers } from "../numbers/numbers.service";
import { accountSettingValue } from "../settings/settings.service";
import * as brands from "./brand-registrations.queries";
import * as q from "./registry-reviews.queries";

async function settingFlag(ctx: AppContext, accountId: number, name: string): Promise<boolean> {
  return (await accountSettingValue(ctx.db.$client, accountId, name)) === true;
}

/**
 * The account's registration picture: the toll-free banner (doc 1 §4) from the real numbers and
 * settings, the 10DLC review outcomes with their reasons, the brand's trust tier and throughput.
 */
export async function registrationStatus(
  ctx: AppContext,
  auth: Actor,
): Promise<RegistrationStatus> {
  assertCan(auth, "account:read");
  const db = ctx.db.$client;
  const [numbers, skip, complete, required, reviews, trust, brand] = await Promise.all([
    registrationNumbers(db, auth.accountId),
    settingFlag(ctx, auth.accountId, "skip_tfn_verification"),
    settingFlag(ctx, auth.accountId, "complete_tfn_verification"),
    settingFlag(ctx, auth.accountId, "require_brand_registration"),
    q.listReviews(db, auth.accountId),
    q.readTrust(db, auth.accountId),
    brands.brandStatuses(db, auth.accountId),
  ]);
  const rows = numbers;
  const registry = currentRegistry(ctx);
  const hasValid = rows.some((n) => n.state === "active" && (!n.tollFree || n.tf === "verified"));
  let tollFreeBanner: RegistrationStatus["tollFreeBanner"] = null;
  if (
    showTollFreeBanner({
      skipSetting: skip,
      completeSetting: complete,
      hasValidSendingNumber: hasValid,
    })
  ) {
    const tf = rows.find((n) => n.tollFree && n.state === "active");
    const state = !tf
      ? "no_number"
      : tf.tf === "pending"
        ? "pending"
        : tf.tf === "rejected"
          ? "rejected"
          : "unverified";
    tollFreeBanner = {
      state,
      number: tf?.number ?? null,
      link: tf
        ? `/dedicated-numbers/details/${tf.id}/${tf.number.replace(/\D/g, "")}`
        : "/dedicated-numbers",
    };
  }
  const latest = (kind: string) => reviews.filter((r) => r.kind === kind).at(-1);
  const b = brand;
  return {
    tollFreeBanner,
    requireBrandRegistration: required,
    brand: {
      status: b?.brandStatus ?? "none",
      reason: latest("brand")?.reason ?? null,
      waitingFor:
        latest("brand")?.status === "queued" ? (latest("brand")?.waitingFor ?? null) : null,
    },
    campaign: {
      status: b?.campaignStatus ?? "none",
      reason: latest("campaign")?.reason ?? null,
    },
    tollFree: reviews
      .filter((r) => r.kind === "toll_free" && r.phoneNumberId !== null)
      .map((r) => ({
        phoneNumberId: r.phoneNumberId!,
        status: r.status,
        reason: r.reason,
        decidedAt: r.decidedAt?.toISOString() ?? null,
      })),
    trust: trust
      ? {
          score: trust.score,
          tier: trust.tier,
          mps: Number(trust.mps),
          dailyCap: trust.dailyCap === null ? null : Number(trust.dailyCap),
        }
      : null,
    reviewSeconds: ctx.config.REGISTRY_REVIEW_SECONDS,
    registry: {
      name: registry.name,
      simulated: registry.simulated,
      fees: REGISTRY_FEES[registry.name].map((f) => ({
        ...f,
        brandTypes: f.brandTypes ? [...f.brandTypes] : undefined,
      })),
    },
  };
}

/** 'Skip for now' in the brand registration modal: the banner keeps asking instead. */
export async function skipBrandPrompt(ctx: AppContext, auth: Actor) {
  assertCan(auth, "registration:manage");
  if (!(await markBrandRegistrationSkipped(ctx.db.$client, auth.accountId)))
    throw new AppError("CONFLICT", "Your brand registration is already complete.");
  return { brandRegistrationStatus: "skipped" as const };
}

/** The account's 10DLC brand and campaign are both approved: its local numbers may carry links. */
export async function tenDlcRegistered(ctx: AppContext, accountId: number): Promise<boolean> {
  return brands.tenDlcApproved(ctx.db.$client, accountId);
}
