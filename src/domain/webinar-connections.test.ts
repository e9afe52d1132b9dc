import { describe, expect, it } from "vitest";
import { expiresAtOf, notSetUpNote, tokenExpired } from "./webinar-connections";

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

describe("the note of a provider not set up on the server", () => {
  it("says on the page what the operator must set, not where to read about it", () => {
    const zoom = notSetUpNote("zoom", "https://texts.example");
    expect(zoom).toContain("ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET");
    expect(zoom).toContain("https://texts.example/api/auth/sso/zoom/callback");
    expect(zoom).toContain("Export the registrants from Zoom as CSV");
    expect(zoom).not.toMatch(/README/);
    expect(notSetUpNote("goto", "https://texts.example")).toContain(
      "GOTO_CLIENT_ID and GOTO_CLIENT_SECRET",
    );
  });
});
