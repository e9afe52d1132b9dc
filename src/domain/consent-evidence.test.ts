import { describe, expect, it } from "vitest";
import {
  consentPageUrl,
  describeConsent,
  PAGE_URL_MAX,
  summarizeConsentEvidence,
} from "./consent-evidence";

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
      howPhrase: { key: "Opt-in page “{{name}}”", values: { name: "door" } },
      viaBanner: false,
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

describe("describeConsent", () => {
  const inNewYork = (at: Date) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(at);

  it("says a texted keyword in the account's zone, without internal ids", () => {
    const d = describeConsent(
      "keyword",
      'Texted keyword LATTE ("latte") to +12125550100 at 2026-11-28T06:07:30.563Z, inbound message 3987',
      new Date("2026-11-28T06:07:30.563Z"),
      inNewYork,
    );
    expect(d.summary).toBe(
      'Texted keyword LATTE ("latte") to (212) 555-0100 on Nov 28, 2026, 1:07 AM EST',
    );
    expect(d.record).toBeNull();
  });

  it("sums up a sign-up's record and keeps the full record for a disclosure", () => {
    const detail = `${JSON.stringify({
      page: "sign_up_page",
      consentText: "Msg & data rates may apply.",
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      url: "https://shop.example/join",
    })} Confirmed by texting "Y" to +12125550100 at 2026-11-28T06:10:00.000Z, inbound message 12`;
    const d = describeConsent("sign_up_form", detail, new Date("2026-11-28T06:07:00Z"), inNewYork);
    expect(d.summary).toBe(
      'Sign-up page at https://shop.example/join, on Nov 28, 2026, 1:07 AM EST, from address 203.0.113.9. Confirmed by texting "Y" to (212) 555-0100 on Nov 28, 2026, 1:10 AM EST',
    );
    expect(d.summary).not.toContain("{");
    expect(d.summary).not.toContain("Mozilla");
    expect(d.record).toContain('"userAgent": "Mozilla/5.0 (X11; Linux x86_64)"');
    expect(d.record).toContain("inbound message 12");
  });
});
