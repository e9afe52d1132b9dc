import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  drawWinners,
  makeCode,
  marketingWordOf,
  mayCheckIn,
  normaliseCode,
  withProgramAndStop,
} from "./marketing";

describe("marketing rules", () => {
  it("reads the first word of a text and what follows", () => {
    expect(marketingWordOf("  checkin   4821 ")).toEqual({ word: "CHECKIN", rest: "4821" });
    expect(marketingWordOf("win")).toEqual({ word: "WIN", rest: "" });
    expect(marketingWordOf("hi!")).toBeNull();
    expect(marketingWordOf("   ")).toBeNull();
  });

  it("lets a member check in once per period", () => {
    const last = new Date("2026-01-01T10:00:00Z");
    expect(mayCheckIn(null, 24, last)).toBe(true);
    expect(mayCheckIn(last, 24, new Date("2026-01-02T09:59:00Z"))).toBe(false);
    expect(mayCheckIn(last, 24, new Date("2026-01-02T10:00:00Z"))).toBe(true);
  });

  it("makes codes without look-alike characters and reads them back as typed", () => {
    const code = makeCode(randomInt);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(normaliseCode(" ab-cd ef ")).toBe("ABCDEF");
  });

  it("draws distinct winners, each entrant equally likely", () => {
    const entrants = ["a", "b", "c", "d"];
    const wins: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    for (let i = 0; i < 8000; i++) {
      const picked = drawWinners(entrants, 2, randomInt);
      expect(new Set(picked).size).toBe(2);
      for (const p of picked) wins[p]! += 1;
    }
    // Each is picked in half the draws: 4000 ± a generous margin.
    for (const k of entrants) expect(Math.abs(wins[k]! - 4000)).toBeLessThan(300);
    expect(drawWinners(["x"], 3, randomInt)).toEqual(["x"]);
  });

  it("puts the program name first and the opt-out line last", () => {
    expect(withProgramAndStop("20% off", "Bean There")).toBe(
      "Bean There: 20% off Reply STOP to opt out.",
    );
    expect(withProgramAndStop("Bean There: hi. Text STOP to end", "Bean There")).toBe(
      "Bean There: hi. Text STOP to end",
    );
  });
});
