import { describe, expect, it } from "vitest";
import { csvLine, csvLines, escapeCsvCell } from "./csv";

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
