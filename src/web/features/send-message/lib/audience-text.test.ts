import { describe, expect, it } from "vitest";
import { plural } from "../../../lib/plural";
import { exclusionText } from "./audience-text";

const none = { optedOut: 0, blocked: 0, landline: 0, noConsent: 0 };

describe("audience text", () => {
  it("names each reason someone is left out, with its count", () => {
    expect(
      exclusionText({ excluded: { optedOut: 2, blocked: 1, landline: 3, noConsent: 1200 } }),
    ).toBe("Not sent to: 2 opted out, 1 blocked, 3 landlines, 1,200 without marketing consent");
    expect(exclusionText({ excluded: { ...none, landline: 1 } })).toBe("Not sent to: 1 landline");
    expect(exclusionText({ excluded: none })).toBe("");
  });

  it("counts people and credits in words", () => {
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(1500, "credit", "credits")).toBe("1,500 credits");
  });
});
