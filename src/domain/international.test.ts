import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { foreignNanpAreaCodes, isInternationalNumber } from "./international";

describe("international numbers", () => {
  it("every number outside +1 is abroad, even one libphonenumber cannot place", () => {
    expect(isInternationalNumber("+447700900123")).toBe(true); // a UK drama number
    expect(isInternationalNumber("+4915123456789")).toBe(true);
    expect(isInternationalNumber("+525512345678")).toBe(true);
  });

  it("within +1, Canada and the Caribbean are abroad and the US territories are not", () => {
    for (const ac of ["416", "604", "204", "876", "809", "242"])
      expect(isInternationalNumber(`+1${ac}5550123`), ac).toBe(true);
    for (const ac of ["212", "415", "787", "939", "340", "671", "684", "670"])
      expect(isInternationalNumber(`+1${ac}5550123`), ac).toBe(false);
  });

  it("the area-code list the database matches agrees with libphonenumber number by number", () => {
    const codes = foreignNanpAreaCodes();
    expect(codes.length).toBeGreaterThan(60);
    for (const ac of codes) {
      const country = parsePhoneNumberFromString(`+1${ac}3456789`)?.country;
      expect(country && !["US", "PR", "VI", "GU", "AS", "MP"].includes(country), ac).toBe(true);
    }
  });
});
