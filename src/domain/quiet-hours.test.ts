import { describe, expect, it } from "vitest";
import { isQuietTime, quietHoursRelease } from "./quiet-hours";

const NIGHT = [["21:00", "08:00"]] as const;

describe("quiet hours", () => {
  it("covers a window that crosses midnight, start included, end excluded", () => {
    expect(isQuietTime(NIGHT, "21:00")).toBe(true);
    expect(isQuietTime(NIGHT, "23:59")).toBe(true);
    expect(isQuietTime(NIGHT, "07:59")).toBe(true);
    expect(isQuietTime(NIGHT, "08:00")).toBe(false);
    expect(isQuietTime(NIGHT, "12:00")).toBe(false);
  });

  it("treats equal start and end as no window", () => {
    expect(isQuietTime([["09:00", "09:00"]], "09:00")).toBe(false);
  });

  it("holds a late-evening message until 08:00 the next morning in the given zone", () => {
    // 23:30 in New York on 2026-03-07 is 04:30 UTC on the 8th; DST starts that night.
    const at = new Date("2026-03-08T04:30:00Z");
    const release = quietHoursRelease(NIGHT, at, "America/New_York");
    // 08:00 EDT (UTC-4) on 2026-03-08.
    expect(release.toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });

  it("holds an early-morning message until 08:00 the same day", () => {
    const at = new Date("2026-07-01T09:00:00Z"); // 02:00 in Los Angeles (PDT)
    expect(quietHoursRelease(NIGHT, at, "America/Los_Angeles").toISOString()).toBe(
      "2026-07-01T15:00:00.000Z",
    );
  });

  it("lets a message outside quiet hours go at once, and follows back-to-back windows", () => {
    const at = new Date("2026-07-01T18:00:00Z"); // 14:00 in New York
    expect(quietHoursRelease(NIGHT, at, "America/New_York")).toEqual(at);
    const chained = [
      ["21:00", "23:00"],
      ["23:00", "07:00"],
    ] as const;
    const late = new Date("2026-07-02T01:30:00Z"); // 21:30 New York
    expect(quietHoursRelease(chained, late, "America/New_York").toISOString()).toBe(
      "2026-07-02T11:00:00.000Z",
    );
  });
});
