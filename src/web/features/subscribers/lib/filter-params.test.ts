import { describe, expect, it } from "vitest";
import { countFilters, readFilters, writeFilters } from "./filter-params";

describe("filters in the URL", () => {
  it("round-trips every field, keeping other parameters", () => {
    const url = new URLSearchParams("q=ann&subscriber=4");
    const next = writeFilters(url, {
      startDate: "2025-01-01",
      group: -1,
      country: 209,
      isLandline: false,
      areaCode: "212",
      attribute: 7,
      attributeMultiSelect: ["Latte", "EMPTY"],
    });
    expect(next.get("q")).toBe("ann");
    expect(next.get("subscriber")).toBe("4");
    expect(next.getAll("attributeMultiSelect")).toEqual(["Latte", "EMPTY"]);
    expect(readFilters(next)).toEqual({
      startDate: "2025-01-01",
      group: -1,
      country: 209,
      isLandline: false,
      areaCode: "212",
      attribute: 7,
      attributeMultiSelect: ["Latte", "EMPTY"],
    });
  });

  it("drops what does not parse and attribute values without an attribute", () => {
    expect(
      readFilters(new URLSearchParams("group=abc&isLandline=maybe&attributeBoolean=true")),
    ).toEqual({});
  });

  it("clears fields that are emptied", () => {
    const url = new URLSearchParams("group=3&country=209");
    expect(writeFilters(url, { group: 3 }).toString()).toBe("group=3");
  });
});

describe("filter count", () => {
  it("counts every set field but the dates", () => {
    expect(countFilters({ startDate: "2025-01-01", endDate: "2025-02-01" })).toBe(0);
    expect(countFilters({ group: 2, startDate: "2025-01-01" })).toBe(1);
    expect(countFilters({ group: 2, attribute: 3, attributeBoolean: false })).toBe(3);
    expect(countFilters({ isLandline: false })).toBe(1);
    expect(countFilters({ attribute: 3, attributeIsEmpty: false })).toBe(1);
  });
});
