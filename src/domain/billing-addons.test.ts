import { describe, expect, it } from "vitest";
import { proratedAddonCents, refundNote } from "./billing";

const day = 86_400_000;
const start = new Date("2026-03-01T10:00:00Z");
const end = new Date("2026-03-31T10:00:00Z");

describe("proratedAddonCents", () => {
  it("charges the whole days left over the period's days; the day it is taken counts", () => {
    expect(proratedAddonCents(1000, { start, end }, start)).toBe(1000);
    // Ten days and a bit left of 30: eleven days.
    expect(proratedAddonCents(1000, { start, end }, new Date(end.getTime() - 10 * day - 5))).toBe(
      367,
    );
    expect(proratedAddonCents(500, { start, end }, new Date(end.getTime() - 10 * day))).toBe(167);
    // The last hour: one day of it.
    expect(proratedAddonCents(1000, { start, end }, new Date(end.getTime() - 3_600_000))).toBe(33);
  });

  it("is the same amount all day long (the confirmation's amount is the one charged)", () => {
    const morning = new Date(end.getTime() - 10 * day + 1);
    const evening = new Date(end.getTime() - 9 * day - 1);
    expect(proratedAddonCents(1000, { start, end }, morning)).toBe(
      proratedAddonCents(1000, { start, end }, evening),
    );
  });

  it("charges nothing at or after the period's end", () => {
    expect(proratedAddonCents(1000, { start, end }, end)).toBe(0);
    expect(proratedAddonCents(1000, { start, end }, new Date(end.getTime() + day))).toBe(0);
  });
});

describe("refundNote", () => {
  it("says what was refunded: part, all, or nothing", () => {
    expect(refundNote({ amountCents: 2900, refundedCents: 900 })).toBe("Refunded $9.00 of $29.00");
    expect(refundNote({ amountCents: 2900, refundedCents: 2900 })).toBe("Refunded $29.00");
    expect(refundNote({ amountCents: 2900, refundedCents: 0 })).toBeNull();
  });
});
