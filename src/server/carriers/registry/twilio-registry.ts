import { type BrandType, limitsFor } from "../../../domain/registry-limits";
import { CarrierError } from "../carrier";
import { type HttpAnswer, httpRequest } from "../http-request";
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
  optInType,
  splitName,
  tollFreeCategory,
  tollFreeVolume,
} from "./registry-forms";

/** Where Twilio posts Trust Hub status callbacks and Event Streams registration events. */
export const TWILIO_REGISTRY_WEBHOOK_PATH = "/webhooks/twilio/registry";

export interface TwilioRegistrySettings {
  accountSid: string;
  authToken: string;
  apiBase: string;
  messagingBase: string;
  trusthubBase: string;
  /** The ISV's own approved primary customer profile (BU…); required for non-sole-proprietor brands. */
  primaryProfileSid?: string;
  /** Where Twilio posts the bundles' status callbacks (full URL). */
  statusCallback: string;
  timeoutMs: number;
}

// Trust Hub policies, as Twilio's ISV onboarding guide names them.
const POLICY = {
  secondaryCustomerProfile: "RNdfbf3fae0e1107f8aded0e7cead80bf5",
  a2pTrustProduct: "RNb0d4771c2c98518d916a3d4cd70a8f8b",
  starterCustomerProfile: "RN806dd6cd175f314e1f96a9727ee271f4",
  soleProprietorTrustProduct: "RN670d5d2e282a6130ae063b234b6019c8",
} as const;

/** Twilio's "phone number is already in this Messaging Service" error. */
const ALREADY_IN_SERVICE = 21710;

type Json = Record<string, unknown>;

/**
 * Twilio's A2P 10DLC registration as an ISV (Trust Hub customer profile and A2P trust product,
 * BrandRegistrations, a Messaging Service holding the account's long codes, its UsAppToPerson
 * campaign) and toll-free verification (Tollfree/Verifications). Twilio decides later: the
 * status callbacks and the poll ask `check*`. Refusals carry Twilio's own words.
 */
export class TwilioRegistry implements Registry {
  readonly name = "twilio";
  readonly simulated = false;
  private readonly auth: string;

