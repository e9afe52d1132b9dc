import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parseRole } from "./config";

describe("config", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DEMO_USERNAME).toBe("demo");
    expect(c.DEMO_PASSWORD).toBe("demo1234");
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("stops on a bad value with one clear line", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/^PORT: /);
    expect(() => parseConfig({ DATABASE_URL: "not a url" })).toThrow(/^DATABASE_URL: /);
  });

  it("reads the role flag", () => {
    expect(parseRole([])).toBe("all");
    expect(parseRole(["--role=worker"])).toBe("worker");
    expect(() => parseRole(["--role=both"])).toThrow(/--role must be web, worker or all/);
  });

  it("splits frame ancestors", () => {
    expect(
      parseConfig({ FRAME_ANCESTORS: "https://a.example https://b.example" }).frameAncestors,
    ).toEqual(["https://a.example", "https://b.example"]);
  });
});
