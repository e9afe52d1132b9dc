import { describe, expect, it } from "vitest";
import { alsoGranted, permissionsOfScopes } from "./api-keys";

describe("alsoGranted", () => {
  it("says what Subscribers: Read gives besides subscribers", () => {
    expect(alsoGranted("subscribers", "read")).toEqual([
      "Groups and members: Read",
      "Custom fields: Read",
    ]);
    // What it says is what a key with the scope holds.
    expect(permissionsOfScopes(["subscribers:read"])).toEqual(
      expect.arrayContaining(["groups:read", "fields:read"]),
    );
  });

  it("names a write it brings as Write, and nothing for an area that gives only itself", () => {
    expect(alsoGranted("growth", "write")).toContain("Account settings: Write");
    expect(alsoGranted("webhooks", "read")).toEqual([]);
  });
});
