import { describe, expect, it } from "vitest";
import { keywordProblem } from "../../../../domain/keywords";
import { i18n } from "../../../i18n";
import { wordProblem } from "./word-problem";

describe("a program's word", () => {
  it("is refused in English as the keyword rules say, keyword read as word", () => {
    const t = i18n.t.bind(i18n);
    for (const w of ["", "  ", "x".repeat(30), "two words", "stop", "Help", "COFFEE"])
      expect(wordProblem(t, w)).toBe(keywordProblem(w)?.replace(/keyword/gi, "word") ?? null);
  });
});
