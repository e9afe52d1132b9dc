import { describe, expect, it } from "vitest";
import {
  FEDERAL_RULE,
  LEGAL_HOURS_TEXT,
  nextAllowedByState,
  nextMarketingSlot,
  STATE_SEND_RULES,
  sendRuleFor,
} from "./send-windows";
import { US_STATES } from "./us-states";

const NY = "America/New_York";
const CHI = "America/Chicago";
const iso = (d: Date) => d.toISOString();

describe("state sending rules", () => {
  it("uses the federal 8am-9pm for states without a stricter law, and unknown states", () => {
    expect(sendRuleFor("NY")).toBe(FEDERAL_RULE);
    expect(sendRuleFor(null)).toBe(FEDERAL_RULE);
    expect(sendRuleFor("ca")).toBe(FEDERAL_RULE);
  });

  it("caps FL, OK and MD at 3 a day; WA, CT and TX have hours but no cap", () => {
    for (const s of ["FL", "OK", "MD"]) expect(STATE_SEND_RULES[s]!.capPer24h).toBe(3);
    for (const s of ["WA", "CT", "TX"]) expect(STATE_SEND_RULES[s]!.capPer24h).toBeNull();
  });

  it("lets a New York text go at 8:00 and 20:59, and holds it from 21:00 to 8:00 the next day", () => {
    // Monday 2026-11-23; New York is UTC-5 in November.
    expect(iso(nextAllowedByState(FEDERAL_RULE, new Date("2026-11-23T13:00:00Z"), NY))).toBe(
      "2026-11-23T13:00:00.000Z",
    );
    expect(iso(nextAllowedByState(FEDERAL_RULE, new Date("2026-11-24T01:59:00Z"), NY))).toBe(
      "2026-11-24T01:59:00.000Z",
    );
    expect(iso(nextAllowedByState(FEDERAL_RULE, new Date("2026-11-24T02:00:00Z"), NY))).toBe(
      "2026-11-24T13:00:00.000Z",
    );
    expect(iso(nextAllowedByState(FEDERAL_RULE, new Date("2026-11-23T11:30:00Z"), NY))).toBe(
      "2026-11-23T13:00:00.000Z",
    );
  });

  it("ends a Florida day at 8pm, an hour before the federal rule", () => {
    const fl = sendRuleFor("FL");
    expect(iso(nextAllowedByState(fl, new Date("2026-11-24T01:00:00Z"), NY))).toBe(
      "2026-11-24T13:00:00.000Z",
    );
  });

  it("starts a Texas Sunday at noon and other days at 9am", () => {
    const tx = sendRuleFor("TX");
    // Saturday 2026-11-28 22:00 in Chicago (UTC-6) → Sunday noon.
    expect(iso(nextAllowedByState(tx, new Date("2026-11-29T04:00:00Z"), CHI))).toBe(
      "2026-11-29T18:00:00.000Z",
    );
    // Sunday 10:00 → Sunday noon; Monday 8:30 → Monday 9:00.
    expect(iso(nextAllowedByState(tx, new Date("2026-11-29T16:00:00Z"), CHI))).toBe(
      "2026-11-29T18:00:00.000Z",
    );
    expect(iso(nextAllowedByState(tx, new Date("2026-11-30T14:30:00Z"), CHI))).toBe(
      "2026-11-30T15:00:00.000Z",
    );
  });

  it("keeps 8am local across the change to daylight saving time", () => {
    // Sunday 2026-03-08: clocks go forward at 2am in New York (UTC-5 → UTC-4).
    expect(iso(nextAllowedByState(FEDERAL_RULE, new Date("2026-03-08T06:30:00Z"), NY))).toBe(
      "2026-03-08T12:00:00.000Z",
    );
  });

  it("combines the law with the account's own quiet hours, whichever ends later", () => {
    // Account quiet 20:00-10:00: a 9:00 New York text waits for 10:00, not the law's 8:00.
    const at = new Date("2026-11-23T14:00:00Z");
    expect(iso(nextMarketingSlot(at, FEDERAL_RULE, NY, [["20:00", "10:00"]]))).toBe(
      "2026-11-23T15:00:00.000Z",
    );
    // Without the law (test rigs) only the account's hours hold it.
    expect(iso(nextMarketingSlot(new Date("2026-11-24T03:00:00Z"), null, NY, []))).toBe(
      "2026-11-24T03:00:00.000Z",
    );
  });
});

describe("LEGAL_HOURS_TEXT", () => {
  it("names every state whose rule differs from the federal one, and every cap", () => {
    const text = LEGAL_HOURS_TEXT.join(" ");
    for (const [code, rule] of Object.entries(STATE_SEND_RULES)) {
      const name = US_STATES.find((s) => s.code === code)!.name;
      expect(text).toContain(name);
      if (rule.capPer24h !== null)
        expect(LEGAL_HOURS_TEXT.find((l) => l.includes("at most"))).toContain(name);
    }
  });
});
