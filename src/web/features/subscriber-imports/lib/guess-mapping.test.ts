import { describe, expect, it } from "vitest";
import { guessMapping, looksLikeHeader, mappingProblems } from "./guess-mapping";

const fields = [
  { id: 7, name: "Birthday" },
  { id: 8, name: "Favorite Drink" },
];

describe("guessMapping", () => {
  it("maps obvious header names, custom fields by name, and leaves the rest out", () => {
    const rows = [
      ["Mobile Number", "First Name", "Surname", "E-mail", "favorite_drink", "Notes"],
      ["(212) 555-0101", "Ann", "Lee", "ann@x.co", "Tea", "hi"],
    ];
    expect(guessMapping(rows, true, fields)).toEqual([
      "number",
      "firstName",
      "lastName",
      "email",
      "attribute:8",
      "",
    ]);
  });

  it("uses each target once and reads 'Name' as a first name only when nothing says so", () => {
    expect(guessMapping([["Phone", "Cell", "Name"]], true, [])).toEqual([
      "number",
      "",
      "firstName",
    ]);
    expect(guessMapping([["Name", "First name", "Phone"]], true, [])).toEqual([
      "",
      "firstName",
      "number",
    ]);
  });

  it("recognises phone and e-mail columns by their values when there is no header", () => {
    const rows = [
      ["Ann", "2125550101", "ann@x.co"],
      ["Bob", "+1 310 555 0102", "bob@x.co"],
    ];
    expect(guessMapping(rows, false, fields)).toEqual(["", "number", "email"]);
  });
});

describe("looksLikeHeader", () => {
  it("is a header unless the first row holds a phone number or an e-mail", () => {
    expect(
      looksLikeHeader([
        ["Phone", "Name"],
        ["2125550101", "Ann"],
      ]),
    ).toBe(true);
    expect(looksLikeHeader([["2125550101", "Ann"]])).toBe(false);
    expect(looksLikeHeader([["Ann", "ann@x.co"]])).toBe(false);
  });
});

describe("mappingProblems", () => {
  it("needs one phone column and no target twice", () => {
    expect(mappingProblems(["firstName", ""])).toEqual({ needsNumber: true, twice: new Set() });
    expect(mappingProblems(["number", "email", "email"])).toEqual({
      needsNumber: false,
      twice: new Set(["email"]),
    });
  });
});
