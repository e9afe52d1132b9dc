import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Workbook } from "@cj-tech-master/excelts";
import { describe, expect, it, vi } from "vitest";
import { cellText, NOT_A_WORKBOOK, xlsxToCsv } from "./xlsx-to-csv";

describe("cellText", () => {
  it("writes numbers as typed, never in exponent form or with float noise", () => {
    expect(cellText(15551234567)).toBe("15551234567");
    expect(cellText(3105550411)).toBe("3105550411");
    expect(cellText(0.1 + 0.2)).toBe("0.3");
    expect(cellText(1e21)).toBe("1000000000000000000000");
    expect(cellText(-42)).toBe("-42");
  });
  it("writes dates as YYYY-MM-DD, with the time only when there is one", () => {
    expect(cellText(new Date(Date.UTC(1985, 4, 14)))).toBe("1985-05-14");
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 9, 30)))).toBe("2026-01-02 09:30");
  });
  it("flattens formulas, rich text, hyperlinks, booleans and errors", () => {
    expect(cellText({ formula: "A1*2", result: 4 })).toBe("4");
    expect(cellText({ formula: "A1*2" })).toBe("");
    expect(cellText({ richText: [{ text: "An" }, { text: "n" }] })).toBe("Ann");
    expect(cellText({ text: "site", hyperlink: "https://x.test" })).toBe("site");
    expect(cellText(true)).toBe("TRUE");
    expect(cellText({ error: "#N/A" })).toBe("");
    expect(cellText(null)).toBe("");
  });
});

describe("xlsxToCsv", () => {
  it("writes the first worksheet as plain text and leaves no temporary copies behind", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "parley-xlsx-test-"));
    const wb = new Workbook();
    const sheet = wb.addWorksheet("People");
    sheet.addRow(["Phone", "Name", "Since", "Site"]);
    sheet.addRow([
      15551234567,
      { richText: [{ text: "An" }, { text: "n", font: { bold: true } }] },
      new Date(Date.UTC(2026, 0, 2, 9, 30)),
      { text: "site", hyperlink: "https://x.test" },
    ]);
    sheet.addRow([]);
    sheet.addRow([{ formula: "1+1", result: 2 }]);
    sheet.getColumn(3).numFmt = "yyyy-mm-dd hh:mm";
    wb.addWorksheet("Notes").addRow(["not", "imported"]);
    wb.addWorksheet("More").addRow(["nor", "this"]);
    const xlsx = path.join(dir, "people.xlsx");
    writeFileSync(xlsx, Buffer.from(await wb.xlsx.writeBuffer()));
    // The reader parks worksheets in the system's temporary folder: here, one of our own.
    const tmp = mkdtempSync(path.join(dir, "tmp-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      expect(await xlsxToCsv(xlsx, path.join(dir, "people.csv"))).toBe(3);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(readFileSync(path.join(dir, "people.csv"), "utf8")).toBe(
      "Phone,Name,Since,Site\n15551234567,Ann,2026-01-02 09:30,site\n2\n",
    );
    // It deletes them in the background, right after.
    await vi.waitFor(() => expect(readdirSync(tmp)).toEqual([]));
  });

  it("refuses a file that is not a workbook with a clear message", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "parley-xlsx-test-"));
    const bad = path.join(dir, "bad.xlsx");
    writeFileSync(bad, "PK\u0003\u0004 not really a zip");
    await expect(xlsxToCsv(bad, path.join(dir, "bad.csv"))).rejects.toThrow(NOT_A_WORKBOOK);
  });
});
