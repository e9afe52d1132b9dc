import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runDueReviews } from "../../features/registrations/registry-reviews.service";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startTwilioRegistryStandIn } from "../../test/twilio-registry-stand-in";
import { twilioSignature } from "../twilio-signature";
import { registeredMps } from "./registered-throughput";
import { TWILIO_REGISTRY_WEBHOOK_PATH } from "./twilio-registry";

/**
 * Parley with CARRIER=twilio registers through Twilio's A2P 10DLC and toll-free verification
 * APIs, here a local stand-in answering Twilio's documented shapes; the test plays Twilio's
 * reviewers. Reviews are sent when due and asked again on a status callback or at the poll.
 */
const ACCOUNT_SID = `AC${randomBytes(16).toString("hex")}`;
const AUTH_TOKEN = randomBytes(16).toString("hex");
const PRIMARY = `BU${randomBytes(16).toString("hex")}`;
const twilio = await startTwilioRegistryStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
const t = await createTestServer({
  env: {
    CARRIER: "twilio",
    PAYMENTS: "test",
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_API_BASE: twilio.url,
    TWILIO_MESSAGING_BASE: twilio.url,
    TWILIO_TRUSTHUB_BASE: twilio.url,
    TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: PRIMARY,
    REGISTRY_POLL_SECONDS: "600",
    CARRIER_TIMEOUT_MS: "2000",
  },
});
const db = t.db.$client;
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);

