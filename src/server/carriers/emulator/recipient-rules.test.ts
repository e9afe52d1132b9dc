import { describe, expect, it } from "vitest";
import { areaCodesFor, placeOf, stockOf } from "./available-numbers";
import { lineTypeOf, outcomeFor } from "./recipient-rules";

describe("recipient rules", () => {
  it("decides by the last four digits", () => {
    expect(outcomeFor("+14155550000")).toEqual({ kind: "refused", code: 21211 });
    expect(outcomeFor("+14155550004")).toEqual({ kind: "refused", code: 21610 });
    expect(outcomeFor("+14155550001")).toEqual({ kind: "undelivered", errorCode: 30006 });
    expect(outcomeFor("+14155550002")).toEqual({ kind: "undelivered", errorCode: 30003 });
    expect(outcomeFor("+14155550003")).toEqual({ kind: "undelivered", errorCode: 30007 });
    expect(outcomeFor("+14155550005")).toEqual({ kind: "delivered" });
  });

  it("gives line types in Twilio's words", () => {
    expect(lineTypeOf("+14155551234")).toBe("mobile");
    expect(lineTypeOf("+14155550001")).toBe("landline");
    expect(lineTypeOf("+18335551234")).toBe("tollFree");
    expect(lineTypeOf("+14155550000")).toBeNull();
  });

  it("never hands out a number that a rule would catch", () => {
    for (const areaCode of [...areaCodesFor("local"), ...areaCodesFor("tollFree")]) {
      for (const number of stockOf(areaCode)) {
        expect(outcomeFor(number)).toEqual({ kind: "delivered" });
      }
    }
  });
});

describe("available numbers", () => {
  it("draws from the asked area code, or from defaults, and only real US ones", () => {
    expect(areaCodesFor("local", "415")).toEqual(["415"]);
    expect(areaCodesFor("local", "800")).toEqual([]);
    expect(areaCodesFor("local", "099")).toEqual([]);
    expect(areaCodesFor("tollFree", "855")).toEqual(["855"]);
    expect(areaCodesFor("tollFree", "415")[0]).toBe("833");
    expect(stockOf("415")).toHaveLength(100);
    expect(stockOf("999")).toEqual([]);
    expect(stockOf("416")).toEqual([]); // Toronto: a NANP number, but not a US one
  });

  it("knows the place of common area codes and says US for the rest", () => {
    expect(placeOf("+14155550100")).toEqual({ locality: "San Francisco", region: "CA" });
    expect(placeOf("+12075550100")).toEqual({ locality: null, region: "US" });
  });
});
