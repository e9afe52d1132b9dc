import { describe, expect, it } from "vitest";
import {
  bodyForDisplay,
  createLinkRequest,
  findShortenerUrl,
  isValidLongUrl,
  LINK_TEXTS,
  linkTokenIds,
  SHORTENER_DOMAINS,
  withUtm,
} from "./links";

describe("findShortenerUrl", () => {
  it("knows the eleven public shorteners", () => {
    expect(SHORTENER_DOMAINS).toHaveLength(11);
    for (const d of SHORTENER_DOMAINS) {
      expect(findShortenerUrl(`see https://${d}/abc123 now`)).toBe(`https://${d}/abc123`);
    }
  });

  it("finds links with or without a scheme and drops trailing punctuation", () => {
    expect(findShortenerUrl("Go to bit.ly/xyz.")).toBe("bit.ly/xyz");
    expect(findShortenerUrl("Go to http://www.tinyurl.com/a1!")).toBe("http://www.tinyurl.com/a1");
    expect(findShortenerUrl("BIT.LY/Abc")).toBe("BIT.LY/Abc");
  });

  it("ignores other hosts that merely end like a shortener", () => {
    expect(findShortenerUrl("https://example.com/page")).toBeNull();
    expect(findShortenerUrl("https://notbit.ly/abc")).toBeNull();
    expect(findShortenerUrl("https://heist.co/abc")).toBeNull();
    expect(findShortenerUrl("no links here")).toBeNull();
  });
});

describe("link URLs", () => {
  it("accepts http and https links with a host", () => {
    expect(isValidLongUrl("https://example.com")).toBe(true);
    expect(isValidLongUrl("http://shop.example.co.uk/a?b=c")).toBe(true);
  });

  it("refuses the rest with the spec's message", () => {
    for (const bad of [
      "example.com",
      "www.example.com",
      "ftp://x.com",
      "https://",
      "https://nodot",
    ]) {
      expect(isValidLongUrl(bad)).toBe(false);
    }
    const r = createLinkRequest.safeParse({ longUrl: "example.com" });
    expect(r.error?.issues[0]?.message).toBe(LINK_TEXTS.invalidUrl);
  });

  it("adds UTM parameters, replacing ones already there", () => {
    expect(withUtm("https://a.com/p?utm_source=x&k=1", { utm_source: "sms", utm_term: "" })).toBe(
      "https://a.com/p?utm_source=sms&k=1",
    );
    expect(withUtm("https://a.com/", {})).toBe("https://a.com/");
  });

  it("reads tracked-link token ids", () => {
    expect(linkTokenIds("a [[link tracking id=4]] b [[link tracking id=17]]")).toEqual([4, 17]);
  });
});

describe("bodyForDisplay", () => {
  const urls = new Map([[3, "https://parley.example/l/abc1234"]]);
  it("shows a tracked link as its recipient reads it, with a sample key", () => {
    expect(bodyForDisplay("Menu: [[link tracking id=3]] today", urls)).toBe(
      "Menu: https://parley.example/l/abc1234/1234-abcdefgh today",
    );
  });
  it("fills a stored recipient mark with the sample key", () => {
    expect(bodyForDisplay("See https://parley.example/l/demoMnu/[link recipient]", urls)).toBe(
      "See https://parley.example/l/demoMnu/1234-abcdefgh",
    );
  });
  it("names a link that is gone rather than showing the token", () => {
    expect(bodyForDisplay("Menu: [[link tracking id=9]]", urls)).toBe("Menu: [deleted link]");
    expect(bodyForDisplay("No links here [first name]", urls)).toBe("No links here [first name]");
  });
});
