import { describe, expect, it } from "vitest";
import { cellText } from "./xlsx-to-csv";

describe("cellText", () => {
  it("writes numbers as typed, never in exponent form or with float noise", () => {
    expect(cellText(15551234567)).toBe("15551234567");
    expect(cellText(3105550411)).toBe("3105550411");
    expect(cellText(0.1 + 0.2)).toBe("0.3");
    expect(cellText(1e21)).toBe("1000000000000000000000");
    expect(cellText(-42)).toBe("-42");
  });
  it("writes dates as YYYY-MM-DD, with the time only when there is one", () => {
    expect(cellText(new Date(Date.UTC(1985, 4, 14)))).toBe("1985-05-14");
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 9, 30)))).toBe("2026-01-02 09:30");
  });
  it("flattens formulas, rich text, hyperlinks, booleans and errors", () => {
    expect(cellText({ formula: "A1*2", result: 4 })).toBe("4");
    expect(cellText({ formula: "A1*2" })).toBe("");
    expect(cellText({ richText: [{ text: "An" }, { text: "n" }] })).toBe("Ann");
    expect(cellText({ text: "site", hyperlink: "https://x.test" })).toBe("site");
    expect(cellText(true)).toBe("TRUE");
    expect(cellText({ error: "#N/A" })).toBe("");
    expect(cellText(null)).toBe("");
  });
});
