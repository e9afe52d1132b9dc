import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSegments, creditsFor, GSM_BASIC, GSM_EXTENSION, MMS_CREDITS } from "./segments";

const basicChar = fc.constantFrom(...GSM_BASIC);
const extensionChar = fc.constantFrom(...GSM_EXTENSION);
const gsmChar = fc.oneof(basicChar, extensionChar);
const anyChar = fc.oneof(
  { weight: 3, arbitrary: gsmChar },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom("😀", "ł", "中", "🇺🇸", "—", "’") },
);
const text = fc.array(anyChar, { maxLength: 400 }).map((cs) => cs.join(""));

describe("countSegments", () => {
  it("fits 160 GSM-7 characters in one segment and splits longer texts by 153", () => {
    expect(countSegments("")).toEqual({
      encoding: "GSM-7",
      units: 0,
      segments: 1,
      perSegment: 160,
      remainingInSegment: 160,
    });
    expect(countSegments("a".repeat(160))).toMatchObject({ segments: 1, remainingInSegment: 0 });
    expect(countSegments("a".repeat(161))).toMatchObject({
      segments: 2,
      perSegment: 153,
      remainingInSegment: 153 * 2 - 161,
    });
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts extension characters as two septets, never split across segments", () => {
    expect(countSegments("€".repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments("€".repeat(81)).segments).toBe(2);
    // 152 septets then a two-septet character: it moves whole to the second segment.
    expect(countSegments(`${"a".repeat(152)}{${"a".repeat(10)}`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(152)}{${"a".repeat(152)}`).segments).toBe(3);
  });

  it("switches to UCS-2 for anything outside GSM-7: 70 units, then 67 per segment", () => {
    expect(countSegments("ü".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(countSegments("ł".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(countSegments("ł".repeat(71)).segments).toBe(2);
    expect(countSegments("ł".repeat(134)).segments).toBe(2);
    expect(countSegments("ł".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as two units and keeps its surrogate pair in one segment", () => {
    expect(countSegments("😀")).toMatchObject({ encoding: "UCS-2", units: 2 });
    expect(countSegments("😀".repeat(35)).segments).toBe(1);
    expect(countSegments(`${"a".repeat(68)}😀`)).toMatchObject({ segments: 1, units: 70 });
    expect(countSegments(`${"a".repeat(69)}😀`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(66)}😀${"a".repeat(4)}`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(66)}😀${"a".repeat(66)}`).segments).toBe(3);
  });

  it("property: a string of n basic GSM characters takes 1 segment up to 160, else ceil(n / 153)", () => {
    fc.assert(
      fc.property(fc.array(basicChar, { maxLength: 2000 }), (chars) => {
        const n = chars.length;
        const count = countSegments(chars.join(""));
        expect(count.encoding).toBe("GSM-7");
        expect(count.units).toBe(n);
        expect(count.segments).toBe(n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
  });

  it("property: extension characters count two septets each", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(gsmChar, fc.nat())), (pairs) => {
        // Any order of basic and extension characters: each extension character is two septets.
        const chars = pairs.sort((a, b) => a[1] - b[1]).map(([c]) => c);
        const extensions = chars.filter((c) => GSM_EXTENSION.has(c)).length;
        const count = countSegments(chars.join(""));
        expect(count.encoding).toBe("GSM-7");
        expect(count.units).toBe(chars.length + extensions);
      }),
    );
  });

  it("property: one emoji switches any text to UCS-2", () => {
    fc.assert(
      fc.property(text, fc.nat(), (t, at) => {
        const cps = [...t];
        const i = cps.length === 0 ? 0 : at % (cps.length + 1);
        const withEmoji = [...cps.slice(0, i), "😀", ...cps.slice(i)].join("");
        const count = countSegments(withEmoji);
        expect(count.encoding).toBe("UCS-2");
        expect(count.units).toBe(withEmoji.length);
      }),
    );
  });

  it("property: segments never decrease when a character is appended", () => {
    fc.assert(
      fc.property(text, anyChar, (t, c) => {
        expect(countSegments(t + c).segments).toBeGreaterThanOrEqual(countSegments(t).segments);
      }),
    );
  });

  it("property: the remaining room is what fits before the next segment", () => {
    fc.assert(
      fc.property(text, (t) => {
        const count = countSegments(t);
        expect(count.remainingInSegment).toBeGreaterThanOrEqual(0);
        expect(count.remainingInSegment).toBeLessThanOrEqual(count.perSegment);
        // Filling the room with a one-unit character of the same encoding keeps the segment count;
        // one more goes over.
        const filler = count.encoding === "GSM-7" ? "a" : "ł";
        const full = t + filler.repeat(count.remainingInSegment);
        expect(countSegments(full).segments).toBe(count.segments);
        expect(countSegments(`${full}${filler}`).segments).toBe(count.segments + 1);
      }),
    );
  });
});

describe("creditsFor", () => {
  it("charges segments for an SMS and a flat 3 for an MMS", () => {
    expect(creditsFor("hi", false)).toBe(1);
    expect(creditsFor("a".repeat(161), false)).toBe(2);
    expect(creditsFor("😀".repeat(36), false)).toBe(2);
    expect(creditsFor("a".repeat(1500), true)).toBe(MMS_CREDITS);
    expect(creditsFor("", true)).toBe(3);
  });
});
