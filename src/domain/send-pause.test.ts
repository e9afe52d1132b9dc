import { describe, expect, it } from "vitest";
import { heldByPause } from "./send-pause";

describe("heldByPause", () => {
  it("holds marketing texts while the account is paused", () => {
    expect(heldByPause("marketing", true)).toBe(true);
  });
  it("lets transactional texts (STOP/HELP answers, sign-in codes) go while paused", () => {
    expect(heldByPause("transactional", true)).toBe(false);
  });
  it("holds nothing when the account is not paused", () => {
    expect(heldByPause("marketing", false)).toBe(false);
    expect(heldByPause("transactional", false)).toBe(false);
  });
});
