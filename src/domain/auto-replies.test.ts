import { describe, expect, it } from "vitest";
import { type AutoReplyRule, autoReplyInput, firstMatchingRule, ruleMatches } from "./auto-replies";

const rule = (r: Partial<AutoReplyRule>): AutoReplyRule => ({
  id: 1,
  match: "contains",
  words: [],
  phoneNumberId: null,
  businessHours: null,
  enabled: true,
  ...r,
});
const facts = {
  body: "What are your hours?",
  phoneNumberId: 7,
  firstMessage: false,
  at: new Date("2026-03-04T15:00:00Z"), // Wednesday 10:00 New York
  timeZone: "America/New_York",
};

describe("automated reply rules", () => {
  it("matches whole words, exact texts and starts", () => {
    expect(ruleMatches(rule({ words: ["hours"] }), facts)).toBe(true);
    expect(ruleMatches(rule({ words: ["our"] }), facts)).toBe(false);
    expect(ruleMatches(rule({ match: "exact", words: ["what are your  HOURS?"] }), facts)).toBe(
      true,
    );
    expect(ruleMatches(rule({ match: "exact", words: ["hours"] }), facts)).toBe(false);
    expect(ruleMatches(rule({ match: "starts_with", words: ["what"] }), facts)).toBe(true);
  });

  it("keeps to its number and to enabled rules", () => {
    expect(ruleMatches(rule({ words: ["hours"], phoneNumberId: 8 }), facts)).toBe(false);
    expect(ruleMatches(rule({ words: ["hours"], phoneNumberId: 7 }), facts)).toBe(true);
    expect(ruleMatches(rule({ words: ["hours"], enabled: false }), facts)).toBe(false);
  });

  it("answers a first message and by business hours in the account zone", () => {
    expect(ruleMatches(rule({ match: "first_message" }), { ...facts, firstMessage: true })).toBe(
      true,
    );
    const hours = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };
    expect(ruleMatches(rule({ match: "business_hours", businessHours: hours }), facts)).toBe(true);
    expect(ruleMatches(rule({ match: "after_hours", businessHours: hours }), facts)).toBe(false);
    const night = { ...facts, at: new Date("2026-03-05T03:00:00Z") }; // 22:00 New York
    expect(ruleMatches(rule({ match: "after_hours", businessHours: hours }), night)).toBe(true);
  });

  it("takes the first matching rule in order", () => {
    const rules = [
      rule({ id: 1, words: ["price"] }),
      rule({ id: 2, words: ["hours"] }),
      rule({ id: 3, match: "starts_with", words: ["what"] }),
    ];
    expect(firstMatchingRule(rules, facts)?.id).toBe(2);
  });

  it("wants words for word rules and hours for hour rules", () => {
    const bad = autoReplyInput.safeParse({ name: "x", match: "contains", reply: "y" });
    expect(bad.success).toBe(false);
    const hours = autoReplyInput.safeParse({ name: "x", match: "after_hours", reply: "y" });
    expect(hours.error?.issues[0]?.message).toBe("Set the business hours");
  });
});
