import { limitsFor } from "../../../domain/registry-limits";
import {
  reviewBrand,
  reviewCampaign,
  reviewTollFree,
  trustScore,
} from "../../../domain/registry-review";
import {
  type BrandSubmission,
  type CampaignSubmission,
  type Registry,
  type RegistryOutcome,
  RegistryRefusal,
  type TollFreeSubmission,
} from "./registry";

/**
 * The built-in registry: decides with the published rules of src/domain/registry-review.ts
 * (placeholder names, unverifiable websites, missing opt-out language, disallowed content) and
 * scores approved brands for their throughput tier. Its delay is the review job's due time
 * (REGISTRY_REVIEW_SECONDS), so here it answers at once; nothing leaves this server.
 */
export class RegistryEmulator implements Registry {
  readonly name = "emulator";
  readonly simulated = true;

  async submitBrand(s: BrandSubmission): Promise<RegistryOutcome> {
    const decision = reviewBrand(s.form);
    if (!decision.approved) return { state: "rejected", reason: decision.reason };
    const score = trustScore(s.form);
    return { state: "approved", limits: { ...limitsFor("standard", score), score } };
  }

  async submitCampaign(s: CampaignSubmission): Promise<RegistryOutcome> {
    const decision = reviewCampaign(s.form, true);
    return decision.approved
      ? { state: "approved" }
      : { state: "rejected", reason: decision.reason };
  }

  async submitTollFree(s: TollFreeSubmission): Promise<RegistryOutcome> {
    const decision = reviewTollFree(s.form);
    return decision.approved
      ? { state: "approved" }
      : { state: "rejected", reason: decision.reason };
  }

  checkBrand(s: BrandSubmission) {
    return this.submitBrand(s);
  }

  checkCampaign(s: CampaignSubmission) {
    return this.submitCampaign(s);
  }

  checkTollFree(s: TollFreeSubmission) {
    return this.submitTollFree(s);
  }

  // The emulator decides a sole proprietor's brand at once: nothing waits for their mobile.
  async resendBrandVerification(): Promise<void> {
    throw new RegistryRefusal("Your brand is not waiting for a verification text.");
  }

  async verifyBrandPin(): Promise<void> {
    throw new RegistryRefusal("Your brand is not waiting for a verification text.");
  }
}
