import { describe, expect, it } from "vitest";
import { isSelected, NONE, selectedCount, withPageTicks } from "./selection";

describe("clean-up selection", () => {
  it("adds and removes a page's ticks to picked ids", () => {
    const s = withPageTicks(NONE, [1, 2, 3], [1, 3]);
    expect(selectedCount(s, 50)).toBe(2);
    const t = withPageTicks(s, [1, 2, 3], [3]);
    expect([1, 2, 3].map((id) => isSelected(t, id))).toEqual([false, false, true]);
  });
  it("keeps 'all matching' and counts its exclusions", () => {
    const s = withPageTicks({ mode: "all", excluded: new Set() }, [1, 2], [2]);
    expect(isSelected(s, 1)).toBe(false);
    expect(isSelected(s, 99)).toBe(true);
    expect(selectedCount(s, 10)).toBe(9);
  });
});
