import { describe, expect, it } from "vitest";
import {
  isSelected,
  NO_SELECTION,
  pageFullySelected,
  selectedCount,
  withPageTicks,
} from "../../../components/list/selection";
import { toApiSelection } from "./selection";

describe("table selection", () => {
  it("keeps picked rows of other pages when a page's ticks change", () => {
    let sel = withPageTicks(NO_SELECTION, [1, 2, 3], [1, 2]);
    sel = withPageTicks(sel, [4, 5], [5]);
    expect(sel).toEqual({ mode: "ids", ids: [1, 2, 5] });
    sel = withPageTicks(sel, [1, 2, 3], [2]);
    expect(sel).toEqual({ mode: "ids", ids: [5, 2] });
    expect(selectedCount(sel, 100)).toBe(2);
  });

  it("in all-matching mode counts the total minus the rows unticked", () => {
    let sel = withPageTicks({ mode: "all", excluded: [] }, [1, 2, 3], [1, 3]);
    expect(sel).toEqual({ mode: "all", excluded: [2] });
    expect(isSelected(sel, 2)).toBe(false);
    expect(isSelected(sel, 99)).toBe(true);
    expect(selectedCount(sel, 40)).toBe(39);
    expect(pageFullySelected(sel, [1, 3])).toBe(true);
    sel = withPageTicks(sel, [1, 2, 3], [1, 2, 3]);
    expect(sel).toEqual({ mode: "all", excluded: [] });
  });

  it("becomes the API's selection with the filter and search", () => {
    expect(toApiSelection({ mode: "ids", ids: [4] }, { group: 2 }, "ann")).toEqual({
      mode: "ids",
      ids: [4],
    });
    expect(toApiSelection({ mode: "all", excluded: [9] }, { group: 2 }, "ann")).toEqual({
      mode: "all",
      filter: { group: 2, query: "ann" },
      excludedIds: [9],
    });
  });
});
