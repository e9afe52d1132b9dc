import { describe, expect, it } from "vitest";
import { isOwnMediaUrl } from "./media-refs";

const BASE = "https://parley.example";
const NAME = "0123456789abcdef0123456789abcdef.jpg";
const TOKEN = "fedcba9876543210fedcba9876543210";

describe("media an account may send", () => {
  it("accepts its own uploads and contact card, absolute or as a path", () => {
    expect(isOwnMediaUrl(`${BASE}/media/7/${NAME}`, [7], BASE)).toBe(true);
    expect(isOwnMediaUrl(`/media/7/${NAME}`, [7], BASE)).toBe(true);
    expect(isOwnMediaUrl(`${BASE}/api/contact-card/7-${TOKEN}.vcf?longcodeId=3`, [7], BASE)).toBe(
      true,
    );
    expect(isOwnMediaUrl(`${BASE}/media/8/${NAME}`, [7, 8], BASE)).toBe(true);
  });

  it("refuses another account's files, other servers and tricks", () => {
    for (const url of [
      `${BASE}/media/8/${NAME}`,
      `${BASE}/api/contact-card/8-${TOKEN}.vcf`,
      `${BASE}/api/contact-card/7.vcf`,
      `https://evil.example/media/7/${NAME}`,
      `http://parley.example/media/7/${NAME}`,
      `${BASE}/media/7/../8/${NAME}`,
      `${BASE}/media/7/${NAME}?x=1`,
      `https://user:pw@parley.example/media/7/${NAME}`,
      `${BASE}/media/7/passwd`,
      "//evil.example/media/7/x.jpg",
      "javascript:alert(1)",
      "",
      "http://[",
    ])
      expect(isOwnMediaUrl(url, [7], BASE), url).toBe(false);
  });

  it("respects a public address with a path", () => {
    expect(
      isOwnMediaUrl(`https://x.example/parley/media/7/${NAME}`, [7], "https://x.example/parley"),
    ).toBe(true);
    expect(
      isOwnMediaUrl(`https://x.example/media/7/${NAME}`, [7], "https://x.example/parley"),
    ).toBe(false);
  });
});
