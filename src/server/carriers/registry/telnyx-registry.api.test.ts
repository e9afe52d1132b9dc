import { describe, expect, it } from "vitest";
import { runDueReviews } from "../../features/registrations/registry-reviews.service";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startTelnyxRegistryStandIn } from "../../test/telnyx-registry-stand-in";
import { registeredMps } from "./registered-throughput";

/**
 * Parley with CARRIER=telnyx registers through Telnyx's 10DLC API (brand, vetting, campaign,
 * number assignment) and its toll-free verification requests, here a local stand-in answering
 * Telnyx's documented shapes; the test plays the registry. Telnyx is polled.
 */
const API_KEY = "KEYREGISTRY0123456789_test";
const telnyx = await startTelnyxRegistryStandIn(API_KEY);
const t = await createTestServer({
  env: {
    CARRIER: "telnyx",
    PAYMENTS: "test",
    TELNYX_API_KEY: API_KEY,
    TELNYX_PUBLIC_KEY: telnyx.publicKey,
    TELNYX_MESSAGING_PROFILE_ID: "40017f8e-0a13-4e28-b4f5-standin00002",
    TELNYX_API_BASE: telnyx.url,
    REGISTRY_POLL_SECONDS: "600",
    CARRIER_TIMEOUT_MS: "2000",
  },
});
const db = t.db.$client;
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const status = async () => (await t.get("/api/registrations/status", { cookie })).json();
const afterPoll = () => new Date(Date.now() + 601_000);

