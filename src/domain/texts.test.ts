import { describe, expect, it } from "vitest";
import { pageTitle } from "./texts";

describe("pageTitle", () => {
  it("reads '{title} | Parley'", () => {
    expect(pageTitle("Inbox")).toBe("Inbox | Parley");
  });
});
