import { z } from "zod";
import type { AccountLite } from "./account.schemas";
import { BRAND_REGISTRATION_EXEMPT_INDUSTRY } from "./industries";
import { ONBOARDING_STEP } from "./settings";

/**
 * Spec doc 1 §4, brand registration: who is asked and when. The modal opens for a super user who
 * is not a test account, not TSI, not in industry 17, when first_login is not 1 and: the status is
 * unseen and it was not seen this session; or the status is not complete and a force flag or the
 * 'registration required' setting holds; or the query asks (forceBrandRegistration=1). The banner
 * shows for the same users while the status is skipped or unseen.
 */
export function brandPrompt(
  me: Pick<
    AccountLite,
    "superUser" | "isTestAccount" | "isTSI" | "industry" | "brandRegistrationStatus"
  >,
  flags: {
    firstLogin: boolean;
    seenThisSession: boolean;
    force: boolean;
    required: boolean;
    queryForce: boolean;
  },
): { modal: boolean; banner: boolean } {
  const eligible =
    me.superUser &&
    !me.isTestAccount &&
    !me.isTSI &&
    me.industry !== BRAND_REGISTRATION_EXEMPT_INDUSTRY &&
    !flags.firstLogin;
  if (!eligible) return { modal: false, banner: false };
  const status = me.brandRegistrationStatus;
  const modal =
    (status === "unseen" && !flags.seenThisSession) ||
    (status !== "complete" && (flags.force || flags.required)) ||
    flags.queryForce;
  return { modal, banner: status === "skipped" || status === "unseen" };
}

/**
 * Spec doc 1 §4, toll-free verification banner: shown when the skip setting is on and there is no
 * valid sending number, or the complete setting is off and there is no valid number.
 */
export function showTollFreeBanner(s: {
  skipSetting: boolean;
  completeSetting: boolean;
  hasValidSendingNumber: boolean;
}): boolean {
  if (s.hasValidSendingNumber) return false;
  return s.skipSetting || !s.completeSetting;
}

export const reviewState = z.enum(["queued", "approved", "rejected", "withdrawn"]);

export const registrationStatus = z.object({
  /** What the toll-free banner says, or null when it is hidden. */
  tollFreeBanner: z
    .object({
      /** no_number: nothing can send; pending: a verification is in review; rejected; unverified. */
      state: z.enum(["no_number", "pending", "rejected", "unverified"]),
      number: z.string().nullable(),
      link: z.string(),
    })
    .nullable(),
  requireBrandRegistration: z.boolean(),
  brand: z.object({
    status: z.string(),
    reason: z.string().nullable(),
    /**
     * A sole proprietor's brand waiting for its mobile number: mobile_reply, the owner replies YES
     * to the registry's text (Twilio); mobile_pin, they type the PIN they were texted (Telnyx).
     */
    waitingFor: z.enum(["mobile_reply", "mobile_pin"]).nullable(),
  }),
  campaign: z.object({ status: z.string(), reason: z.string().nullable() }),
  tollFree: z.array(
    z.object({
      phoneNumberId: z.number(),
      status: reviewState,
      reason: z.string().nullable(),
      decidedAt: z.string().nullable(),
    }),
  ),
  trust: z
    .object({
      score: z.number(),
      tier: z.string(),
      mps: z.number(),
      /** T-Mobile's daily cap for the brand (messages a day), when the registry gives one. */
      dailyCap: z.number().nullable(),
    })
    .nullable(),
  /** How long the registry takes to review a submission (seconds; the emulator's delay). */
  reviewSeconds: z.number(),
  /** Who reviews: the built-in emulator (simulated) or the carrier's registry. */
  registry: z.object({
    name: z.enum(["emulator", "twilio", "telnyx"]),
    simulated: z.boolean(),
    /** What the registry charges, shown before submitting (USD). */
    fees: z.array(
      z.object({
        label: z.string(),
        amount: z.number(),
        period: z.enum(["one_time", "monthly"]),
        kind: z.enum(["brand", "campaign", "toll_free"]),
        brandTypes: z.array(z.enum(["standard", "low_volume", "sole_proprietor"])).optional(),
      }),
    ),
  }),
});
export type RegistrationStatus = z.infer<typeof registrationStatus>;

