import { describe, expect, it } from "vitest";
import { escapeCsvCell } from "./exports.schemas";

describe("escapeCsvCell", () => {
  it("defuses formulas", () => {
    for (const v of ["=1+1", "+12125550123", "-2", "@SUM(A1)", "\t=x", "\r=x"]) {
      expect(escapeCsvCell(v)).toBe(`'${v}`);
    }
  });
  it("leaves other text alone", () => {
    for (const v of ["Ann", "", "a=b", "1+1", "ann@example.com"]) expect(escapeCsvCell(v)).toBe(v);
  });
});
