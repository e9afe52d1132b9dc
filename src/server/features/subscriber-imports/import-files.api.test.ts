import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Workbook } from "@cj-tech-master/excelts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { subscribers } from "../subscribers/subscribers.schema";
import { runImport } from "./import-runner";
import { subscriberImports } from "./subscriber-imports.schema";

/** Uploads: Excel workbooks, the preview, refusals (type, empty, unreadable), discarding. */
const t = await createTestServer({
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-import-files-test-")) },
});
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function upload(content: Buffer | string, filename: string, type: string, cookie = aCookie) {
  const boundary = "----parleyfiles";
  const head = Buffer.from(
    [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="${filename}"`,
      `Content-Type: ${type}`,
      "",
      "",
    ].join("\r\n"),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // Straight through inject: the harness would send a Buffer as JSON.
  return t.app.inject({
    method: "POST",
    url: "/api/subscribers/imports",
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: {
      cookie,
      "x-parley-csrf": "1",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
  });
}

/** A real workbook as Excel users make them: numbers, dates, formulas, rich text, a 2nd sheet. */
async function workbook(): Promise<Buffer> {
  const wb = new Workbook();
  const sheet = wb.addWorksheet("People");
  sheet.addRow(["Phone", "First name", "Birthday", "VIP", "Score"]);
  // A phone typed into Excel is stored as a number: it must not come out as 3.105550411e9.
  sheet.addRow([3105550411, "Ann", new Date(Date.UTC(1985, 4, 14)), true, 0.1 + 0.2]);
  sheet.addRow([
    "(212) 555-0412",
    { richText: [{ text: "Bo" }, { text: "b", font: { bold: true } }] },
    "5/6/1990",
    false,
    { formula: "1+1", result: 2 },
  ]);
  sheet.addRow([]); // an empty row is skipped
  sheet.addRow([16175550413, "Cy"]); // a short row
  sheet.getColumn(3).numFmt = "mm/dd/yyyy";
  wb.addWorksheet("Notes").addRow(["not", "imported"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("Excel uploads", () => {
  it("converts the first worksheet to plain-text rows and imports them", async () => {
    const bday = (
      await t.post("/api/custom-fields", { name: "Birthday", type: "date" }, { cookie: aCookie })
    ).json();
    const up = await upload(await workbook(), "people.xlsx", XLSX);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ status: "uploaded", fileName: "people.xlsx" });
    const id = up.json().id;

    const preview = await t.get(`/api/subscribers/imports/${id}/preview`, { cookie: aCookie });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows).toEqual([
      ["Phone", "First name", "Birthday", "VIP", "Score"],
      ["3105550411", "Ann", "1985-05-14", "TRUE", "0.3"],
      ["(212) 555-0412", "Bob", "5/6/1990", "FALSE", "2"],
      ["16175550413", "Cy"],
    ]);

    const start = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping: ["number", "firstName", `attribute:${bday.id}`, "", ""], attestation: true },
      { cookie: aCookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    await runImport(t.ctx, id);
    const done = (await t.get(`/api/subscribers/imports/${id}`, { cookie: aCookie })).json();
    expect(done).toMatchObject({ status: "finished", added: 3, failed: 0 });
    const rows = await t.db
      .select({
        phone: subscribers.phone,
        first: subscribers.firstName,
        attrs: subscribers.attributes,
      })
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    const byPhone = Object.fromEntries(rows.map((r) => [r.phone, r]));
    expect(byPhone["+13105550411"]).toMatchObject({
      first: "Ann",
      attrs: { [bday.id]: "1985-05-14" },
    });
    expect(byPhone["+12125550412"]).toMatchObject({
      first: "Bob",
      attrs: { [bday.id]: "1990-05-06" },
    });
    expect(byPhone["+16175550413"]?.first).toBe("Cy");
  });

  it("refuses a file that only pretends to be a workbook, and nothing is kept", async () => {
    const before = await t.db
      .select({ id: subscriberImports.id })
      .from(subscriberImports)
      .where(eq(subscriberImports.accountId, a.account.id));
    const res = await upload("Phone\n2125550499", "fake.xlsx", XLSX);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^This file's content is not an Excel workbook/);
    const after = await t.db
      .select({ id: subscriberImports.id })
      .from(subscriberImports)
      .where(eq(subscriberImports.accountId, a.account.id));
    expect(after.length).toBe(before.length);
  });
});

describe("upload checks", () => {
  it("says clearly when a file is empty or of the wrong type", async () => {
    const empty = await upload("", "empty.csv", "text/csv");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("This file is empty: there are no rows to import.");
    const blank = await upload("\n,,\n\n", "blank.csv", "text/csv");
    expect(blank.json().error.message).toBe("This file is empty: there are no rows to import.");
    const xls = await upload("binary", "old.xls", "application/vnd.ms-excel");
    expect(xls.statusCode).toBe(400);
    expect(xls.json().error.message).toMatch(/^Only CSV and Excel \(\.xlsx\) files/);
    const broken = await upload('Phone,Name\n"2125550498,Ann\n', "broken.csv", "text/csv");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/^This file is not valid CSV/);
  });

  it("refuses a program renamed to .csv, .txt or .xlsx, and takes Latin-1 text", async () => {
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([64, 0, 0, 0])]);
    for (const [name, type] of [
      ["people.csv", "text/csv"],
      ["people.txt", "text/plain"],
    ]) {
      const res = await upload(exe, name!, type!);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^This file's content is not a CSV text file\./);
    }
    const asXlsx = await upload(exe, "people.xlsx", XLSX);
    expect(asXlsx.statusCode).toBe(400);
    expect(asXlsx.json().error.message).toMatch(/^This file's content is not an Excel workbook/);
    // Spreadsheets still save CSV as Windows-1252: not UTF-8, but text.
    const latin1 = Buffer.from("Phone,Name\n2125550481,Ren\xe9e\n", "latin1");
    expect((await upload(latin1, "latin.csv", "text/csv")).statusCode).toBe(201);
  });

  it("previews a CSV the way the job reads it", async () => {
    const csv = 'Phone,Name\n2125550401,"Smith, Ann"\n\n2125550402,Bo\n';
    const up = (await upload(csv, "p.csv", "text/csv")).json();
    const preview = await t.get(`/api/subscribers/imports/${up.id}/preview`, { cookie: aCookie });
    expect(preview.json().rows).toEqual([
      ["Phone", "Name"],
      ["2125550401", "Smith, Ann"],
      ["2125550402", "Bo"],
    ]);
  });

  it("reads date columns day first when told so", async () => {
    const since = (
      await t.post("/api/custom-fields", { name: "Since", type: "date" }, { cookie: aCookie })
    ).json();
    const up = (
      await upload("2125550405,14/05/1985\n2125550407,5/6/1990", "d.csv", "text/csv")
    ).json();
    const start = await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      {
        mapping: ["number", `attribute:${since.id}`],
        hasHeader: false,
        dateFormat: "DMY",
        attestation: true,
      },
      { cookie: aCookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    await runImport(t.ctx, up.id);
    const rows = await t.db
      .select({ phone: subscribers.phone, attrs: subscribers.attributes })
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    const byPhone = Object.fromEntries(rows.map((r) => [r.phone, r.attrs]));
    expect(byPhone["+12125550405"]).toEqual({ [since.id]: "1985-05-14" });
    expect(byPhone["+12125550407"]).toEqual({ [since.id]: "1990-06-05" });
    const bad = await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      { mapping: ["number"], dateFormat: "YDM", attestation: true },
      { cookie: aCookie },
    );
    expect(bad.statusCode).toBe(400);
  });

  it("discards an upload never started, but not one that started", async () => {
    const up = (await upload("2125550403", "x.csv", "text/csv")).json();
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/api/subscribers/imports/${up.id}`,
          cookie: bCookie,
        })
      ).statusCode,
    ).toBe(404);
    const gone = await t.request({
      method: "DELETE",
      url: `/api/subscribers/imports/${up.id}`,
      cookie: aCookie,
    });
    expect(gone.statusCode).toBe(204);
    expect((await t.get(`/api/subscribers/imports/${up.id}`, { cookie: aCookie })).statusCode).toBe(
      404,
    );

    const started = (await upload("2125550404", "y.csv", "text/csv")).json();
    await t.post(
      `/api/subscribers/imports/${started.id}/start`,
      { mapping: ["number"], hasHeader: false, attestation: true },
      { cookie: aCookie },
    );
    const refused = await t.request({
      method: "DELETE",
      url: `/api/subscribers/imports/${started.id}`,
      cookie: aCookie,
    });
    expect(refused.statusCode).toBe(409);
    const kept = await t.db
      .select({ id: subscriberImports.id })
      .from(subscriberImports)
      .where(and(eq(subscriberImports.id, started.id)));
    expect(kept).toHaveLength(1);
  });

  it("answers 404 to another account's preview", async () => {
    const up = (await upload("2125550406", "z.csv", "text/csv")).json();
    const res = await t.get(`/api/subscribers/imports/${up.id}/preview`, { cookie: bCookie });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.get("/api/subscribers/imports/999999/preview", { cookie: aCookie })).statusCode,
    ).toBe(404);
  });
});
