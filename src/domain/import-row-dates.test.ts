import { describe, expect, it } from "vitest";
import { dayFirstToMonthFirst, type ImportField, readImportRow } from "./import-row";

const fields = new Map<number, ImportField>([
  [3, { id: 3, name: "Birthday", type: "date", options: [] }],
  [4, { id: 4, name: "Code", type: "string", options: [] }],
]);
const mapping = ["number", "attribute:3", "attribute:4"];

describe("date columns of an import", () => {
  it("reads slashed dates month first unless told the file writes the day first", () => {
    const us = readImportRow(["2125550123", "5/6/1990", "5/6/1990"], mapping, fields);
    expect(us).toMatchObject({ ok: true, subscriber: { attributes: { 3: "1990-05-06" } } });
    const dmy = readImportRow(["2125550123", "5/6/1990", "5/6/1990"], mapping, fields, {
      dateFormat: "DMY",
    });
    // Only date fields are rewritten: a text attribute keeps what was typed.
    expect(dmy).toMatchObject({
      ok: true,
      subscriber: { attributes: { 3: "1990-06-05", 4: "5/6/1990" } },
    });
  });

  it("understands dotted and dashed day-first dates, and ISO dates in either format", () => {
    expect(dayFirstToMonthFirst("14.05.1985")).toBe("05/14/1985");
    expect(dayFirstToMonthFirst("14-5-85")).toBe("5/14/85");
    expect(dayFirstToMonthFirst("1985-05-14")).toBe("1985-05-14");
    expect(dayFirstToMonthFirst("14/05-1985")).toBe("14/05-1985");
    const iso = readImportRow(["2125550123", "1985-05-14"], mapping, fields, { dateFormat: "DMY" });
    expect(iso).toMatchObject({ ok: true, subscriber: { attributes: { 3: "1985-05-14" } } });
  });

  it("gives the reason when a day-first date is read month first", () => {
    expect(readImportRow(["2125550123", "14/05/1985"], mapping, fields)).toEqual({
      ok: false,
      reason: "Birthday: Invalid date supplied.",
    });
  });
});
