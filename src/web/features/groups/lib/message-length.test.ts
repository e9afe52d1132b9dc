import { describe, expect, it } from "vitest";
import { messageLength } from "./message-length";

describe("messageLength", () => {
  it("counts 160 per segment for plain text, 70 with an emoji or foreign script", () => {
    expect(messageLength("")).toEqual({ characters: 0, segments: 0, unicode: false });
    expect(messageLength("a".repeat(160)).segments).toBe(1);
    expect(messageLength("a".repeat(161)).segments).toBe(2);
    const emoji = messageLength(`${"a".repeat(69)}☕`);
    expect(emoji).toEqual({ characters: 70, segments: 1, unicode: true });
    expect(messageLength(`${"a".repeat(70)}☕`).segments).toBe(2);
    expect(messageLength("Привет").unicode).toBe(true);
  });

  it("counts an emoji made of two UTF-16 units as one character", () => {
    expect(messageLength("🎉").characters).toBe(1);
  });
});
