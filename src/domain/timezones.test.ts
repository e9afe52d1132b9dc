import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEZONE_ID, timezoneById, utcOffset } from "./timezones";

describe("timezones", () => {
  it("defaults to Eastern Time", () => {
    expect(timezoneById(DEFAULT_TIMEZONE_ID).name).toBe("Eastern Time");
    expect(timezoneById(999).name).toBe("Eastern Time");
  });

  it("derives offsets across daylight saving time", () => {
    expect(utcOffset("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("-05:00");
    expect(utcOffset("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("-04:00");
    expect(utcOffset("America/Phoenix", new Date("2026-07-15T12:00:00Z"))).toBe("-07:00");
    expect(utcOffset("UTC", new Date())).toBe("+00:00");
  });
});
