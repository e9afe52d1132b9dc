import { describe, expect, it } from "vitest";
import { CSV_BOM, csvLine, csvLines, csvTime, escapeCsvCell, zonedHeader } from "./csv";

describe("the one CSV writer", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvLine(["a", 'say "hi"', "x,y", "two\nlines", null, 3])).toBe(
      'a,"say ""hi""","x,y","two\nlines",,3\n',
    );
  });

  it("defuses every formula start: = + - @ tab CR", () => {
    for (const cell of ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(escapeCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    expect(csvLine(['=HYPERLINK("http://x")'])).toBe('"\'=HYPERLINK(""http://x"")"\n');
  });

  it("leaves plain numbers, phone numbers and ordinary text alone", () => {
    expect(csvLine(["+12125550100", "-5", "Hello", -5])).toBe("+12125550100,-5,Hello,-5\n");
  });

  it("writes several lines", () => {
    expect(csvLines([["a", "b"], ["c"]])).toBe("a,b\nc\n");
  });
});

describe("times in a CSV", () => {
  it("are the account's wall clock, the zone named in the column's header", () => {
    const at = new Date("2026-01-15T03:04:05Z");
    expect(csvTime(at, "America/Los_Angeles")).toBe("2026-01-14 19:04:05");
    expect(csvTime(at, "America/New_York")).toBe("2026-01-14 22:04:05");
    // Summer time: Los Angeles is 7 hours behind, not 8.
    expect(csvTime("2026-07-01T12:00:00Z", "America/Los_Angeles")).toBe("2026-07-01 05:00:00");
    expect(csvTime(null, "UTC")).toBe("");
    expect(zonedHeader("Opted Out At", "America/Los_Angeles")).toBe(
      "Opted Out At (America/Los_Angeles)",
    );
    expect([...Buffer.from(CSV_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
