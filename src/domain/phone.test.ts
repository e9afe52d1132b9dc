import { describe, expect, it } from "vitest";
import { formatUsNumber, isTollFree, numberLabel, toE164 } from "./phone";

describe("phone numbers", () => {
  it("normalises US and Canada numbers to E.164", () => {
    expect(toE164("(415) 555-2671")).toBe("+14155552671");
    expect(toE164("+1 415.555.2671")).toBe("+14155552671");
    expect(toE164("1-604-555-2671")).toBe("+16045552671");
    expect(toE164("12")).toBeNull();
    expect(toE164("+44 20 7946 0958")).toBeNull();
  });

  it("knows toll-free numbers and formats for display", () => {
    expect(isTollFree("+18335550100")).toBe(true);
    expect(isTollFree("+14155550100")).toBe(false);
    expect(formatUsNumber("+14155550100")).toBe("(415) 555-0100");
  });
});

describe("numberLabel", () => {
  it("shows a number one way everywhere, its name first when it has one", () => {
    expect(numberLabel("+12125550100", "Main line")).toBe("Main line · (212) 555-0100");
    expect(numberLabel("+12125550100", "")).toBe("(212) 555-0100");
    expect(numberLabel("+12125550100", null)).not.toContain("+1");
  });
});
