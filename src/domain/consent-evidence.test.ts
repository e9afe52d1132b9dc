import { describe, expect, it } from "vitest";
import { consentPageUrl, PAGE_URL_MAX, summarizeConsentEvidence } from "./consent-evidence";

describe("consentPageUrl", () => {
  it("keeps an http(s) URL without its fragment or credentials", () => {
    expect(consentPageUrl("https://shop.example/join?x=1#top")).toBe(
      "https://shop.example/join?x=1",
    );
    expect(consentPageUrl("http://me:pw@shop.example/")).toBe("http://shop.example/");
  });
  it("drops what is not a web page's URL, or too long", () => {
    expect(consentPageUrl("javascript:alert(1)")).toBeNull();
    expect(consentPageUrl("data:text/html,hi")).toBeNull();
    expect(consentPageUrl("not a url")).toBeNull();
    expect(consentPageUrl(`https://a.example/${"x".repeat(PAGE_URL_MAX)}`)).toBeNull();
    expect(consentPageUrl(undefined)).toBeNull();
  });
});

describe("summarizeConsentEvidence", () => {
  it("reads a sign-up page's record", () => {
    const detail = JSON.stringify({
      page: "opt_in_page:door",
      consentText: "Msg & data rates may apply.",
      ip: "203.0.113.9",
      url: "https://shop.example/door",
    });
    expect(summarizeConsentEvidence("optin_page", detail)).toEqual({
      how: "Opt-in page “door”",
      pageUrl: "https://shop.example/door",
      ip: "203.0.113.9",
      text: "Msg & data rates may apply.",
      note: null,
    });
  });
  it("reads a confirmed double opt-in and plain words", () => {
    const confirmed = `${JSON.stringify({ page: "sign_up_page", ip: "1.2.3.4" })} Confirmed by texting "Y"`;
    const s = summarizeConsentEvidence("sign_up_form", confirmed);
    expect(s.how).toBe("Sign-up page");
    expect(s.note).toBe('Confirmed by texting "Y"');
    expect(summarizeConsentEvidence("keyword", "Texted keyword JOIN").note).toBe(
      "Texted keyword JOIN",
    );
  });
  it("never links a stored URL that is not http(s)", () => {
    const s = summarizeConsentEvidence(
      "sign_up_form",
      JSON.stringify({ url: "javascript:x", ip: "1.1.1.1" }),
    );
    expect(s.pageUrl).toBeNull();
  });
});