const pn = () => `PN${randomBytes(16).toString("hex")}`;
async function addNumber(accountId: number, number: string, tollFree: boolean) {
  const sid = pn();
  const res = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included, toll_free)
     values ($1, $2, $3, true, $4) returning id`,
    [accountId, number, sid, tollFree],
  );
  return { id: res.rows[0]!.id, number, sid };
}

const status = async () => (await t.get("/api/registrations/status", { cookie })).json();
/** After the poll interval: every waiting review is asked again. */
const afterPoll = () => new Date(Date.now() + 601_000);

/** Twilio's signed status callback: a Trust Hub bundle (form) or an Event Streams event (JSON). */
async function formCallback(params: Record<string, string>, signWith = AUTH_TOKEN) {
  const url = `${t.config.webhookBase}${TWILIO_REGISTRY_WEBHOOK_PATH}`;
  return t.request({
    method: "POST",
    url: TWILIO_REGISTRY_WEBHOOK_PATH,
    body: new URLSearchParams(params).toString(),
    csrf: false,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(signWith, url, params),
    },
  });
}
async function eventCallback(events: unknown[]) {
  const body = JSON.stringify(events);
  const path = `${TWILIO_REGISTRY_WEBHOOK_PATH}?bodySHA256=${createHash("sha256").update(body).digest("hex")}`;
  return t.request({
    method: "POST",
    url: path,
    body,
    csrf: false,
    headers: {
      "content-type": "application/json",
      "x-twilio-signature": twilioSignature(AUTH_TOKEN, `${t.config.webhookBase}${path}`, {}),
    },
  });
}

const brand = {
  legalName: "Bean There Coffee LLC",
  ein: "12-3456789",
  website: "https://beanthere.coffee",
  vertical: "Restaurants",
  street: "1 Congress Ave",
  city: "Austin",
  state: "TX",
  zip: "78701",
  contactEmail: "owner@beanthere.coffee",
  contactFirstName: "Ana",
  contactLastName: "Lopez",
  contactPhone: "+15125550100",
};
const campaign = {
  useCase: "Marketing",
  description: "Weekly offers and order updates for customers who joined at our counter.",
  sampleMessages: [
    "Bean There: 2-for-1 lattes today only! Reply STOP to opt out.",
    "Bean There: your order is ready at the counter. Reply STOP to opt out.",
  ],
  optInDescription:
    "Customers text JOIN to our number or tick the texting box on the checkout form at the counter.",
};

describe("the Twilio registry (CARRIER=twilio)", () => {
  it("says the reviews are Twilio's, with its fees, before anything is submitted", async () => {
    const s = await status();
    expect(s.registry).toMatchObject({ name: "twilio", simulated: false });
    expect(s.registry.fees).toContainEqual(
      expect.objectContaining({ kind: "campaign", amount: 15, period: "one_time" }),
    );
  });

  it("registers a brand through Trust Hub, shows Twilio's refusal and failure, and resubmits", async () => {
    // Trust Hub finds the profile incomplete: Twilio's words are the reason.
    twilio.noncompliant = "Business name does not match the EIN records.";
    expect((await t.put("/api/brand-registration/brand", brand, { cookie })).statusCode).toBe(200);
    expect(await runDueReviews(t.ctx)).toBe(1);
    let s = await status();
    expect(s.brand.status).toBe("rejected");
    expect(s.brand.reason).toBe(
      "Twilio found the customer profile incomplete: Business name does not match the EIN records.",
    );

    // Corrected and sent again: the profile made before is completed, not made twice.
    twilio.noncompliant = null;
    await t.put("/api/brand-registration/brand", brand, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0); // taken by Twilio: in review
    expect(
      [...twilio.bundles.values()].filter(
        (b) => b.policy_sid === "RNdfbf3fae0e1107f8aded0e7cead80bf5",
      ),
    ).toHaveLength(1);
    const profile = [...twilio.bundles.values()].find((b) =>
      String(b.policy_sid).startsWith("RNdf"),
    )!;
    expect(profile.status).toBe("pending-review");
    // The ISV's primary profile is attached to the account's secondary profile.
    expect(profile.assignments).toContain(PRIMARY);
    const [brandSid] = [...twilio.brands.keys()];
    expect(twilio.brands.get(brandSid!)).toMatchObject({
      brand_type: "STANDARD",
      status: "PENDING",
    });
    expect((await status()).brand.status).toBe("pending");

    // Nothing new before the poll: Twilio is not asked again at once.
    const asked = twilio.requests.length;
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(twilio.requests.length).toBe(asked);

    // Twilio fails the brand: its reasons, as it gives them, at the poll.
    twilio.decideBrand(brandSid!, {
      status: "FAILED",
      failure_reason: "The brand's tax id could not be verified.",
      errors: [{ code: 30794, description: "EIN does not match the legal company name." }],
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    s = await status();
    expect(s.brand).toEqual({
      status: "rejected",
      reason:
        "The brand's tax id could not be verified. EIN does not match the legal company name.",
      waitingFor: null,
    });
    const bell = (await t.get("/api/notifications?view=unread", { cookie })).json();
    expect(JSON.stringify(bell)).toContain("EIN does not match the legal company name.");

    // Resubmitted: the same brand goes back to Twilio, and its approval comes by callback.
    await t.put("/api/brand-registration/brand", brand, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(twilio.brands.size).toBe(1);
    expect(twilio.brands.get(brandSid!)!.status).toBe("PENDING");
    twilio.decideBrand(brandSid!, { status: "APPROVED", brand_score: 62 });
    const hook = await eventCallback([
      {
        type: "com.twilio.messaging.compliance.brand-registration.brand-registered",
        data: { accountsid: ACCOUNT_SID, brandsid: brandSid, brandstatus: "registered" },
      },
    ]);
    expect(hook.statusCode).toBe(204);
    expect(await runDueReviews(t.ctx)).toBe(1);
    s = await status();
    expect(s.brand).toEqual({ status: "approved", reason: null, waitingFor: null });
    // Score 62: AT&T's 2,400 a minute (40 a second) and T-Mobile's 40,000 a day.
    expect(s.trust).toEqual({ score: 62, tier: "medium", mps: 40, dailyCap: 40000 });
  });

  it("puts the long codes in a Messaging Service, registers the campaign, and paces by the outcome", async () => {
    const long = await addNumber(a.account.id, "+15125550111", false);
    await addNumber(a.account.id, "+18885550112", true);
    expect(await registeredMps(t.db, long.number)).toBeNull();

    await t.put("/api/brand-registration/campaign", campaign, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect((await status()).campaign).toEqual({ status: "pending", reason: null });
    const [serviceSid] = [...twilio.serviceNumbers.keys()];
    // Only the long code: toll-free numbers are not 10DLC.
    expect([...twilio.serviceNumbers.get(serviceSid!)!]).toEqual([long.sid]);
    const [first] = [...twilio.campaigns.values()];
    expect(first).toMatchObject({
      us_app_to_person_usecase: "MARKETING",
      message_flow: campaign.optInDescription,
      message_samples: campaign.sampleMessages,
    });

    // Twilio fails it with reasons; the corrected campaign replaces it.
    twilio.decideCampaign(String(first!.sid), {
      campaign_status: "FAILED",
      errors: [{ code: 30896, description: "Opt-in information is insufficient." }],
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect((await status()).campaign).toEqual({
      status: "rejected",
      reason: "Opt-in information is insufficient.",
    });
    await t.put("/api/brand-registration/campaign", campaign, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(twilio.campaigns.has(String(first!.sid))).toBe(false);
    const [second] = [...twilio.campaigns.values()];
    // A number bought while in review joins the service when the campaign is verified.
    const later = await addNumber(a.account.id, "+15125550113", false);
    twilio.decideCampaign(String(second!.sid), { campaign_status: "VERIFIED" });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect((await status()).campaign).toEqual({ status: "approved", reason: null });
    expect([...twilio.serviceNumbers.get(serviceSid!)!].sort()).toEqual(
      [long.sid, later.sid].sort(),
    );
    // The dispatcher's pace table: the brand's tier, now that brand and campaign are approved.
    expect(await registeredMps(t.db, long.number)).toBe(40);
  });

  it("verifies a toll-free number: rejection with Twilio's reason, edited in place, approved", async () => {
    const tf = await addNumber(a.account.id, "+18885550120", true);
    const form = {
      businessName: "Bean There Cafe",
      website: "https://beanthere.coffee",
      contactEmail: "owner@beanthere.coffee",
      contactPhone: "2125550199",
      contactName: "Ana Lopez",
      useCase: "Order updates and weekly offers",
      sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
      optInDescription: "Customers text JOIN to our number or tick a box at checkout.",
      monthlyVolume: "1000",
    };
    // Without the opt-in picture Twilio requires, it is not sent: the form says what is missing.
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, form, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(1);
    let review = (await status()).tollFree.find(
      (r: { phoneNumberId: number }) => r.phoneNumberId === tf.id,
    );
    expect(review).toMatchObject({ status: "rejected" });
    expect(review.reason).toMatch(/picture of where subscribers opt in/);
    expect(twilio.verifications.size).toBe(0);

    const withImage = { ...form, optInImageUrl: "https://beanthere.coffee/optin.png" };
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, withImage, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    const [hh] = [...twilio.verifications.keys()];
    expect(twilio.verifications.get(hh!)).toMatchObject({
      tollfree_phone_number_sid: tf.sid,
      opt_in_type: "VIA_TEXT",
      message_volume: "1,000",
      use_case_categories: ["DELIVERY_NOTIFICATIONS"],
      opt_in_image_urls: ["https://beanthere.coffee/optin.png"],
    });

    twilio.decideVerification(hh!, {
      status: "TWILIO_REJECTED",
      rejection_reason: "Website does not show the business's opt-in.",
      error_code: 30509,
      edit_allowed: true,
    });
    // The poll finds it.
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    review = (await status()).tollFree.find(
      (r: { phoneNumberId: number }) => r.phoneNumberId === tf.id,
    );
    expect(review).toMatchObject({
      status: "rejected",
      reason: "Website does not show the business's opt-in. (Twilio error 30509)",
    });

    // Edited and sent again: the same verification, back in review; approval by callback.
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, withImage, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(twilio.verifications.size).toBe(1);
    expect(twilio.verifications.get(hh!)!.status).toBe("PENDING_REVIEW");
    twilio.decideVerification(hh!, { status: "TWILIO_APPROVED" });
    // An unsigned (or wrongly signed) callback changes nothing.
    expect(
      (await formCallback({ TollfreeVerificationSid: hh! }, "wrong-token-0123456789")).statusCode,
    ).toBe(403);
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect((await formCallback({ TollfreeVerificationSid: hh! })).statusCode).toBe(204);
    expect(await runDueReviews(t.ctx)).toBe(1);
    const numbers = (await t.get("/api/dedicated-numbers?type=tollFree", { cookie })).json();
    expect(numbers.rows.find((r: { id: number }) => r.id === tf.id)).toMatchObject({
      tfVerification: "verified",
    });
  });

  it("registers low-volume and sole-proprietor brands with their own fixed limits", async () => {
    const lowVolume = await buildAccountWithUser(t.db);
    const sole = await buildAccountWithUser(t.db);
    const lvCookie = await loginAs(t.app, lowVolume.user.username, lowVolume.user.password);
    const soleCookie = await loginAs(t.app, sole.user.username, sole.user.password);
    const seen = new Set(twilio.brands.keys());
    await t.put(
      "/api/brand-registration/brand",
      { ...brand, brandType: "low_volume" },
      {
        cookie: lvCookie,
      },
    );
    // A sole proprietor has no EIN of a business; every other brand must give one.
    const noEin = { ...brand, ein: "", legalName: "Ana Lopez" };
    expect(
      (await t.put("/api/brand-registration/brand", noEin, { cookie: lvCookie })).statusCode,
    ).toBe(400);
    await t.put(
      "/api/brand-registration/brand",
      { ...noEin, brandType: "sole_proprietor" },
      {
        cookie: soleCookie,
      },
    );
    expect(await runDueReviews(t.ctx)).toBe(0);
    const fresh = [...twilio.brands.values()].filter((b) => !seen.has(String(b.sid)));
    const lv = fresh.find((b) => b.brand_type === "STANDARD")!;
    const sp = fresh.find((b) => b.brand_type === "SOLE_PROPRIETOR")!;
    // Low volume skips secondary vetting; the sole proprietor's profile is a starter profile,
    // not attached to the ISV's primary one.
    expect(lv.skip_automatic_sec_vet).toBe(true);
    const starter = twilio.bundles.get(String(sp.customer_profile_bundle_sid))!;
    expect(starter.policy_sid).toBe("RN806dd6cd175f314e1f96a9727ee271f4");
    expect(starter.assignments).not.toContain(PRIMARY);

    twilio.decideBrand(String(lv.sid), { status: "APPROVED", brand_score: 90 });
    // Approved, but Twilio then texts the sole proprietor's mobile and waits for a YES.
    twilio.decideBrand(String(sp.sid), {
      status: "APPROVED",
      brand_score: null,
      identity_status: "UNVERIFIED",
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    const waiting = (await t.get("/api/registrations/status", { cookie: soleCookie })).json();
    expect(waiting.brand).toEqual({ status: "pending", reason: null, waitingFor: "mobile_reply" });
    // The text never came, or 24 hours passed: Twilio texts it again.
    const again = await t.post(
      "/api/registrations/brand/verification-text",
      {},
      { cookie: soleCookie },
    );
    expect(again.statusCode).toBe(200);
    expect(twilio.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/a2p/BrandRegistrations/${sp.sid}/SmsOtp`,
    });
    // A PIN is not how Twilio verifies; the low-volume brand waits for nothing.
    const pin = await t.post(
      "/api/registrations/brand/verification-pin",
      { pin: "123456" },
      { cookie: soleCookie },
    );
    expect(pin.statusCode).toBe(409);
    expect(
      (await t.post("/api/registrations/brand/verification-text", {}, { cookie: lvCookie }))
        .statusCode,
    ).toBe(409);
    twilio.decideBrand(String(sp.sid), { identity_status: "VERIFIED" });
    expect(await runDueReviews(t.ctx, new Date(Date.now() + 1202_000))).toBe(1);
    const lvStatus = (await t.get("/api/registrations/status", { cookie: lvCookie })).json();
    const spStatus = (await t.get("/api/registrations/status", { cookie: soleCookie })).json();
    expect(spStatus.brand).toEqual({ status: "approved", reason: null, waitingFor: null });
    // Whatever the score: 75 a minute and 2,000 a day; a sole proprietor 15 a minute, 1,000 a day.
    expect(lvStatus.trust).toEqual({ score: 90, tier: "low_volume", mps: 1.25, dailyCap: 2000 });
    expect(spStatus.trust).toEqual({
      score: 0,
      tier: "sole_proprietor",
      mps: 0.25,
      dailyCap: 1000,
    });
  });
});
