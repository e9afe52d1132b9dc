import { describe, expect, it } from "vitest";
import { buildRepeatRule, nextOccurrence, occurrences, wallTimeToInstant } from "./repeat";

const NY = "America/New_York";

describe("repeat rules", () => {
  it("a send that does not repeat has no rule", () => {
    expect(
      buildRepeatRule({ repeatFrequency: "never" }, { date: "2026-03-01", time: "09:00" }),
    ).toBeNull();
  });

  it("a weekly 9:00 send stays at 9:00 local across the spring DST change", () => {
    const rule = buildRepeatRule(
      { repeatFrequency: "weekly", repeatDays: { sunday: true } },
      { date: "2026-03-01", time: "09:00" },
    )!;
    const [a, b, c] = occurrences(rule, NY, 3);
    expect(a!.toISOString()).toBe("2026-03-01T14:00:00.000Z"); // EST
    expect(b!.toISOString()).toBe("2026-03-08T13:00:00.000Z"); // EDT from 8 March
    expect(c!.toISOString()).toBe("2026-03-15T13:00:00.000Z");
  });

  it("weekly on several days, every 2 weeks", () => {
    const rule = buildRepeatRule(
      { repeatFrequency: "biweekly", repeatDays: { monday: true, thursday: true } },
      { date: "2026-06-01", time: "10:30" },
    )!;
    const days = occurrences(rule, "UTC", 4).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(["2026-06-01", "2026-06-04", "2026-06-15", "2026-06-18"]);
  });

  it("monthly on the 31st falls on the last day of shorter months", () => {
    const rule = buildRepeatRule(
      { repeatFrequency: "monthly" },
      { date: "2026-01-31", time: "12:00" },
    )!;
    const days = occurrences(rule, "UTC", 4).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
  });

  it("monthly by week: the 2nd Tuesday", () => {
    const rule = buildRepeatRule(
      { repeatFrequency: "monthly", repeatType: "week" },
      { date: "2026-09-08", time: "08:00" },
    )!;
    const days = occurrences(rule, "UTC", 3).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(["2026-09-08", "2026-10-13", "2026-11-10"]);
  });

  it("custom: every 3 months, ending after 2 occurrences", () => {
    const rule = buildRepeatRule(
      {
        repeatFrequency: "custom",
        customRepeatFrequencyType: "months",
        customRepeatFrequency: 3,
        customEndMessageType: "occurrences",
        customEndMessageOccurrences: 2,
      },
      { date: "2026-01-15", time: "09:00" },
    )!;
    expect(occurrences(rule, NY, 10)).toHaveLength(2);
    const second = occurrences(rule, NY, 2)[1]!;
    expect(nextOccurrence(rule, NY, second)).toBeNull();
  });

  it("custom weekly ending on a date includes that date", () => {
    const rule = buildRepeatRule(
      {
        repeatFrequency: "custom",
        customRepeatFrequencyType: "weeks",
        customRepeatFrequency: 1,
        customRepeatDays: { friday: true },
        customEndMessageType: "date",
        customEndMessageDate: "2026-05-15",
      },
      { date: "2026-05-01", time: "17:00" },
    )!;
    expect(occurrences(rule, "UTC", 10).map((d) => d.toISOString().slice(0, 10))).toEqual([
      "2026-05-01",
      "2026-05-08",
      "2026-05-15",
    ]);
  });

  it("next occurrence is strictly after the given instant, in the zone", () => {
    const rule = buildRepeatRule(
      { repeatFrequency: "daily" },
      { date: "2026-10-30", time: "09:00" },
    )!;
    const first = wallTimeToInstant({ date: "2026-10-30", time: "09:00" }, NY);
    const next = nextOccurrence(rule, NY, first)!;
    expect(next.toISOString()).toBe("2026-10-31T13:00:00.000Z");
    // Across the fall-back change (1 November 2026): 9:00 EST is 14:00 UTC.
    const after = nextOccurrence(rule, NY, new Date("2026-11-01T12:00:00Z"))!;
    expect(after.toISOString()).toBe("2026-11-01T14:00:00.000Z");
  });
});
