import { type BrandType, limitsFor } from "../../../domain/registry-limits";
import { CarrierError } from "../carrier";
import { telnyxCall } from "../telnyx-adapter";
import {
  type BrandSubmission,
  type CampaignSubmission,
  type Registry,
  type RegistryOutcome,
  RegistryRefusal,
  type TollFreeSubmission,
} from "./registry";
import {
  campaignUseCase,
  hasLink,
  hasPhoneNumber,
  splitName,
  tollFreeVolume,
} from "./registry-forms";

/** Where Telnyx posts 10DLC brand, campaign and number events and toll-free verification news. */
export const TELNYX_REGISTRY_WEBHOOK_PATH = "/webhooks/telnyx/registry";

export interface TelnyxRegistrySettings {
  apiKey: string;
  apiBase: string;
  timeoutMs: number;
  /** Given to Telnyx with each brand, campaign and verification: its events bring the next check forward. */
  webhookUrl: string;
}

type Json = Record<string, unknown>;

/** TCR's network ids in a campaign's per-carrier metadata. */
const ATT = "10017";
const TMOBILE = "10035";

/** Campaign statuses after which the carriers will not carry it. */
const CAMPAIGN_FAILED = new Set([
  "TCR_FAILED",
  "TCR_SUSPENDED",
  "TCR_EXPIRED",
  "TELNYX_FAILED",
  "MNO_REJECTED",
  "MNO_PROVISIONING_FAILED",
]);

/**
 * Telnyx's 10DLC API (brand, external vetting for the trust score, campaignBuilder, phone number
 * assignment) and toll-free verification requests, over API v2 with the account's key. Telnyx
 * decides later: its signed events at TELNYX_REGISTRY_WEBHOOK_PATH bring the next `check*`
 * forward, and the poll asks anyway in case an event is lost.
 */
export class TelnyxRegistry implements Registry {
  readonly name = "telnyx";
  readonly simulated = false;

  constructor(private readonly s: TelnyxRegistrySettings) {}

  async submitBrand({ form, ref }: BrandSubmission): Promise<RegistryOutcome> {
    const brandType: BrandType = form.brandType ?? "standard";
    const sole = brandType === "sole_proprietor";
    const body: Json = {
      entityType: sole ? "SOLE_PROPRIETOR" : "PRIVATE_PROFIT",
      displayName: form.legalName,
      companyName: form.legalName,
      country: "US",
      email: form.contactEmail ?? "",
      phone: form.contactPhone ?? "",
      street: form.street ?? "",
      city: form.city ?? "",
      state: form.state ?? "",
      postalCode: form.zip ?? "",
      website: form.website,
      vertical: verticalCode(form.vertical),
      firstName: form.contactFirstName ?? "",
      lastName: form.contactLastName ?? "",
      webhookURL: this.s.webhookUrl,
    };
    if (!sole) body.ein = form.ein.replace(/\D/g, "").replace(/^(\d{2})/, "$1-");
    let brand: Json;
    if (ref.brandId) {
      brand = await this.request("PUT", `/v2/10dlc/brand/${ref.brandId}`, body);
      ref.vettingId = undefined;
    } else {
      brand = await this.request("POST", "/v2/10dlc/brand", body);
      ref.brandId = String(brand.brandId);
    }
    // A standard brand's trust score comes from external vetting; low-volume and sole
    // proprietor brands are not vetted (their limits are fixed).
    if (brandType === "standard" && !ref.vettingId) {
      const vetting = await this.request("POST", `/v2/10dlc/brand/${ref.brandId}/externalVetting`, {
        evpId: "AEGIS",
        vettingClass: "STANDARD",
      });
      ref.vettingId = String(vetting.vettingId ?? "ordered");
    }
    const outcome = await this.brandOutcome(brand, brandType, ref.brandId!);
    // A sole proprietor proves the mobile number on the brand is theirs: Telnyx texts it a PIN.
    if (outcome.state === "pending" && outcome.waitingFor === "mobile_pin")
      await this.sendBrandPin(ref.brandId!);
    return outcome;
  }

  async resendBrandVerification({ ref }: BrandSubmission): Promise<void> {
    if (!ref.brandId) throw new RegistryRefusal("The brand was not registered with Telnyx.");
    await this.sendBrandPin(ref.brandId);
  }

  async verifyBrandPin({ ref }: BrandSubmission, pin: string): Promise<void> {
    if (!ref.brandId) throw new RegistryRefusal("The brand was not registered with Telnyx.");
    await this.request("PUT", `/v2/10dlc/brand/${ref.brandId}/smsOtp`, { otpPin: pin });
  }

  private async sendBrandPin(brandId: string) {
    await this.request("POST", `/v2/10dlc/brand/${brandId}/smsOtp`, {
      pinSms: "Your PIN to verify your texting brand is @OTP_PIN@. Type it where you registered.",
      successSms: "Your texting brand is verified.",
    });
  }

