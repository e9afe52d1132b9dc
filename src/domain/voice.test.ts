import { describe, expect, it } from "vitest";
import { callStatusRank, voiceCallCredits } from "./voice";

describe("voice call price and status order", () => {
  it("charges every started minute, at least one", () => {
    expect(voiceCallCredits(0)).toBe(1);
    expect(voiceCallCredits(59)).toBe(1);
    expect(voiceCallCredits(60)).toBe(1);
    expect(voiceCallCredits(61)).toBe(2);
  });

  it("moves statuses forward only; every final status outranks the rest", () => {
    expect(callStatusRank("ringing")).toBeGreaterThan(callStatusRank("queued"));
    expect(callStatusRank("in-progress")).toBeGreaterThan(callStatusRank("ringing"));
    expect(callStatusRank("completed")).toBeGreaterThan(callStatusRank("in-progress"));
    expect(callStatusRank("no-answer")).toBe(callStatusRank("completed"));
  });
});
