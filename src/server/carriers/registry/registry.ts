import type { BrandType, RegisteredLimits } from "../../../domain/registry-limits";
import type { BrandForm, CampaignForm, TollFreeForm } from "../../../domain/registry-review";

/**
 * The registry's own ids for what a submission created (a Trust Hub profile, a brand, a
 * Messaging Service, a campaign, a verification). Kept with the review, so a resubmission
 * updates what exists instead of creating (and paying for) it again. The registry fills it in
 * as it goes: what was created before a failure is kept too.
 */
export type RegistryRef = Record<string, string | undefined>;

/**
 * What a sole proprietor's brand waits for once the registry accepted it: the mobile number on the
 * brand proves it is the person's own. Twilio texts it and waits for a YES reply; Telnyx texts a
 * PIN the person types back here.
 */
export type BrandVerification = "mobile_reply" | "mobile_pin";

/** Where a submission stands at the registry. */
export type RegistryOutcome =
  | { state: "pending"; waitingFor?: BrandVerification }
  | { state: "approved"; limits?: RegisteredLimits & { score: number | null } }
  | { state: "rejected"; reason: string };

/** A long code or toll-free number of the account, with the carrier's id for it. */
export interface RegistryNumber {
  number: string;
  carrierSid: string;
}

export interface BrandSubmission {
  accountId: number;
  form: BrandForm & { brandType?: BrandType };
  ref: RegistryRef;
}

export interface CampaignSubmission {
  accountId: number;
  form: CampaignForm;
  brand: BrandForm & { brandType?: BrandType };
  /** The approved brand's ids (its review's ref). */
  brandRef: RegistryRef;
  ref: RegistryRef;
  /** The account's long codes: they go into the campaign (its Messaging Service). */
  numbers: RegistryNumber[];
}

export interface TollFreeSubmission {
  accountId: number;
  form: TollFreeForm & Record<string, unknown>;
  number: RegistryNumber;
  ref: RegistryRef;
}

/**
 * The registry that reviews an account's 10DLC brand and campaign and its toll-free
 * verifications (The Campaign Registry and the toll-free messaging provider, behind the carrier).
 * `submit*` sends a submission (a resubmission when `ref` already holds ids); `check` asks
 * where a sent one stands. A registry may decide at once (the emulator) or later (Twilio,
 * Telnyx: their status callbacks bring the check forward; otherwise it is polled).
 */
export interface Registry {
  readonly name: "emulator" | "twilio" | "telnyx";
  /** True when nobody outside this server reviews (the built-in emulator). */
  readonly simulated: boolean;
  submitBrand(s: BrandSubmission): Promise<RegistryOutcome>;
  submitCampaign(s: CampaignSubmission): Promise<RegistryOutcome>;
  submitTollFree(s: TollFreeSubmission): Promise<RegistryOutcome>;
  checkBrand(s: BrandSubmission): Promise<RegistryOutcome>;
  checkCampaign(s: CampaignSubmission): Promise<RegistryOutcome>;
  checkTollFree(s: TollFreeSubmission): Promise<RegistryOutcome>;
  /** Texts the brand's mobile number its verification again (a sole proprietor's). */
  resendBrandVerification(s: BrandSubmission): Promise<void>;
  /** The PIN the brand's mobile number was texted, typed back (registries that ask for one). */
  verifyBrandPin(s: BrandSubmission, pin: string): Promise<void>;
}

/**
 * A refusal the registry gave to a submission (a 4xx with its message): the submission is
 * rejected with the registry's words, and the person corrects the form and submits again.
 */
export class RegistryRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryRefusal";
  }
}
