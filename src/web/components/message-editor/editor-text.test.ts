import { describe, expect, it } from "vitest";
import { counterState, cutToLength, textToDoc } from "./editor-text";

describe("counterState", () => {
  it("counts 160 per credit, then 153", () => {
    expect(counterState("a".repeat(160), { isMms: false })).toMatchObject({
      remaining: 0,
      credits: 1,
    });
    expect(counterState("a".repeat(161), { isMms: false })).toMatchObject({
      remaining: 145,
      credits: 2,
    });
  });
  it("counts 70 per credit with an emoji", () => {
    expect(counterState(`${"a".repeat(68)}😀`, { isMms: false })).toMatchObject({
      remaining: 0,
      credits: 1,
      encoding: "UCS-2",
    });
    expect(counterState(`${"a".repeat(69)}😀`, { isMms: false }).credits).toBe(2);
  });
  it("includes the header, signature and footer", () => {
    const opts = { isMms: false, before: "Shop: ", after: "\nReply STOP to opt out" };
    // 6 + 22 = 28 characters of framing: 132 of message fill the first segment.
    expect(counterState("a".repeat(132), opts)).toMatchObject({ remaining: 0, credits: 1 });
    expect(counterState("a".repeat(133), opts).credits).toBe(2);
    expect(counterState("a".repeat(150), { isMms: false, offset: 10 }).remaining).toBe(0);
  });
  it("keeps a 2-character margin for each tracked link", () => {
    const token = "[[link tracking id=5]]";
    const rest = 160 - token.length - 2;
    expect(counterState(`${"a".repeat(rest)}${token}`, { isMms: false })).toMatchObject({
      remaining: 0,
      credits: 1,
    });
  });
  it("charges 3 credits for an MMS and counts down from 1550", () => {
    expect(counterState("hello", { isMms: true })).toMatchObject({ credits: 3, remaining: 1545 });
    expect(counterState("a".repeat(1550), { isMms: true }).atLimit).toBe(true);
    expect(counterState("a".repeat(2000), { isMms: false }).atLimit).toBe(true);
  });
});

describe("editor text", () => {
  it("cuts by characters and keeps emoji whole", () => {
    expect(cutToLength("ab😀cd", 3)).toBe("ab😀");
    expect(cutToLength("abc", 5)).toBe("abc");
  });
  it("makes a paragraph per line", () => {
    expect(textToDoc("a\n\nb").content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "a" }] },
      { type: "paragraph" },
      { type: "paragraph", content: [{ type: "text", text: "b" }] },
    ]);
  });
});
