import { describe, expect, it } from "vitest";
import { countSegments } from "./segments";

describe("countSegments", () => {
  it("fits 160 GSM-7 characters in one segment and splits longer texts by 153", () => {
    expect(countSegments("")).toEqual({ encoding: "GSM-7", segments: 1 });
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", segments: 1 });
    expect(countSegments("a".repeat(161)).segments).toBe(2);
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts extension characters as two septets, never split across segments", () => {
    expect(countSegments("€".repeat(80)).segments).toBe(1);
    expect(countSegments("€".repeat(81)).segments).toBe(2);
    // 152 septets then a two-septet character: it moves whole to the second segment.
    expect(countSegments(`${"a".repeat(152)}{${"a".repeat(10)}`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(152)}{${"a".repeat(152)}`).segments).toBe(3);
  });

  it("switches to UCS-2 for anything outside GSM-7: 70 units, then 67 per segment", () => {
    expect(countSegments("ü".repeat(160))).toEqual({ encoding: "GSM-7", segments: 1 });
    expect(countSegments("ł".repeat(70))).toEqual({ encoding: "UCS-2", segments: 1 });
    expect(countSegments("ł".repeat(71)).segments).toBe(2);
    expect(countSegments("ł".repeat(134)).segments).toBe(2);
    expect(countSegments("ł".repeat(135)).segments).toBe(3);
  });

  it("keeps an emoji's surrogate pair in one segment", () => {
    expect(countSegments("😀".repeat(35)).segments).toBe(1);
    expect(countSegments(`${"a".repeat(66)}😀`).segments).toBe(1);
    expect(countSegments(`${"a".repeat(66)}😀${"a".repeat(4)}`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(66)}😀${"a".repeat(66)}`).segments).toBe(3);
  });
});
