import { describe, expect, it } from "vitest";
import { expiresAtOf, tokenExpired } from "./webinar-connections";

describe("a connection's token", () => {
  const now = 1_800_000_000_000;

  it("counts as ended a minute before it ends", () => {
    expect(tokenExpired({ expiresAt: now + 61_000 }, now)).toBe(false);
    expect(tokenExpired({ expiresAt: now + 60_000 }, now)).toBe(true);
    expect(tokenExpired({ expiresAt: now - 1 }, now)).toBe(true);
  });

  it("ends expires_in seconds after it came, an hour when the service does not say", () => {
    expect(expiresAtOf(3599, now)).toBe(now + 3_599_000);
    expect(expiresAtOf("120", now)).toBe(now + 120_000);
    expect(expiresAtOf(undefined, now)).toBe(now + 3_600_000);
    expect(expiresAtOf(-5, now)).toBe(now + 3_600_000);
  });
});