export const brandPinRequest = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{4,10}$/, "Enter the PIN from the text, 4 to 10 letters or digits."),
});

/** Said on every registration screen when nobody outside this server reviews. */
export const SIMULATED_REVIEWS = {
  title: "Reviews on this server are simulated",
  detail:
    "The built-in registry decides by published rules and no carrier sees the submission. Texts to real phones need a carrier account (Twilio or Telnyx), which registers with the carriers for real.",
} as const;

export const brandPromptRequest = z.object({ status: z.enum(["skipped"]) });

/** The banner's words per state (doc 1 §4 names the banner; its text is ours). */
export const TOLL_FREE_BANNER_TEXT = {
  no_number:
    "You have no number that can send texts yet. Buy a number or verify your toll-free number to start sending.",
  pending:
    "Your toll-free verification is in review. Until the carrier approves it, sending from this number is limited.",
  rejected:
    "Your toll-free verification was rejected. Correct the form and submit it again to lift the sending limits.",
  unverified:
    "Your toll-free number is not verified. Submit the verification form to lift the sending limits.",
} as const;

/**
 * What the shell puts above a page, so a new business is not met by a pile of notices: one strip
 * at a time (the account-state banner of a billing problem first, which the shell shows itself,
 * then the toll-free banner, since nothing can be sent, then the brand banner), no brand modal over
 * the account-state one, and the tour waiting while the brand modal asks.
 */
export function shellNotices(s: {
  accountState: boolean;
  tollFree: boolean;
  brandBanner: boolean;
  brandModal: boolean;
}): { strip: "toll_free" | "brand" | null; brandModal: boolean; tourWaits: boolean } {
  const strip = s.accountState ? null : s.tollFree ? "toll_free" : s.brandBanner ? "brand" : null;
  const brandModal = s.brandModal && !s.accountState;
  return { strip, brandModal, tourWaits: brandModal };
}

// ---- Guided tour (spec doc 1 §4) ------------------------------------------------------------

export const TOUR_STEPS = [
  {
    step: ONBOARDING_STEP.ADD_SUBSCRIBER,
    label: "ADD YOUR FIRST SUBSCRIBER",
    button: "Start",
    path: "/subscribers/manage",
    tooltip: "Start by adding your first subscriber",
  },
  {
    step: ONBOARDING_STEP.SEND_MESSAGE,
    label: "SEND YOUR FIRST MESSAGE",
    button: "Next Step",
    path: "/send-message",
    tooltip: "Once you have added a subscriber, you may continue on to the next step",
  },
  {
    step: ONBOARDING_STEP.VIEW_REPORTING,
    label: "VIEW REPORTING",
    button: "Final Step",
    path: "/reports/sent-messages",
    tooltip: "Once you have sent a message, you may continue on to the next step",
  },
] as const;
export const TOUR_FINISH = {
  button: "Finish",
  tooltip: "You may now dismiss this guide",
} as const;
export const SKIP_TOUR = "Skip Tour";

/** Advancing adds 1, up to the skipped ceiling. */
export function advanceTour(step: number): number {
  return Math.min(step + 1, ONBOARDING_STEP.SKIPPED);
}

/**
 * The progress bar shows on app pages; hidden when the tour is disabled or skipped, for
 * restricted users, for webinar customers, and on the number registration page.
 */
export function tourVisible(
  step: number,
  me: Pick<AccountLite, "restrictedUser" | "isWebinarCustomer">,
  pathname: string,
): boolean {
  if (step === ONBOARDING_STEP.DISABLED || step === ONBOARDING_STEP.SKIPPED) return false;
  if (me.restrictedUser || me.isWebinarCustomer) return false;
  return !pathname.startsWith("/number-registration");
}

export const tourState = z.object({ step: z.number().int() });
export const tourAction = z.object({
  action: z.enum(["advance", "skip", "finish", "restart"]),
});
