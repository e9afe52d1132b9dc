import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runExport } from "./exports.service";

const t = await createTestServer({
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-exports-test-")) },
});
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

const drink = (
  await t.post(
    "/api/custom-fields",
    { name: "Drink", type: "multi_select", options: ["Latte", "Tea"] },
    { cookie: aCookie },
  )
).json();
const people = [
  {
    number: "2125550401",
    firstName: '=HYPERLINK("http://evil")',
    lastName: "Lee",
    attributes: { [drink.id]: ["Latte", "Tea"] },
  },
  { number: "2125550402", firstName: "Bob", lastName: "@risk", signupMethod: "KEYWORD" },
  { number: "2125550403", firstName: "Cat", lastName: "Moss", email: "cat@example.com" },
];
const ids: number[] = [];
for (const p of people)
  ids.push(
    (await t.post("/api/subscribers", { attestation: true, ...p }, { cookie: aCookie })).json().id,
  );

describe("subscriber export", () => {
  it("writes the selection to CSV with formulas defused and lists it in the history", async () => {
    const res = await t.post(
      "/api/subscribers/exports",
      { selection: { mode: "all", filter: { areaCode: "212" }, excludedIds: [ids[2]] } },
      { cookie: aCookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: "queued", rowCount: 2, downloadUrl: null });
    await runExport(t.ctx, res.json().id);
    const done = (
      await t.get(`/api/subscribers/exports/${res.json().id}`, { cookie: aCookie })
    ).json();
    expect(done).toMatchObject({ status: "finished", rowCount: 2 });
    const file = await t.get(done.downloadUrl, { cookie: aCookie });
    expect(file.headers["content-disposition"]).toMatch(/attachment; filename="subscribers-/);
    expect(file.body.trim().split("\n")).toEqual([
      "Phone Number,First Name,Last Name,Email,Sign Up Method,Date (America/New_York),Opted Out,Blocked,Drink",
      expect.stringMatching(
        /^\+12125550401,"'=HYPERLINK\(""http:\/\/evil""\)",Lee,,Manual Entry,\d{4}-.*,no,no,Latte; Tea$/,
      ),
      expect.stringMatching(/^\+12125550402,Bob,'@risk,,Keyword,.*,no,no,$/),
    ]);
    const history = (await t.get("/api/subscribers/exports", { cookie: aCookie })).json();
    expect(history.total).toBe(1);
  });

  it("refuses a bad selection up front", async () => {
    const bad = await t.post(
      "/api/subscribers/exports",
      { selection: { mode: "ids", ids: [] } },
      { cookie: aCookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Select at least one subscriber");
  });

  it("answers 404 to another account", async () => {
    const mine = (
      await t.post(
        "/api/subscribers/exports",
        { selection: { mode: "ids", ids: [ids[0]] } },
        { cookie: aCookie },
      )
    ).json();
    await runExport(t.ctx, mine.id);
    expect(
      (await t.get(`/api/subscribers/exports/${mine.id}`, { cookie: bCookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/subscribers/exports/${mine.id}/download`, { cookie: bCookie })).statusCode,
    ).toBe(404);
    const steal = await t.post(
      "/api/subscribers/exports",
      { selection: { mode: "ids", ids: [ids[0]] } },
      { cookie: bCookie },
    );
    expect(steal.statusCode).toBe(404);
    expect((await t.get("/api/subscribers/exports", { cookie: bCookie })).json().total).toBe(0);
  });
});
