import { describe, expect, it } from "vitest";
import { type ImportField, readImportRow } from "./import-row";

const fields = new Map<number, ImportField>([
  [7, { id: 7, name: "VIP", type: "boolean", options: [] }],
  [8, { id: 8, name: "Drink", type: "multi_select", options: ["Latte", "Tea"] }],
]);
const mapping = ["number", "firstName", "email", "attribute:7", "attribute:8", ""];

describe("readImportRow", () => {
  it("maps cells to a subscriber", () => {
    expect(
      readImportRow(
        ["(212) 555-0123", " Ann ", "ann@x.co", "yes", "tea", "ignored"],
        mapping,
        fields,
      ),
    ).toEqual({
      ok: true,
      subscriber: {
        phone: "+12125550123",
        countryId: 209,
        firstName: "Ann",
        email: "ann@x.co",
        attributes: { "7": true, "8": ["Tea"] },
      },
    });
  });
  it("gives a reason for each refused row", () => {
    expect(readImportRow(["", "Ann"], mapping, fields)).toEqual({
      ok: false,
      reason: "Phone number is required",
    });
    expect(readImportRow(["+442079460958"], mapping, fields)).toEqual({
      ok: false,
      reason: "Not a valid US or Canada mobile number",
    });
    expect(readImportRow(["2125550123", "", "nope"], mapping, fields)).toEqual({
      ok: false,
      reason: "Invalid Email Address",
    });
    expect(readImportRow(["2125550123", "", "", "", "Beer"], mapping, fields)).toEqual({
      ok: false,
      reason: "'Beer' is not an option of Drink",
    });
  });
});
