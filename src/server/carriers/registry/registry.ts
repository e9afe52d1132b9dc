import type {
  BrandForm,
  CampaignForm,
  ReviewDecision,
  TollFreeForm,
} from "../../../domain/registry-review";

/**
 * The registry that reviews an account's 10DLC brand and campaign and its toll-free
 * verifications (The Campaign Registry and the toll-free messaging provider, behind the carrier).
 * The built-in emulator answers by default; a real registry plugs in here by configuration.
 */
export interface Registry {
  readonly name: string;
  reviewBrand(form: BrandForm): Promise<ReviewDecision & { trustScore?: number }>;
  reviewCampaign(form: CampaignForm, brandApproved: boolean): Promise<ReviewDecision>;
  reviewTollFree(form: TollFreeForm): Promise<ReviewDecision>;
}