  constructor(private readonly s: TwilioRegistrySettings) {
    this.auth = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString("base64")}`;
  }

  // ---- Brand ------------------------------------------------------------------------------

  async submitBrand({ accountId, form, ref }: BrandSubmission): Promise<RegistryOutcome> {
    const brandType: BrandType = form.brandType ?? "standard";
    const sole = brandType === "sole_proprietor";
    if (!sole && !this.s.primaryProfileSid)
      throw new RegistryRefusal(
        "10DLC registration through Twilio is not set up on this server: its operator must set TWILIO_PRIMARY_CUSTOMER_PROFILE_SID (the Twilio account's approved primary customer profile).",
      );
    const first = form.contactFirstName?.trim();
    const last = form.contactLastName?.trim();
    const phone = form.contactPhone?.trim();
    if (!first || !last || !phone)
      throw new RegistryRefusal(
        "Twilio needs the name and phone number of the person who represents the business: fill in the contact's first name, last name and phone, and submit again.",
      );
    const email = form.contactEmail ?? "";
    const th = this.s.trusthubBase;

    const businessAttributes = sole
      ? { first_name: first, last_name: last, email, phone_number: phone }
      : {
          business_name: form.legalName,
          business_identity: "direct_customer",
          business_type: "Limited Liability Corporation",
          business_industry: industryCode(form.vertical),
          business_registration_identifier: "EIN",
          business_registration_number: form.ein.replace(/\D/g, ""),
          business_regions_of_operation: "USA_AND_CANADA",
          website_url: form.website,
          social_media_profile_urls: "",
        };
    const representative = {
      first_name: first,
      last_name: last,
      email,
      phone_number: phone,
      business_title: "Owner",
      job_position: "Director",
    };
    const messagingProfile = sole
      ? { first_name: first, last_name: last, email, phone_number: phone }
      : { company_type: "private" };

    // A resubmission corrects what exists; a first submission creates it, keeping each id as
    // it comes so a failure half-way is resumed, not paid for twice.
    if (ref.customerProfileSid) {
      await this.post(`${th}/v1/EndUsers/${ref.businessEndUserSid}`, {
        Attributes: JSON.stringify(businessAttributes),
      });
      if (ref.representativeSid)
        await this.post(`${th}/v1/EndUsers/${ref.representativeSid}`, {
          Attributes: JSON.stringify(representative),
        });
      if (ref.addressSid)
        await this.post(`${this.accountBase()}/Addresses/${ref.addressSid}.json`, address(form));
    } else {
      const profile = await this.post(`${th}/v1/CustomerProfiles`, {
        FriendlyName: `${form.legalName} (Parley account ${accountId})`.slice(0, 64),
        Email: email,
        PolicySid: sole ? POLICY.starterCustomerProfile : POLICY.secondaryCustomerProfile,
        StatusCallback: this.s.statusCallback,
      });
      ref.customerProfileSid = String(profile.sid);
    }
    const profileSid = ref.customerProfileSid!;
    if (!ref.businessEndUserSid) {
      const user = await this.post(`${th}/v1/EndUsers`, {
        FriendlyName: form.legalName.slice(0, 64),
        Type: sole
          ? "starter_customer_profile_information"
          : "customer_profile_business_information",
        Attributes: JSON.stringify(businessAttributes),
      });
      ref.businessEndUserSid = String(user.sid);
      await this.assign(`${th}/v1/CustomerProfiles/${profileSid}`, ref.businessEndUserSid);
    }
    if (!sole && !ref.representativeSid) {
      const rep = await this.post(`${th}/v1/EndUsers`, {
        FriendlyName: `${first} ${last}`.slice(0, 64),
        Type: "authorized_representative_1",
        Attributes: JSON.stringify(representative),
      });
      ref.representativeSid = String(rep.sid);
      await this.assign(`${th}/v1/CustomerProfiles/${profileSid}`, ref.representativeSid);
    }
    if (!ref.addressSid) {
      const addr = await this.post(`${this.accountBase()}/Addresses.json`, address(form));
      ref.addressSid = String(addr.sid);
      const doc = await this.post(`${th}/v1/SupportingDocuments`, {
        FriendlyName: `${form.legalName} address`.slice(0, 64),
        Type: "customer_profile_address",
        Attributes: JSON.stringify({ address_sids: ref.addressSid }),
      });
      ref.addressDocumentSid = String(doc.sid);
      await this.assign(`${th}/v1/CustomerProfiles/${profileSid}`, ref.addressDocumentSid);
    }
    if (!sole && !ref.primaryAssigned) {
      await this.assign(`${th}/v1/CustomerProfiles/${profileSid}`, this.s.primaryProfileSid!);
      ref.primaryAssigned = "yes";
    }
    await this.evaluateAndSubmit(
      `${th}/v1/CustomerProfiles/${profileSid}`,
      sole ? POLICY.starterCustomerProfile : POLICY.secondaryCustomerProfile,
      "customer profile",
    );

    if (!ref.trustProductSid) {
      const product = await this.post(`${th}/v1/TrustProducts`, {
        FriendlyName: `${form.legalName} A2P`.slice(0, 64),
        Email: email,
        PolicySid: sole ? POLICY.soleProprietorTrustProduct : POLICY.a2pTrustProduct,
        StatusCallback: this.s.statusCallback,
      });
      ref.trustProductSid = String(product.sid);
    }
    const productSid = ref.trustProductSid!;
    if (!ref.messagingProfileSid) {
      const info = await this.post(`${th}/v1/EndUsers`, {
        FriendlyName: `${form.legalName} messaging profile`.slice(0, 64),
        Type: sole ? "sole_proprietor_information" : "us_a2p_messaging_profile_information",
        Attributes: JSON.stringify(messagingProfile),
      });
      ref.messagingProfileSid = String(info.sid);
      await this.assign(`${th}/v1/TrustProducts/${productSid}`, ref.messagingProfileSid);
      await this.assign(`${th}/v1/TrustProducts/${productSid}`, profileSid);
    }
    await this.evaluateAndSubmit(
      `${th}/v1/TrustProducts/${productSid}`,
      sole ? POLICY.soleProprietorTrustProduct : POLICY.a2pTrustProduct,
      "A2P trust product",
    );

    if (ref.brandSid) {
      // A failed brand is sent to the registry again once its profiles are corrected.
      const brand = await this.post(
        `${this.s.messagingBase}/v1/a2p/BrandRegistrations/${ref.brandSid}`,
        {},
      );
      return brandOutcome(brand, brandType);
    }
    const brand = await this.post(`${this.s.messagingBase}/v1/a2p/BrandRegistrations`, {
      CustomerProfileBundleSid: profileSid,
      A2PProfileBundleSid: productSid,
      BrandType: sole ? "SOLE_PROPRIETOR" : "STANDARD",
      // Low-volume standard brands skip secondary vetting (and its fee); their limits are fixed.
      SkipAutomaticSecVet: brandType === "low_volume" ? "true" : "false",
    });
    ref.brandSid = String(brand.sid);
    return brandOutcome(brand, brandType);
  }

  async checkBrand({ form, ref }: BrandSubmission): Promise<RegistryOutcome> {
    const th = this.s.trusthubBase;
    for (const [url, what] of [
      [`${th}/v1/CustomerProfiles/${ref.customerProfileSid}`, "customer profile"],
      [`${th}/v1/TrustProducts/${ref.trustProductSid}`, "A2P trust product"],
    ] as const) {
      const bundle = await this.get(url);
      if (bundle.status === "twilio-rejected")
        return { state: "rejected", reason: bundleRejection(bundle, what) };
    }
    if (!ref.brandSid) return { state: "pending" };
    const brand = await this.get(
      `${this.s.messagingBase}/v1/a2p/BrandRegistrations/${ref.brandSid}`,
    );
    return brandOutcome(brand, form.brandType ?? "standard");
  }

  // ---- Campaign ---------------------------------------------------------------------------

  async submitCampaign(s: CampaignSubmission): Promise<RegistryOutcome> {
    const { form, ref, brandRef, accountId } = s;
    const brandType: BrandType = s.brand.brandType ?? "standard";
    const flow = form.optInDescription?.trim() ?? "";
    if (flow.length < 40)
      throw new RegistryRefusal(
        "Twilio needs to know how subscribers opt in (40 characters or more): describe it in the campaign form and submit again.",
      );
    if (!brandRef.brandSid) throw new RegistryRefusal("The brand was not registered with Twilio.");
    const mb = this.s.messagingBase;
    if (!ref.messagingServiceSid) {
      const service = await this.post(`${mb}/v1/Services`, {
        FriendlyName: `Parley account ${accountId}`,
        // Texts to the numbers keep going to the webhook each number was bought with.
        UseInboundWebhookOnNumber: "true",
      });
      ref.messagingServiceSid = String(service.sid);
    }
    await this.addNumbers(ref.messagingServiceSid!, s.numbers);
    const campaigns = `${mb}/v1/Services/${ref.messagingServiceSid}/Compliance/Usa2p`;
    if (ref.campaignSid) {
      // A rejected campaign is replaced: Twilio reviews a new one (and charges its vetting again).
      await this.request("DELETE", `${campaigns}/${ref.campaignSid}`);
      ref.campaignSid = undefined;
    }
    const params = new URLSearchParams({
      BrandRegistrationSid: brandRef.brandSid,
      Description: form.description,
      MessageFlow: flow,
      UsAppToPersonUsecase: campaignUseCase(form.useCase, brandType),
      HasEmbeddedLinks: String(form.sampleMessages.some(hasLink)),
      HasEmbeddedPhone: String(form.sampleMessages.some(hasPhoneNumber)),
      OptOutKeywords: "STOP",
      HelpKeywords: "HELP",
    });
    for (const sample of form.sampleMessages) params.append("MessageSamples", sample);
    const campaign = await this.request("POST", campaigns, params);
    ref.campaignSid = String(campaign.sid);
    return campaignOutcome(campaign);
  }

  async checkCampaign(s: CampaignSubmission): Promise<RegistryOutcome> {
    const { ref } = s;
    if (!ref.messagingServiceSid || !ref.campaignSid) return { state: "pending" };
    const campaign = await this.get(
      `${this.s.messagingBase}/v1/Services/${ref.messagingServiceSid}/Compliance/Usa2p/${ref.campaignSid}`,
    );
    const outcome = campaignOutcome(campaign);
    // Numbers bought while the campaign was in review join its service too.
    if (outcome.state === "approved") await this.addNumbers(ref.messagingServiceSid, s.numbers);
    return outcome;
  }

  // ---- Toll-free verification -------------------------------------------------------------

  async submitTollFree({ accountId, form, number, ref }: TollFreeSubmission) {
    const image = typeof form.optInImageUrl === "string" ? form.optInImageUrl.trim() : "";
    if (!image)
      throw new RegistryRefusal(
        "Twilio needs a link to a picture of where subscribers opt in (a screenshot of the form or the sign at the counter): add it and submit again.",
      );
    const contact = splitName(typeof form.contactName === "string" ? form.contactName : "");
    const params = new URLSearchParams({
      BusinessName: form.businessName,
      BusinessWebsite: form.website,
      NotificationEmail: String(form.contactEmail ?? ""),
      UseCaseSummary: form.useCase,
      ProductionMessageSample: form.sampleMessage,
      OptInType: optInType(form.optInDescription),
      MessageVolume: tollFreeVolume(String(form.monthlyVolume ?? "1000")),
      AdditionalInformation: `How subscribers opt in: ${form.optInDescription}`,
      BusinessContactEmail: String(form.contactEmail ?? ""),
      BusinessContactPhone: String(form.contactPhone ?? ""),
      ExternalReferenceId: `parley-${accountId}-${number.number.replace(/\D/g, "")}`,
    });
    if (contact.first) params.set("BusinessContactFirstName", contact.first);
    if (contact.last) params.set("BusinessContactLastName", contact.last);
    params.append("UseCaseCategories", tollFreeCategory(form.useCase));
    params.append("OptInImageUrls", image);
    const base = `${this.s.messagingBase}/v1/Tollfree/Verifications`;
    if (ref.verificationSid) {
      // A rejected verification Twilio allows to be edited is resubmitted in place.
      params.set("EditReason", "Corrected after the rejection");
      const updated = await this.request("POST", `${base}/${ref.verificationSid}`, params);
      return tollFreeOutcome(updated);
    }
    params.set("TollfreePhoneNumberSid", number.carrierSid);
    const created = await this.request("POST", base, params);
    ref.verificationSid = String(created.sid);
    return tollFreeOutcome(created);
  }

  async resendBrandVerification({ ref }: BrandSubmission): Promise<void> {
    if (!ref.brandSid) throw new RegistryRefusal("The brand was not registered with Twilio.");
    await this.post(`${this.s.messagingBase}/v1/a2p/BrandRegistrations/${ref.brandSid}/SmsOtp`, {});
  }

  async verifyBrandPin(): Promise<void> {
    throw new RegistryRefusal(
      "Twilio verifies the brand by a YES reply to its text, not by a PIN typed here.",
    );
  }

  async checkTollFree({ ref }: TollFreeSubmission): Promise<RegistryOutcome> {
    if (!ref.verificationSid) return { state: "pending" };
    return tollFreeOutcome(
      await this.get(`${this.s.messagingBase}/v1/Tollfree/Verifications/${ref.verificationSid}`),
    );
  }

  // ---- HTTP -------------------------------------------------------------------------------

  private accountBase() {
    return `${this.s.apiBase}/2010-04-01/Accounts/${this.s.accountSid}`;
  }

  private async addNumbers(serviceSid: string, numbers: CampaignSubmission["numbers"]) {
    for (const n of numbers) {
      try {
        await this.post(`${this.s.messagingBase}/v1/Services/${serviceSid}/PhoneNumbers`, {
          PhoneNumberSid: n.carrierSid,
        });
      } catch (err) {
        if (err instanceof TwilioAnswer && err.code === ALREADY_IN_SERVICE) continue;
        throw err;
      }
    }
  }

  private async assign(bundleUrl: string, objectSid: string) {
    await this.post(`${bundleUrl}/EntityAssignments`, { ObjectSid: objectSid });
  }

  /** Trust Hub checks a bundle against its policy first: what it finds missing is the reason. */
  private async evaluateAndSubmit(bundleUrl: string, policySid: string, what: string) {
    const bundle = await this.get(bundleUrl);
    if (bundle.status !== "draft" && bundle.status !== "twilio-rejected") return;
    const evaluation = await this.post(`${bundleUrl}/Evaluations`, { PolicySid: policySid });
    if (evaluation.status === "noncompliant")
      throw new RegistryRefusal(
        `Twilio found the ${what} incomplete: ${evaluationProblems(evaluation)}`,
      );
    await this.post(bundleUrl, { Status: "pending-review" });
  }

  private get(url: string) {
    return this.request("GET", url);
  }

  private post(url: string, form: Record<string, string>) {
    return this.request("POST", url, new URLSearchParams(form));
  }

  private async request(method: string, url: string, form?: URLSearchParams): Promise<Json> {
    let response: HttpAnswer;
    try {
      response = await httpRequest(url, {
        method,
        timeoutMs: this.s.timeoutMs,
        body: form?.toString(),
        headers: {
          authorization: this.auth,
          accept: "application/json",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
      });
    } catch (err) {
      throw new CarrierError(
        `Twilio could not be reached: ${(err as Error).message}`,
        0,
        null,
        true,
      );
    }
    if (response.status === 204) return {};
    let json: Json = {};
    try {
      json = response.text ? (JSON.parse(response.text) as Json) : {};
    } catch {
      // A proxy's error page: the status says enough.
    }
    if (response.status >= 200 && response.status < 300) return json;
    const message = String(json.message ?? `Twilio answered ${response.status}`);
    const code = json.code == null ? null : Number(json.code);
    if (response.status === 429 || response.status >= 500 || response.status === 401)
      // Busy, down, or our credentials refused: nothing the person can correct; try later.
      throw new CarrierError(message, response.status, code, true);
    throw new TwilioAnswer(message, code);
  }
}

/** A 4xx from Twilio: its message is the reason the person reads. */
class TwilioAnswer extends RegistryRefusal {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(code ? `${message} (Twilio error ${code})` : message);
  }
}

function address(form: BrandSubmission["form"]): Record<string, string> {
  return {
    CustomerName: form.legalName,
    Street: form.street ?? "",
    City: form.city ?? "",
    Region: form.state ?? "",
    PostalCode: form.zip ?? "",
    IsoCountry: "US",
  };
}

/** Trust Hub's industry codes are upper-case words ("RETAIL", "HEALTHCARE"). */
function industryCode(vertical: string): string {
  return vertical
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

function errorsText(errors: unknown): string {
  if (!Array.isArray(errors)) return "";
  return errors
    .map((e) => {
      const o = e as Json;
      return String(o.description ?? o.message ?? o.registrationerrordescription ?? "").trim();
    })
    .filter(Boolean)
    .join(" ");
}

function brandOutcome(brand: Json, brandType: BrandType): RegistryOutcome {
  const status = String(brand.status ?? "");
  // An approved sole proprietor's brand stays unverified until the owner of its mobile number
  // answers Twilio's text with YES (within 24 hours; a new text can be asked for).
  if (
    status === "APPROVED" &&
    brandType === "sole_proprietor" &&
    String(brand.identity_status ?? "") !== "VERIFIED"
  )
    return { state: "pending", waitingFor: "mobile_reply" };
  if (status === "APPROVED") {
    const score = brand.brand_score == null ? null : Number(brand.brand_score);
    return { state: "approved", limits: { ...limitsFor(brandType, score), score } };
  }
  if (status === "FAILED" || status === "SUSPENDED") {
    const reason =
      [brand.failure_reason, errorsText(brand.errors)]
        .map((r) => (typeof r === "string" ? r.trim() : ""))
        .filter(Boolean)
        .join(" ") || `Twilio marked the brand ${status.toLowerCase()}.`;
    return { state: "rejected", reason };
  }
  return { state: "pending" };
}

function campaignOutcome(campaign: Json): RegistryOutcome {
  const status = String(campaign.campaign_status ?? "");
  if (status === "VERIFIED") {
    // Where Twilio gives the campaign's AT&T rate, it is the pace; the brand's score gave the rest.
    const att = (campaign.rate_limits as { att?: { mps?: unknown } } | null)?.att;
    const mps = typeof att?.mps === "number" ? att.mps : null;
    return mps
      ? { state: "approved", limits: { tier: "campaign", mps, dailyCap: null, score: null } }
      : { state: "approved" };
  }
  if (status === "FAILED" || status === "SUSPENDED")
    return {
      state: "rejected",
      reason:
        errorsText(campaign.errors) ||
        (typeof campaign.failure_reason === "string" ? campaign.failure_reason : "") ||
        `Twilio marked the campaign ${status.toLowerCase()}.`,
    };
  return { state: "pending" };
}

function tollFreeOutcome(v: Json): RegistryOutcome {
  const status = String(v.status ?? "");
  if (status === "TWILIO_APPROVED") return { state: "approved" };
  if (status === "TWILIO_REJECTED") {
    const code = v.error_code == null ? "" : ` (Twilio error ${v.error_code})`;
    const reason =
      typeof v.rejection_reason === "string" && v.rejection_reason.trim()
        ? v.rejection_reason.trim()
        : "Twilio rejected the verification.";
    return { state: "rejected", reason: `${reason}${code}` };
  }
  return { state: "pending" };
}

function bundleRejection(bundle: Json, what: string): string {
  const errors = errorsText(bundle.errors);
  return `Twilio rejected the ${what}${errors ? `: ${errors}` : "."}`;
}

function evaluationProblems(evaluation: Json): string {
  const results = Array.isArray(evaluation.results) ? (evaluation.results as Json[]) : [];
  const problems: string[] = [];
  for (const r of results) {
    if (r.passed === true) continue;
    const invalid = Array.isArray(r.invalid) ? (r.invalid as Json[]) : [];
    for (const i of invalid) if (i.failure_reason) problems.push(String(i.failure_reason));
    if (!invalid.length && r.failure_reason) problems.push(String(r.failure_reason));
  }
  return problems.join(" ") || "a required part is missing.";
}
