import { describe, expect, it } from "vitest";
import { isInternationalNumber } from "./international";
import { alertQuiet } from "./phone-alerts";
import { brandPrompt, shellNotices, showTollFreeBanner, tourVisible } from "./registrations";
import {
  REJECTION,
  reviewBrand,
  reviewCampaign,
  reviewTollFree,
  tierOf,
  trustScore,
} from "./registry-review";
import { applySendSettings, toGsmLookalikes } from "./send-settings";

const owner = {
  superUser: true,
  isTestAccount: false,
  isTSI: false,
  industry: 2,
  brandRegistrationStatus: "unseen" as const,
};
const flags = {
  firstLogin: false,
  seenThisSession: false,
  force: false,
  required: false,
  queryForce: false,
};

describe("brand registration prompt (doc 1 §4)", () => {
  it("opens once a session while unseen, and the banner stays while skipped or unseen", () => {
    expect(brandPrompt(owner, flags)).toEqual({ modal: true, banner: true });
    expect(brandPrompt(owner, { ...flags, seenThisSession: true })).toEqual({
      modal: false,
      banner: true,
    });
    const skipped = { ...owner, brandRegistrationStatus: "skipped" as const };
    expect(brandPrompt(skipped, flags)).toEqual({ modal: false, banner: true });
    expect(brandPrompt(skipped, { ...flags, required: true }).modal).toBe(true);
    expect(brandPrompt(skipped, { ...flags, force: true }).modal).toBe(true);
    const complete = { ...owner, brandRegistrationStatus: "complete" as const };
    expect(brandPrompt(complete, { ...flags, required: true })).toEqual({
      modal: false,
      banner: false,
    });
    expect(brandPrompt(complete, { ...flags, queryForce: true }).modal).toBe(true);
  });

  it("never asks test, TSI, industry 17, non-super users or on the first login", () => {
    for (const me of [
      { ...owner, isTestAccount: true },
      { ...owner, isTSI: true },
      { ...owner, industry: 17 },
      { ...owner, superUser: false },
    ])
      expect(brandPrompt(me, flags)).toEqual({ modal: false, banner: false });
    expect(brandPrompt(owner, { ...flags, firstLogin: true })).toEqual({
      modal: false,
      banner: false,
    });
  });
});

describe("toll-free banner (doc 1 §4)", () => {
  it("shows without a valid number unless complete is on and skip is off", () => {
    const s = { skipSetting: false, completeSetting: false, hasValidSendingNumber: false };
    expect(showTollFreeBanner(s)).toBe(true);
    expect(showTollFreeBanner({ ...s, hasValidSendingNumber: true })).toBe(false);
    expect(showTollFreeBanner({ ...s, completeSetting: true })).toBe(false);
    expect(showTollFreeBanner({ ...s, completeSetting: true, skipSetting: true })).toBe(true);
  });
});

describe("guided tour", () => {
  const me = { restrictedUser: false, isWebinarCustomer: false };
  it("hides when disabled, skipped, restricted, webinar, or on number registration", () => {
    expect(tourVisible(1, me, "/dashboard")).toBe(true);
    expect(tourVisible(4, me, "/dashboard")).toBe(true);
    expect(tourVisible(0, me, "/dashboard")).toBe(false);
    expect(tourVisible(5, me, "/dashboard")).toBe(false);
    expect(tourVisible(1, { ...me, restrictedUser: true }, "/dashboard")).toBe(false);
    expect(tourVisible(1, { ...me, isWebinarCustomer: true }, "/dashboard")).toBe(false);
    expect(tourVisible(1, me, "/number-registration")).toBe(false);
  });
});