  async checkBrand({ form, ref }: BrandSubmission): Promise<RegistryOutcome> {
    if (!ref.brandId) return { state: "pending" };
    const brand = await this.request("GET", `/v2/10dlc/brand/${ref.brandId}`);
    return this.brandOutcome(brand, form.brandType ?? "standard", ref.brandId);
  }

  private async brandOutcome(
    brand: Json,
    brandType: BrandType,
    brandId: string,
  ): Promise<RegistryOutcome> {
    const identity = String(brand.identityStatus ?? "");
    const status = String(brand.status ?? "");
    // A sole proprietor's brand is unverified until the PIN texted to its mobile is typed back.
    if (
      brandType === "sole_proprietor" &&
      status !== "REGISTRATION_FAILED" &&
      identity !== "VERIFIED"
    )
      return { state: "pending", waitingFor: "mobile_pin" };
    if (identity === "UNVERIFIED" || status === "REGISTRATION_FAILED") {
      return { state: "rejected", reason: await this.brandFeedback(brandId) } as const;
    }
    if (!["VERIFIED", "VETTED_VERIFIED", "SELF_DECLARED"].includes(identity))
      return { state: "pending" } as const;
    if (brandType !== "standard")
      return {
        state: "approved",
        limits: { ...limitsFor(brandType, null), score: null },
      } as const;
    const vettings = await this.request("GET", `/v2/10dlc/brand/${brandId}/externalVetting`);
    const list = (Array.isArray(vettings) ? vettings : (vettings.records ?? [])) as Json[];
    const scored = list.filter((v) => typeof v.vettingScore === "number").at(-1);
    if (!scored) {
      const failed = list.find((v) => String(v.vettingStatus ?? "") === "FAILED");
      if (failed)
        return {
          state: "rejected",
          reason: `Telnyx's vetting failed${failed.reason ? `: ${failed.reason}` : "."}`,
        } as const;
      return { state: "pending" } as const;
    }
    const score = Number(scored.vettingScore);
    return { state: "approved", limits: { ...limitsFor("standard", score), score } } as const;
  }

  /** Telnyx's feedback on a brand names each thing the registry could not verify. */
  private async brandFeedback(brandId: string): Promise<string> {
    const feedback = await this.request("GET", `/v2/10dlc/brand/feedback/${brandId}`);
    const categories = (feedback.category ?? []) as Json[];
    const words = categories
      .map((c) => String(c.description ?? c.displayName ?? "").trim())
      .filter(Boolean);
    return words.length ? words.join(" ") : "Telnyx could not verify the brand.";
  }

  async submitCampaign(s: CampaignSubmission): Promise<RegistryOutcome> {
    const { form, ref, brandRef } = s;
    const brandType: BrandType = s.brand.brandType ?? "standard";
    const flow = form.optInDescription?.trim() ?? "";
    if (flow.length < 40)
      throw new RegistryRefusal(
        "Telnyx needs to know how subscribers opt in (40 characters or more): describe it in the campaign form and submit again.",
      );
    if (!brandRef.brandId) throw new RegistryRefusal("The brand was not registered with Telnyx.");
    if (ref.campaignId) {
      // A rejected campaign is replaced by a new one.
      await this.request("DELETE", `/v2/10dlc/campaign/${ref.campaignId}`);
      ref.campaignId = undefined;
    }
    const body: Json = {
      brandId: brandRef.brandId,
      usecase: campaignUseCase(form.useCase, brandType),
      description: form.description,
      messageFlow: flow,
      embeddedLink: form.sampleMessages.some(hasLink),
      embeddedPhone: form.sampleMessages.some(hasPhoneNumber),
      subscriberOptin: true,
      subscriberOptout: true,
      subscriberHelp: true,
      optoutKeywords: "STOP",
      helpKeywords: "HELP",
      numberPool: false,
      ageGated: false,
      directLending: false,
      termsAndConditions: true,
      webhookURL: this.s.webhookUrl,
    };
    form.sampleMessages.slice(0, 5).forEach((m, i) => {
      body[`sample${i + 1}`] = m;
    });
    const campaign = await this.request("POST", "/v2/10dlc/campaignBuilder", body);
    ref.campaignId = String(campaign.campaignId);
    return this.campaignOutcome(campaign, s);
  }

  async checkCampaign(s: CampaignSubmission): Promise<RegistryOutcome> {
    if (!s.ref.campaignId) return { state: "pending" };
    const campaign = await this.request("GET", `/v2/10dlc/campaign/${s.ref.campaignId}`);
    return this.campaignOutcome(campaign, s);
  }

