import { describe, expect, it } from "vitest";
import {
  isSelected,
  NO_SELECTION,
  pageFullySelected,
  type Selection,
  selectedCount,
  withPageTicks,
} from "./selection";

describe("list selection", () => {
  it("adds and removes a page's ticks to picked ids, keeping other pages' picks", () => {
    const s = withPageTicks<number>({ mode: "ids", ids: [9] }, [1, 2, 3], [1, 3]);
    expect(selectedCount(s, 50)).toBe(3);
    const t = withPageTicks(s, [1, 2, 3], [3]);
    expect([1, 2, 3, 9].map((id) => isSelected(t, id))).toEqual([false, false, true, true]);
    expect(pageFullySelected(withPageTicks(t, [1, 2, 3], [1, 2, 3]), [1, 2, 3])).toBe(true);
  });

  it("keeps 'all matching' and counts its exclusions", () => {
    const s = withPageTicks<number>({ mode: "all", excluded: [] }, [1, 2], [2]);
    expect(isSelected(s, 1)).toBe(false);
    expect(isSelected(s, 99)).toBe(true);
    expect(selectedCount(s, 10)).toBe(9);
  });

  it("selects nothing to begin with, for any kind of id", () => {
    expect(selectedCount(NO_SELECTION, 10)).toBe(0);
    const none: Selection<string> = { mode: "ids", ids: [] };
    expect(pageFullySelected(none, [])).toBe(false);
    expect(withPageTicks(none, ["a", "b"], ["b"])).toEqual({ mode: "ids", ids: ["b"] });
  });
});
