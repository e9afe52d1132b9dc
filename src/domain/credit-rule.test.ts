import { describe, expect, it } from "vitest";
import {
  CREDIT_RULE,
  creditRuleRows,
  creditsOfText,
  internationalCreditsOf,
  isMessageSource,
} from "./credit-rule";

const long = "a".repeat(161);

describe("credit rule", () => {
  it("charges a text by its segments and an MMS 3, for every paid sender", () => {
    expect(creditsOfText({ source: "campaign", body: "Hi", isMms: false })).toBe(1);
    expect(creditsOfText({ source: "keyword_reply", body: long, isMms: false })).toBe(2);
    expect(creditsOfText({ source: "inbox", body: "😀".repeat(36), isMms: false })).toBe(2);
    expect(creditsOfText({ source: "automation", body: long, isMms: true })).toBe(3);
    expect(creditsOfText({ source: "optin_code", body: "Code 123456", isMms: false })).toBe(1);
  });

  it("charges a chatbot reply 3 whatever its length", () => {
    expect(creditsOfText({ source: "chatbot", body: "Yes", isMms: false })).toBe(3);
    expect(creditsOfText({ source: "chatbot", body: long.repeat(3), isMms: false })).toBe(3);
  });

  it("leaves the legally required answers and sign-in codes free, however long", () => {
    for (const source of ["compliance", "two_factor", "phone_verification"] as const)
      expect(creditsOfText({ source, body: long, isMms: false })).toBe(0);
    const free = Object.entries(CREDIT_RULE)
      .filter(([, r]) => r.cost.kind === "free")
      .map(([s]) => s);
    expect(free).toEqual(["compliance", "two_factor", "phone_verification"]);
  });

  it("spends as many international credits abroad, none at home", () => {
    expect(internationalCreditsOf("+447700900123", 2)).toBe(2);
    expect(internationalCreditsOf("+13105550123", 2)).toBe(0);
    expect(internationalCreditsOf("+447700900123", 0)).toBe(0);
  });

  it("knows its sources and shows each row with its cost", () => {
    expect(isMessageSource("keyword_reply")).toBe(true);
    expect(isMessageSource("toString")).toBe(false);
    const rows = creditRuleRows();
    expect(rows.find((r) => r.source === "chatbot")?.cost).toBe("3 credits each");
    expect(rows.find((r) => r.source === "compliance")?.cost).toBe("Free. The law requires them.");
    expect(rows.find((r) => r.source === "keyword_reply")?.cost).toBe(
      "1 credit per segment; 3 for an MMS",
    );
    expect(rows.some((r) => r.source === "seed")).toBe(false);
  });
});
