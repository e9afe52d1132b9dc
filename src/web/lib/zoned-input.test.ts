import { describe, expect, it } from "vitest";
import { fromZonedInput, toZonedInput } from "./zoned-input";

describe("date-and-time fields in the account's zone", () => {
  it("shows an instant as the account's wall time, whatever the browser's zone", () => {
    expect(toZonedInput("2026-03-01T14:30:00Z", "America/New_York")).toBe("2026-03-01T09:30");
    expect(toZonedInput("2026-03-01T14:30:00Z", "Asia/Tokyo")).toBe("2026-03-01T23:30");
    expect(toZonedInput("", "America/New_York")).toBe("");
    expect(toZonedInput("not a date", "America/New_York")).toBe("");
  });

  it("reads a typed wall time in the account's zone, summer and winter", () => {
    expect(fromZonedInput("2026-03-01T09:30", "America/New_York")).toBe("2026-03-01T14:30:00.000Z");
    expect(fromZonedInput("2026-07-01T09:30", "America/New_York")).toBe("2026-07-01T13:30:00.000Z");
    expect(fromZonedInput("2026-07-01T09:30", "Europe/Paris")).toBe("2026-07-01T07:30:00.000Z");
  });

  it("round-trips, and refuses what is not a date-and-time", () => {
    const zone = "America/Los_Angeles";
    expect(fromZonedInput(toZonedInput("2026-11-01T08:45:00Z", zone), zone)).toBe(
      "2026-11-01T08:45:00.000Z",
    );
    expect(fromZonedInput("", zone)).toBe("");
    expect(fromZonedInput("2026-13-01", zone)).toBe("");
  });

  it("moves a wall time skipped by the spring change forward by the gap", () => {
    // 2:30 does not exist in New York on 2026-03-08: it is 3:30 EDT (07:30 UTC).
    expect(fromZonedInput("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
  });
});
