import {
  type BrandForm,
  type CampaignForm,
  reviewBrand,
  reviewCampaign,
  reviewTollFree,
  type TollFreeForm,
  trustScore,
} from "../../../domain/registry-review";
import type { Registry } from "./registry";

/**
 * The built-in registry: decides with the published rules of src/domain/registry-review.ts
 * (placeholder names, unverifiable websites, missing opt-out language, disallowed content) and
 * scores approved brands for their throughput tier. Its delay is the review job's due time
 * (REGISTRY_REVIEW_SECONDS), so here it answers at once.
 */
export class RegistryEmulator implements Registry {
  readonly name = "emulator";

  async reviewBrand(form: BrandForm) {
    const decision = reviewBrand(form);
    return decision.approved ? { ...decision, trustScore: trustScore(form) } : decision;
  }

  async reviewCampaign(form: CampaignForm, brandApproved: boolean) {
    return reviewCampaign(form, brandApproved);
  }

  async reviewTollFree(form: TollFreeForm) {
    return reviewTollFree(form);
  }
}

let registry: Registry = new RegistryEmulator();

/** The registry in use (the emulator unless another was configured, e.g. by a test). */
export function currentRegistry(): Registry {
  return registry;
}

export function useRegistry(next: Registry) {
  registry = next;
}
