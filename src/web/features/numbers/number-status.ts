import type { z } from "zod";
import type { brandRegistration, DedicatedNumber } from "../../../domain/numbers.schemas";
import { i18n, tk } from "../../i18n";

/**
 * What the numbers screens say about a number and the account's registration: pure, tested.
 * The words are English keys (tk); the screens show them with t().
 */

export type Registration = z.infer<typeof brandRegistration>;
type Tone = "green" | "yellow" | "orange" | "red" | "gray";

export interface StatusLabel {
  label: string;
  color: Tone;
  /** One sentence a person can act on. */
  description: string;
}

export function numberState(n: DedicatedNumber): StatusLabel {
  if (n.state === "pending") {
    return {
      label: tk("Pending"),
      color: "yellow",
      description: tk(
        "The carrier is still setting this number up; it cannot send or receive yet.",
      ),
    };
  }
  if (!n.tollFree) {
    return {
      label: tk("Verified"),
      color: "green",
      description: tk("This long code is in service."),
    };
  }
  switch (n.tfVerification) {
    case "verified":
      return {
        label: tk("Verified"),
        color: "green",
        description: tk("Toll-free verification passed: this number sends without limits."),
      };
    case "pending":
      return {
        label: tk("Unverified Toll-Free"),
        color: "orange",
        description: tk("Verification submitted and in review; limits apply until it passes."),
      };
    case "rejected":
      return {
        label: tk("Unverified Toll-Free"),
        color: "red",
        description: tk("Verification was rejected: correct the form and submit it again."),
      };
    default:
      return {
        label: tk("Unverified Toll-Free"),
        color: "orange",
        description: tk("Submit the toll-free verification form to lift the sending limits."),
      };
  }
}

/** The toll-free verification step on its own (shown on the details page). */
export function verificationStatus(n: DedicatedNumber): StatusLabel | null {
  if (!n.tollFree) return null;
  const byState: Record<DedicatedNumber["tfVerification"], StatusLabel> = {
    none: {
      label: tk("Not submitted"),
      color: "gray",
      description: tk("No verification form yet."),
    },
    pending: {
      label: tk("In review"),
      color: "yellow",
      description: tk("The carrier reviews toll-free verifications, usually within a few days."),
    },
    verified: { label: tk("Verified"), color: "green", description: tk("Verification passed.") },
    rejected: {
      label: tk("Rejected"),
      color: "red",
      description: tk("The carrier rejected the form. Check the details and submit again."),
    },
  };
  return byState[n.tfVerification];
}

/** 10DLC registration of the account (brand, then campaign); long codes depend on it. */
export function tenDlcStatus(r: Registration): StatusLabel {
  if (r.brandStatus === "none") {
    return {
      label: tk("Not registered"),
      color: "red",
      description: tk(
        "Register your brand and campaign so carriers accept your long-code traffic.",
      ),
    };
  }
  if (r.brandStatus === "rejected") {
    return {
      label: tk("Brand rejected"),
      color: "red",
      description: tk("The registry rejected your brand. Correct it and submit again."),
    };
  }
  if (r.campaignStatus === "none") {
    return {
      label: tk("Campaign needed"),
      color: "orange",
      description: tk("Your brand is submitted; register a campaign to finish."),
    };
  }
  if (r.campaignStatus === "rejected") {
    return {
      label: tk("Campaign rejected"),
      color: "red",
      description: tk("The registry rejected your campaign. Correct it and submit again."),
    };
  }
  if (r.brandStatus === "approved" && r.campaignStatus === "approved") {
    return {
      label: tk("Registered"),
      color: "green",
      description: tk("Brand and campaign approved."),
    };
  }
  return {
    label: tk("In review"),
    color: "yellow",
    description: tk("Your registration is with the carriers' registry for review."),
  };
}

export function isTenDlcRegistered(r: Registration | undefined): boolean {
  return r?.brandStatus === "approved" && r.campaignStatus === "approved";
}

/**
 * The limits that apply to sending from this number (spec doc 1 §4: an unverified toll-free
 * number and an unregistered long code limit sending; doc 2 §6: the tooltips' words).
 * `registration` is undefined when the viewer may not read it (not the owner).
 */
export function sendingLimits(
  n: DedicatedNumber,
  registration: Registration | undefined,
): string[] {
  if (n.state === "pending") {
    return [tk("Nothing can be sent from or received on this number until it is set up.")];
  }
  if (n.tollFree && n.tfVerification !== "verified") {
    return [
      tk(
        "Sending is limited until toll-free verification passes: carriers filter or block unverified toll-free traffic.",
      ),
      tk("Links are disabled: 'Register your number to insert a short-link'."),
      tk(
        "Only the approved starter templates can be used: 'Register your number to insert a template'.",
      ),
    ];
  }
  if (!n.tollFree && registration && !isTenDlcRegistered(registration)) {
    return [
      tk("Links are disabled in messages until your 10DLC brand and campaign are approved."),
      tk("Carriers may filter or rate-limit messages from an unregistered long code."),
    ];
  }
  return [];
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * 'Included' for the plan's number, '$5.00 / month' for each extra one (spec doc 1 §1), in the
 * active language.
 */
export function monthlyCost(n: Pick<DedicatedNumber, "monthlyPriceCents">): string {
  return n.monthlyPriceCents === 0
    ? i18n.t("Included")
    : i18n.t("{{price}} / month", { price: formatCents(n.monthlyPriceCents) });
}

/** /dedicated-numbers/details/:id/:number, the number as digits (no plus sign in the path). */
export function detailsPath(n: Pick<DedicatedNumber, "id" | "number">): string {
  return `/dedicated-numbers/details/${n.id}/${n.number.replace(/\D/g, "")}`;
}
