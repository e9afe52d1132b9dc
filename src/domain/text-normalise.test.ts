import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSegments } from "./segments";
import { normaliseText } from "./text-normalise";

describe("normaliseText", () => {
  it("turns smart quotes, dashes and the ellipsis into plain characters", () => {
    expect(normaliseText("‘Hi’ “there” it’s – fine — really…")).toBe(
      "'Hi' \"there\" it's - fine - really...",
    );
  });

  it("removes control characters, keeps line breaks and unifies line ends", () => {
    expect(normaliseText("a\u0000b\u0007c\u001Fd\u007Fe\u0085f")).toBe("abcdef");
    expect(normaliseText("one\r\ntwo\rthree\nfour")).toBe("one\ntwo\nthree\nfour");
    expect(normaliseText("tab\there\u00A0nbsp\u200Bzw\uFEFF")).toBe("tab here nbspzw");
  });

  it("turns a leading inverted exclamation mark into '!' and leaves later ones alone", () => {
    expect(normaliseText("¡Hola amigos! ¡Sí!")).toBe("!Hola amigos! ¡Sí!");
    expect(normaliseText("Hola ¡amigos!")).toBe("Hola ¡amigos!");
  });

  it("leaves plain text, emoji, variables and link tokens untouched", () => {
    const text = "Hi [first name] 😀 see [[link tracking id=12]] {ok} €5";
    expect(normaliseText(text)).toBe(text);
  });

  it("property: is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const once = normaliseText(s);
        expect(normaliseText(once)).toBe(once);
      }),
    );
  });

  it("property: typographic punctuation never forces UCS-2 once normalised", () => {
    const typographic = fc.constantFrom(
      "‘",
      "’",
      "“",
      "”",
      "–",
      "—",
      "…",
      "\u00A0",
      "\t",
      "\u0001",
    );
    const plain = fc.constantFrom(..."abc XYZ 123.,!?");
    fc.assert(
      fc.property(fc.array(fc.oneof(typographic, plain)), (chars) => {
        expect(countSegments(normaliseText(chars.join(""))).encoding).toBe("GSM-7");
      }),
    );
  });
});
