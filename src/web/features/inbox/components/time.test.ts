import { describe, expect, it } from "vitest";
import { messageTime, shortTime } from "./time";

describe("inbox times", () => {
  const now = new Date("2026-11-22T18:00:00Z");
  it("shows the time today, the day this year, the date before", () => {
    expect(shortTime("2026-11-22T15:04:00Z", "America/New_York", now)).toBe("10:04 AM EST");
    expect(shortTime("2026-03-05T15:04:00Z", "America/New_York", now)).toBe("Mar 5");
    expect(shortTime("2024-03-05T15:04:00Z", "America/New_York", now)).toBe("3/5/24");
  });
  it("reads the day in the account's zone", () => {
    // 02:00 UTC on the 22nd is still the 21st in New York.
    expect(shortTime("2026-11-22T02:00:00Z", "America/New_York", now)).toBe("Nov 21");
    expect(messageTime("2026-11-22T15:04:00Z", "America/New_York")).toBe("Nov 22, 10:04 AM EST");
  });
});
