import { describe, expect, it } from "vitest";
import { offeredGroups } from "./group-choices";

const options = [
  { value: "1", label: "VIP", hidden: false },
  { value: "2", label: "Old list", hidden: true },
  { value: "3", label: "Regulars", hidden: false },
];

describe("offeredGroups", () => {
  it("leaves hidden groups out of a picker", () => {
    expect(offeredGroups(options, []).map((o) => o.label)).toEqual(["VIP", "Regulars"]);
    expect(offeredGroups(options, null).map((o) => o.label)).toEqual(["VIP", "Regulars"]);
  });

  it("keeps a hidden group that is already chosen, by id as text or number", () => {
    expect(offeredGroups(options, ["2"]).map((o) => o.label)).toEqual([
      "VIP",
      "Old list",
      "Regulars",
    ]);
    expect(offeredGroups(options, 2).map((o) => o.label)).toContain("Old list");
    expect(offeredGroups(options, [3]).map((o) => o.label)).toEqual(["VIP", "Regulars"]);
  });

  it("offers nothing while the groups load", () => {
    expect(offeredGroups(undefined, ["2"])).toEqual([]);
  });
});
