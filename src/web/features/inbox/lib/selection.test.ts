import { describe, expect, it } from "vitest";
import { emptySelection, isEmpty, selectionCount, toggle } from "./selection";

describe("inbox selection", () => {
  it("ticks and unticks ids", () => {
    let s = toggle(emptySelection, 3, true);
    s = toggle(s, 5, true);
    expect([...s.ids]).toEqual([3, 5]);
    expect(selectionCount(s, 10)).toBe(2);
    s = toggle(s, 3, false);
    expect([...s.ids]).toEqual([5]);
    expect(isEmpty(emptySelection)).toBe(true);
  });

  it("in all mode, unticking records an exclusion", () => {
    let s = toggle({ mode: "all", ids: new Set() }, 7, false);
    expect(s.mode).toBe("all");
    expect([...s.ids]).toEqual([7]);
    s = toggle(s, 7, true);
    expect([...s.ids]).toEqual([]);
    expect(selectionCount(s, 10)).toBeNull();
    expect(isEmpty(s)).toBe(false);
  });
});