  private async campaignOutcome(campaign: Json, s: CampaignSubmission): Promise<RegistryOutcome> {
    const status = String(campaign.campaignStatus ?? "");
    if (CAMPAIGN_FAILED.has(status)) {
      const reasons = campaign.failureReasons;
      const reason = Array.isArray(reasons)
        ? reasons.map(String).join(" ")
        : typeof reasons === "string" && reasons.trim()
          ? reasons.trim()
          : `Telnyx reports the campaign as ${status}.`;
      return { state: "rejected", reason };
    }
    if (status !== "MNO_PROVISIONED") return { state: "pending" };
    const campaignId = s.ref.campaignId!;
    // The account's long codes join the campaign (again, for numbers bought since).
    for (const n of s.numbers) {
      try {
        await this.request("POST", "/v2/10dlc/phone_number_campaigns", {
          phoneNumber: n.number,
          campaignId,
        });
      } catch (err) {
        // Already assigned to this campaign: nothing to do.
        if (err instanceof RegistryRefusal && /already/i.test(err.message)) continue;
        throw err;
      }
    }
    const meta = await this.request("GET", `/v2/10dlc/campaign/${campaignId}/mnoMetadata`);
    const att = meta[ATT] as Json | undefined;
    const tmobile = meta[TMOBILE] as Json | undefined;
    const tpm = typeof att?.tpm === "number" ? att.tpm : null;
    const cap = typeof tmobile?.brandDailyCap === "number" ? tmobile.brandDailyCap : null;
    if (tpm === null && cap === null) return { state: "approved" };
    return {
      state: "approved",
      limits: {
        tier: String(att?.msgClass ?? tmobile?.brandTier ?? "campaign"),
        mps: tpm === null ? 0 : tpm / 60,
        dailyCap: cap,
        score: null,
      },
    };
  }

  async submitTollFree({ form, number, ref }: TollFreeSubmission): Promise<RegistryOutcome> {
    const image = typeof form.optInImageUrl === "string" ? form.optInImageUrl.trim() : "";
    const contact = splitName(typeof form.contactName === "string" ? form.contactName : "");
    if (!image || !contact.first || !contact.last)
      throw new RegistryRefusal(
        "Telnyx needs the contact's full name and a link to a picture of where subscribers opt in: add them and submit again.",
      );
    const body: Json = {
      businessName: form.businessName,
      corporateWebsite: form.website,
      businessContactFirstName: contact.first,
      businessContactLastName: contact.last,
      businessContactEmail: form.contactEmail ?? "",
      businessContactPhone: form.contactPhone ?? "",
      messageVolume: tollFreeVolume(String(form.monthlyVolume ?? "1000")),
      phoneNumbers: [{ phoneNumber: number.number }],
      useCase: form.useCase,
      useCaseSummary: form.useCase,
      productionMessageContent: form.sampleMessage,
      optInWorkflow: form.optInDescription,
      optInWorkflowImageURLs: [{ url: image }],
      additionalInformation: form.optInDescription,
      webhookUrl: this.s.webhookUrl,
    };
    const path = "/v2/messaging_tollfree/verification/requests";
    const answer = ref.verificationId
      ? await this.request("PATCH", `${path}/${ref.verificationId}`, body)
      : await this.request("POST", path, body);
    ref.verificationId = String(answer.id ?? ref.verificationId);
    return tollFreeOutcome(answer);
  }

  async checkTollFree({ ref }: TollFreeSubmission): Promise<RegistryOutcome> {
    if (!ref.verificationId) return { state: "pending" };
    return tollFreeOutcome(
      await this.request(
        "GET",
        `/v2/messaging_tollfree/verification/requests/${ref.verificationId}`,
      ),
    );
  }

  private async request(method: string, path: string, body?: unknown): Promise<Json> {
    const { status, json } = await telnyxCall(this.s, method, path, body);
    if (status >= 200 && status < 300)
      // Some answers wrap the object in `data`, the 10DLC ones do not.
      return (
        json.data && typeof json.data === "object" && !Array.isArray(json.data) ? json.data : json
      ) as Json;
    const errors = Array.isArray(json.errors) ? (json.errors as Json[]) : [];
    const message =
      errors
        .map((e) => [e.title, e.detail].filter(Boolean).join(": "))
        .filter(Boolean)
        .join(" ") || String(json.message ?? `Telnyx answered ${status}`);
    if (status === 429 || status >= 500 || status === 401)
      throw new CarrierError(message, status, null, true);
    throw new RegistryRefusal(message);
  }
}

function tollFreeOutcome(v: Json): RegistryOutcome {
  const status = String(v.verificationStatus ?? "");
  if (status === "Verified") return { state: "approved" };
  if (status === "Rejected")
    return {
      state: "rejected",
      reason:
        typeof v.reason === "string" && v.reason.trim()
          ? v.reason.trim()
          : "Telnyx rejected the verification.",
    };
  return { state: "pending" };
}

/** TCR's verticals are upper-case words ("RETAIL", "HEALTHCARE"). */
function verticalCode(vertical: string): string {
  return vertical
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}
