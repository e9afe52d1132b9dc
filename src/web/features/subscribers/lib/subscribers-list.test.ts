import { describe, expect, it } from "vitest";
import { readListView, writeListView } from "../../../components/list/list-params";
import { filterOfView, SUBSCRIBERS_LIST, viewOfFilter } from "./subscribers-list";

const url = (s: string) => new URLSearchParams(s);

describe("the subscribers list in the address", () => {
  it("reads the links people already have", () => {
    const view = readListView(
      url(
        "q=ann&sort=phone&dir=asc&page=2&subscriber=9&group=4&attribute=3" +
          "&attributeMultiSelect=Red&attributeMultiSelect=Blue",
      ),
      SUBSCRIBERS_LIST,
    );
    expect(view).toMatchObject({ query: "ann", sort: "phone", direction: "asc", page: 2 });
    expect(filterOfView(view)).toEqual({
      group: 4,
      attribute: 3,
      attributeMultiSelect: ["Red", "Blue"],
    });
  });

  it("writes a filter back the same way, keeping the open subscriber", () => {
    const next = writeListView(
      url("q=ann&page=3&subscriber=9"),
      viewOfFilter({
        marketingConsent: false,
        attribute: 3,
        attributeMultiSelect: ["Red", "Blue"],
      }),
      SUBSCRIBERS_LIST,
    );
    expect(next.get("q")).toBe("ann");
    expect(next.get("subscriber")).toBe("9");
    expect(next.get("page")).toBeNull();
    expect(next.get("marketingConsent")).toBe("false");
    expect(next.getAll("attributeMultiSelect")).toEqual(["Red", "Blue"]);
  });

  it("clears the fields a new filter leaves out", () => {
    const next = writeListView(
      url("group=4&attribute=3&attributeMultiSelect=Red"),
      viewOfFilter({ country: 1 }),
      SUBSCRIBERS_LIST,
    );
    expect(next.toString()).toBe("country=1");
  });

  it("drops an attribute's values without the attribute", () => {
    const view = readListView(url("attributeMultiSelect=Red&attributeString=x"), SUBSCRIBERS_LIST);
    expect(filterOfView(view)).toEqual({});
  });
});