async function addNumber(number: string, tollFree: boolean) {
  const res = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included, toll_free)
     values ($1, $2, $3, true, $4) returning id`,
    [a.account.id, number, `tx-${number}`, tollFree],
  );
  return { id: res.rows[0]!.id, number };
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
const tollFreeForm = {
  businessName: "Bean There Cafe",
  website: "https://beanthere.coffee",
  contactEmail: "owner@beanthere.coffee",
  contactPhone: "2125550199",
  contactName: "Ana Lopez",
  optInImageUrl: "https://beanthere.coffee/optin.png",
  useCase: "Order updates",
  sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
  optInDescription: "Customers text JOIN to our number or tick a box at checkout.",
  monthlyVolume: "10000",
};
const campaign = {
  useCase: "Account notifications",
  description: "Order-ready notices and account alerts for customers who joined at our counter.",
  sampleMessages: [
    "Bean There: your order is ready at the counter. Reply STOP to opt out.",
    "Bean There: your loyalty card has 2 free drinks. Reply STOP to opt out.",
  ],
  optInDescription:
    "Customers text JOIN to our number or tick the texting box on the checkout form at the counter.",
};

describe("the Telnyx registry (CARRIER=telnyx)", () => {
  it("names Telnyx as the reviewer, with its fees", async () => {
    const s = await status();
    expect(s.registry).toMatchObject({ name: "telnyx", simulated: false });
    expect(s.registry.fees).toContainEqual(
      expect.objectContaining({ kind: "brand", label: "Brand vetting", amount: 40 }),
    );
  });

  it("registers and vets a brand, shows TCR's feedback on failure, and resubmits", async () => {
    await t.put("/api/brand-registration/brand", brand, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    const [brandId] = [...telnyx.brands.keys()];
    expect(telnyx.brands.get(brandId!)).toMatchObject({
      entityType: "PRIVATE_PROFIT",
      companyName: brand.legalName,
      ein: "12-3456789",
      postalCode: "78701",
      vertical: "RESTAURANTS",
    });
    // A standard brand is sent to external vetting for its score.
    expect(telnyx.vettings.get(brandId!)).toHaveLength(1);

    // TCR could not verify it: its feedback is the reason, at the poll.
    Object.assign(telnyx.brands.get(brandId!)!, {
      identityStatus: "UNVERIFIED",
      status: "REGISTRATION_FAILED",
    });
    telnyx.feedback.set(brandId!, [
      {
        id: "TAX_ID",
        displayName: "Tax ID",
        description: "The EIN does not match the company name.",
      },
    ]);
    expect(await runDueReviews(t.ctx)).toBe(0); // not before the poll
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect((await status()).brand).toEqual({
      status: "rejected",
      reason: "The EIN does not match the company name.",
      waitingFor: null,
    });

    // Corrected: the same brand is updated and vetted again; approved once the score is in.
    await t.put(
      "/api/brand-registration/brand",
      { ...brand, legalName: "Bean There Coffee, LLC" },
      { cookie },
    );
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(telnyx.brands.size).toBe(1);
    expect(telnyx.brands.get(brandId!)!.companyName).toBe("Bean There Coffee, LLC");
    expect(telnyx.vettings.get(brandId!)).toHaveLength(2);
    Object.assign(telnyx.brands.get(brandId!)!, { identityStatus: "VERIFIED", status: "OK" });
    // Verified but not yet scored: still in review.
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(0);
    telnyx.vettings.get(brandId!)!.at(-1)!.vettingScore = 80;
    expect(await runDueReviews(t.ctx, new Date(Date.now() + 1202_000))).toBe(1);
    const s = await status();
    expect(s.brand).toEqual({ status: "approved", reason: null, waitingFor: null });
    // Score 80: AT&T's 4,500 a minute and T-Mobile's 200,000 a day.
    expect(s.trust).toEqual({ score: 80, tier: "high", mps: 75, dailyCap: 200000 });
  });

  it("builds the campaign, replaces a rejected one, assigns the numbers, and paces by the carriers' figures", async () => {
    const long = await addNumber("+15125550211", false);
    await addNumber("+18885550212", true);
    await t.put("/api/brand-registration/campaign", campaign, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    const [first] = [...telnyx.campaigns.values()];
    expect(first).toMatchObject({
      usecase: "ACCOUNT_NOTIFICATION",
      messageFlow: campaign.optInDescription,
      sample1: campaign.sampleMessages[0],
      sample2: campaign.sampleMessages[1],
      subscriberOptout: true,
    });

    Object.assign(first!, {
      campaignStatus: "MNO_REJECTED",
      failureReasons: "T-Mobile: the message flow does not show the opt-in disclosure.",
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect((await status()).campaign).toEqual({
      status: "rejected",
      reason: "T-Mobile: the message flow does not show the opt-in disclosure.",
    });

    await t.put("/api/brand-registration/campaign", campaign, { cookie });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(telnyx.campaigns.has(String(first!.campaignId))).toBe(false);
    const [second] = [...telnyx.campaigns.values()];
    const id = String(second!.campaignId);
    Object.assign(second!, { campaignStatus: "MNO_PROVISIONED" });
    telnyx.mnoMetadata.set(id, {
      "10017": { mno: "AT&T", tpm: 2400, msgClass: "C" },
      "10035": { mno: "T-Mobile", brandTier: "LOW", brandDailyCap: 10000 },
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect((await status()).campaign).toEqual({ status: "approved", reason: null });
    // The long code (not the toll-free number) is assigned to the campaign.
    expect([...telnyx.assignments.entries()]).toEqual([[long.number, id]]);
    // The carriers' own figures for this campaign change the pace: 2,400 a minute, 10,000 a day.
    expect((await status()).trust).toMatchObject({ mps: 40, dailyCap: 10000 });
    expect(await registeredMps(t.db, long.number)).toBe(40);
  });

  it("verifies a toll-free number: rejected with Telnyx's reason, corrected in place, verified", async () => {
    const tf = await addNumber("+18885550220", true);
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, tollFreeForm, {
      cookie,
    });
    expect(await runDueReviews(t.ctx)).toBe(0);
    const [v] = [...telnyx.verifications.values()];
    expect(v).toMatchObject({
      phoneNumbers: [{ phoneNumber: tf.number }],
      messageVolume: "10,000",
      businessContactFirstName: "Ana",
      businessContactLastName: "Lopez",
      optInWorkflowImageURLs: [{ url: tollFreeForm.optInImageUrl }],
    });
    Object.assign(v!, {
      verificationStatus: "Rejected",
      reason: "Website does not match the business name.",
    });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    const mine = (s: { tollFree: { phoneNumberId: number }[] }) =>
      s.tollFree.find((r) => r.phoneNumberId === tf.id);
    expect(mine(await status())).toMatchObject({
      status: "rejected",
      reason: "Website does not match the business name.",
    });

    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, tollFreeForm, {
      cookie,
    });
    expect(await runDueReviews(t.ctx)).toBe(0);
    expect(telnyx.verifications.size).toBe(1);
    expect(telnyx.requests.at(-1)).toMatchObject({ method: "PATCH" });
    Object.assign(v!, { verificationStatus: "Verified" });
    expect(await runDueReviews(t.ctx, afterPoll())).toBe(1);
    expect(mine(await status())).toMatchObject({ status: "approved", reason: null });
  });

  it("a signed Telnyx event brings the next check forward; an unsigned or stale one is refused", async () => {
    const tf = await addNumber("+18885550230", true);
    await t.post(`/api/dedicated-numbers/${tf.id}/toll-free-verification`, tollFreeForm, {
      cookie,
    });
    expect(await runDueReviews(t.ctx)).toBe(0);
    const [id, v] = [...telnyx.verifications.entries()].at(-1)!;
    // Telnyx is told where to send its news, with every submission.
    expect(v).toMatchObject({ webhookUrl: expect.stringMatching(/\/webhooks\/telnyx\/registry$/) });
    expect([...telnyx.brands.values()][0]).toMatchObject({
      webhookURL: expect.stringMatching(/\/webhooks\/telnyx\/registry$/),
    });
    Object.assign(v, { verificationStatus: "Verified" });
    const event = JSON.stringify({
      data: {
        event_type: "messaging_tollfree_verification.update",
        id: "0e3f5a9c-9f2d-4c55-9a43-5d0f6a1b2c3d",
        payload: { verificationRequestId: id, verificationStatus: "Verified" },
        record_type: "event",
      },
    });
    const post = (headers: Record<string, string>, payload = event) =>
      t.app.inject({ method: "POST", url: "/webhooks/telnyx/registry", headers, payload });

    // Not Telnyx's signature, or an old one replayed: refused, and the review still waits for the poll.
    const forged = await post({
      ...telnyx.sign(event),
      "telnyx-signature-ed25519": "A".repeat(88),
    });
    expect(forged.statusCode).toBe(403);
    const stale = await post(telnyx.sign(event, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(403);
    expect(await runDueReviews(t.ctx)).toBe(0);

    const signed = await post(telnyx.sign(event));
    expect(signed.statusCode).toBe(204);
    // Checked now, not at the next poll ten minutes away.
    expect(await runDueReviews(t.ctx)).toBe(1);
    const mine = (await status()).tollFree.find(
      (r: { phoneNumberId: number }) => r.phoneNumberId === tf.id,
    );
    expect(mine).toMatchObject({ status: "approved", reason: null });
  });

  it("a sole proprietor types back the PIN Telnyx texted to their mobile; a wrong one is refused", async () => {
    const sole = await buildAccountWithUser(t.db);
    const soleCookie = await loginAs(t.app, sole.user.username, sole.user.password);
    const soleStatus = async () =>
      (await t.get("/api/registrations/status", { cookie: soleCookie })).json();
    const seen = new Set(telnyx.brands.keys());
    await t.put(
      "/api/brand-registration/brand",
      { ...brand, ein: "", legalName: "Ana Lopez", brandType: "sole_proprietor" },
      { cookie: soleCookie },
    );
    expect(await runDueReviews(t.ctx)).toBe(0);
    const brandId = [...telnyx.brands.keys()].find((id) => !seen.has(id))!;
    expect(telnyx.brands.get(brandId)).toMatchObject({ entityType: "SOLE_PROPRIETOR" });
    // Telnyx texted a PIN to the brand's mobile at once; the brand waits for it.
    const first = telnyx.otpPins.get(brandId)!;
    expect(first).toMatch(/^\d{6}$/);
    expect((await soleStatus()).brand).toEqual({
      status: "pending",
      reason: null,
      waitingFor: "mobile_pin",
    });

    const post = (pin: string) =>
      t.post("/api/registrations/brand/verification-pin", { pin }, { cookie: soleCookie });
    expect((await post("12")).statusCode).toBe(400);
    const wrong = await post(first === "999999" ? "888888" : "999999");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain("Invalid OTP");
    expect((await soleStatus()).brand.status).toBe("pending");
    // Another account cannot verify this one's brand.
    expect(
      (await t.post("/api/registrations/brand/verification-pin", { pin: first }, { cookie }))
        .statusCode,
    ).toBe(409);

    // A new text brings a new PIN; the old one no longer works.
    expect(
      (await t.post("/api/registrations/brand/verification-text", {}, { cookie: soleCookie }))
        .statusCode,
    ).toBe(200);
    const second = telnyx.otpPins.get(brandId)!;
    if (second !== first) expect((await post(first)).statusCode).toBe(400);
    const ok = await post(second);
    expect(ok.statusCode).toBe(200);
    // Verified: the brand is approved at once, with a sole proprietor's fixed limits.
    const s = await soleStatus();
    expect(s.brand).toEqual({ status: "approved", reason: null, waitingFor: null });
    expect(s.trust).toMatchObject({ tier: "sole_proprietor" });
  });
});