describe("registry review rules", () => {
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
  };
  it("rejects placeholders and unverifiable websites with their reason", () => {
    expect(reviewBrand(brand)).toEqual({ approved: true });
    expect(reviewBrand({ ...brand, legalName: "Test Co" })).toEqual({
      approved: false,
      reason: REJECTION.placeholderName,
    });
    for (const website of ["https://example.com", "http://10.0.0.1", "https://shop.test", "nope"])
      expect(reviewBrand({ ...brand, website })).toEqual({
        approved: false,
        reason: REJECTION.website,
      });
    expect(reviewBrand({ ...brand, street: undefined })).toMatchObject({ approved: false });
  });

  it("wants opt-out words in a campaign's samples and an approved brand", () => {
    const campaign = {
      useCase: "Marketing",
      description: "Weekly offers",
      sampleMessages: ["Deals today! Reply STOP to opt out.", "Your order is ready."],
    };
    expect(reviewCampaign(campaign, true)).toEqual({ approved: true });
    expect(reviewCampaign(campaign, false)).toMatchObject({ reason: REJECTION.brandNotApproved });
    expect(
      reviewCampaign({ ...campaign, sampleMessages: ["Deals today!", "Order ready."] }, true),
    ).toMatchObject({ reason: REJECTION.optOut });
    expect(
      reviewTollFree({
        businessName: "Bean There",
        website: "https://beanthere.coffee",
        useCase: "CBD gummies",
        sampleMessage: "New CBD flavours. Reply STOP to opt out.",
        optInDescription: "Customers sign up at the counter.",
      }),
    ).toMatchObject({ reason: REJECTION.content });
  });

  it("scores trust into tiers", () => {
    expect(trustScore(brand)).toBe(100);
    expect(tierOf(100)).toMatchObject({ tier: "high", mps: 75 });
    expect(trustScore({ ...brand, contactEmail: "bean@gmail.com" })).toBe(75);
    expect(trustScore({ ...brand, contactEmail: "bean@gmail.com", ein: "11-1111111" })).toBe(55);
    expect(tierOf(55)).toMatchObject({ tier: "medium", mps: 40 });
    expect(tierOf(40)).toMatchObject({ tier: "low", mps: 4 });
  });
});

describe("send settings and international numbers", () => {
  it("frames the text and makes foreign characters plain unless allowed", () => {
    const s = { header: "Bean There", footer: "Reply STOP to end", allowForeignChars: false };
    expect(applySendSettings("Crème brûlée “now”", s)).toBe(
      'Bean There\nCrème brulée "now"\nReply STOP to end',
    );
    expect(applySendSettings("brûlée", { ...s, allowForeignChars: true })).toBe(
      "Bean There\nbrûlée\nReply STOP to end",
    );
    expect(applySendSettings("Hi", null)).toBe("Hi");
    // Emoji and scripts without a look-alike stay.
    expect(toGsmLookalikes("Hi 😀 你好")).toBe("Hi 😀 你好");
  });

  it("tells Canada and the Caribbean from the US and its territories", () => {
    expect(isInternationalNumber("+14165550123")).toBe(true);
    expect(isInternationalNumber("+18765550123")).toBe(true);
    expect(isInternationalNumber("+12125550123")).toBe(false);
    expect(isInternationalNumber("+17875550123")).toBe(false);
  });

  it("phone alert quiet hours run across midnight", () => {
    const q = { quietStart: "22:00", quietEnd: "07:00" };
    expect(alertQuiet(q, "23:30")).toBe(true);
    expect(alertQuiet(q, "06:59")).toBe(true);
    expect(alertQuiet(q, "07:00")).toBe(false);
    expect(alertQuiet({ quietStart: null, quietEnd: null }, "23:30")).toBe(false);
  });
});

describe("shellNotices", () => {
  const all = { accountState: false, tollFree: true, brandBanner: true, brandModal: true };

  it("shows one strip at a time: no number to send from before the brand", () => {
    expect(shellNotices(all).strip).toBe("toll_free");
    expect(shellNotices({ ...all, tollFree: false }).strip).toBe("brand");
    expect(shellNotices({ ...all, tollFree: false, brandBanner: false }).strip).toBeNull();
  });

  it("leaves the top to a billing problem, and the tour waits while the brand modal asks", () => {
    expect(shellNotices({ ...all, accountState: true })).toEqual({
      strip: null,
      brandModal: false,
      tourWaits: false,
    });
    expect(shellNotices(all).tourWaits).toBe(true);
    expect(shellNotices({ ...all, brandModal: false }).tourWaits).toBe(false);
  });
});
