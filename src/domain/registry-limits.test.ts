import { describe, expect, it } from "vitest";
import { feesFor, limitsFor } from "./registry-limits";

describe("registered 10DLC limits", () => {
  it("follow the trust score for standard brands (AT&T per minute, T-Mobile per day)", () => {
    expect(limitsFor("standard", 100)).toEqual({ tier: "high", mps: 75, dailyCap: 200_000 });
    expect(limitsFor("standard", 75)).toEqual({ tier: "high", mps: 75, dailyCap: 200_000 });
    expect(limitsFor("standard", 74)).toEqual({ tier: "medium", mps: 40, dailyCap: 40_000 });
    expect(limitsFor("standard", 49)).toEqual({ tier: "low", mps: 4, dailyCap: 10_000 });
    expect(limitsFor("standard", 24)).toEqual({ tier: "low", mps: 4, dailyCap: 2_000 });
    // No score yet counts as the lowest.
    expect(limitsFor("standard", null)).toEqual({ tier: "low", mps: 4, dailyCap: 2_000 });
  });

  it("are fixed for low-volume and sole-proprietor brands whatever the score", () => {
    expect(limitsFor("low_volume", 90)).toEqual({ tier: "low_volume", mps: 1.25, dailyCap: 2_000 });
    expect(limitsFor("sole_proprietor", 90)).toEqual({
      tier: "sole_proprietor",
      mps: 0.25,
      dailyCap: 1_000,
    });
  });

  it("take the registry's own figures for the brand where it gives them", () => {
    expect(limitsFor("standard", 80, { mps: 10, dailyCap: 5_000 })).toEqual({
      tier: "high",
      mps: 10,
      dailyCap: 5_000,
    });
    expect(limitsFor("standard", 80, { mps: null, dailyCap: 0 })).toEqual({
      tier: "high",
      mps: 75,
      dailyCap: 200_000,
    });
  });
});

describe("registry fees shown before submitting", () => {
  it("list what a submission costs for the brand's type", () => {
    expect(feesFor("twilio", "brand", "low_volume").map((f) => f.amount)).toEqual([4.5]);
    expect(feesFor("twilio", "campaign", "standard").map((f) => [f.amount, f.period])).toEqual([
      [15, "one_time"],
      [10, "monthly"],
    ]);
    expect(feesFor("telnyx", "brand", "standard").map((f) => f.amount)).toEqual([4, 40]);
    expect(feesFor("telnyx", "brand", "sole_proprietor").map((f) => f.amount)).toEqual([4]);
    expect(feesFor("emulator", "brand", "standard")).toEqual([]);
  });
});
