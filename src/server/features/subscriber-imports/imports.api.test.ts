import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents } from "../compliance/compliance.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { runImport } from "./import-runner";

const t = await createTestServer({
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-imports-test-")) },
});
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

function upload(csv: string, cookie = aCookie, filename = "people.csv", type = "text/csv") {
  const boundary = "----parleytest";
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    `Content-Type: ${type}`,
    "",
    csv,
    `--${boundary}--`,
    "",
  ].join("\r\n");
  return t.request({
    method: "POST",
    url: "/api/subscribers/imports",
    body,
    cookie,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const vip = (
  await t.post("/api/custom-fields", { name: "VIP", type: "boolean" }, { cookie: aCookie })
).json();
const club = (await t.post("/api/groups", { name: "Club" }, { cookie: aCookie })).json();
await t.post(
  "/api/subscribers",
  { attestation: true, number: "2125550301", firstName: "Old" },
  { cookie: aCookie },
);

const CSV = [
  "Phone,First,Email,VIP,Notes",
  "(212) 555-0301,Ann,ann@example.com,yes,x",
  "310-555-0302,Bob,,no,y",
  "not a phone,Cy,,,",
  "6045550303,Dee,bad-mail,,",
  '"415 555 0304","Eve, Jr.",eve@example.com,maybe,',
  "310-555-0302,Bob again,,,",
].join("\n");
const mapping = ["number", "firstName", "email", `attribute:${vip.id}`, ""];

describe("subscriber import", () => {
  it("uploads, starts with a mapping, imports with counts and a failed-rows file", async () => {
    const up = await upload(CSV);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ status: "uploaded", fileName: "people.csv" });
    const id = up.json().id;

    const noAttest = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping },
      { cookie: aCookie },
    );
    expect(noAttest.statusCode).toBe(400);
    expect(noAttest.json().error.message).toBe(
      "Please confirm that every subscriber in this file agreed to receive text messages from you.",
    );
    const noNumber = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping: ["firstName"], attestation: true },
      { cookie: aCookie },
    );
    expect(noNumber.json().error.message).toBe("Map one column to the phone number");

    const start = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping, attestation: true, duplicates: "update", groupIds: [club.id] },
      { cookie: aCookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().status).toBe("queued");
    const again = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping, attestation: true },
      { cookie: aCookie },
    );
    expect(again.statusCode).toBe(409);

    await runImport(t.ctx, id);
    const done = (await t.get(`/api/subscribers/imports/${id}`, { cookie: aCookie })).json();
    expect(done).toMatchObject({
      status: "finished",
      totalRows: 6,
      processedRows: 6,
      added: 1,
      updated: 1,
      skipped: 1,
      failed: 3,
    });
    expect(done.failedRowsUrl).toBe(`/api/subscribers/imports/${id}/failed-rows`);
    const failed = await t.get(done.failedRowsUrl, { cookie: aCookie });
    expect(failed.headers["content-type"]).toMatch(/text\/csv/);
    expect(failed.body.startsWith("\uFEFFPhone,First")).toBe(true);
    expect(failed.body.trim().split("\n")).toEqual([
      "Phone,First,Email,VIP,Notes,reason",
      "not a phone,Cy,,,,Not a valid US or Canada mobile number",
      "6045550303,Dee,bad-mail,,,Invalid Email Address",
      '415 555 0304,"Eve, Jr.",eve@example.com,maybe,,VIP must be true or false',
    ]);

    const rows = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    const byPhone = Object.fromEntries(rows.map((r) => [r.phone, r]));
    expect(byPhone["+12125550301"]).toMatchObject({ firstName: "Ann", email: "ann@example.com" });
    expect(byPhone["+12125550301"]?.attributes).toEqual({ [vip.id]: true });
    // With "update", a number repeated in the file takes its last row.
    expect(byPhone["+13105550302"]).toMatchObject({
      firstName: "Bob again",
      signupMethod: "SPREADSHEET_IMPORT",
      consentSource: "import",
    });
    const members = (await t.get(`/api/subscribers?group=${club.id}`, { cookie: aCookie })).json();
    expect(members.total).toBe(2);
    const consent = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.phone, "+13105550302"));
    expect(consent).toMatchObject([{ action: "opt_in", source: "import", userId: a.user.id }]);

    const history = (await t.get("/api/subscribers/imports", { cookie: aCookie })).json();
    expect(history.total).toBe(1);
  });

  it("skips known numbers by default and refuses files that are not CSV", async () => {
    const up = (await upload("2125550301,Changed\n2125550399,New")).json();
    await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      { mapping: ["number", "firstName"], hasHeader: false, attestation: true },
      { cookie: aCookie },
    );
    await runImport(t.ctx, up.id);
    const done = (await t.get(`/api/subscribers/imports/${up.id}`, { cookie: aCookie })).json();
    expect(done).toMatchObject({ added: 1, skipped: 1, failed: 0, failedRowsUrl: null });
    const [ann] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.phone, "+12125550301"));
    expect(ann?.firstName).toBe("Ann");
    const pdf = await upload("%PDF", aCookie, "x.pdf", "application/pdf");
    expect(pdf.statusCode).toBe(400);
  });

  it("keeps names as written, with backslashes, tabs and line breaks", async () => {
    // The rows reach PostgreSQL in COPY's text format, where these characters are escapes.
    const csv = [
      "Phone,First,Last,Email",
      '2125550381,\\N,"C:\\path\\n","back\\slash@example.com"',
      '2125550382,"Tab\there","Line\nbreak",',
      "2125550383,,,",
    ].join("\n");
    const up = (await upload(csv)).json();
    const start = await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      { mapping: ["number", "firstName", "lastName", "email"], attestation: true },
      { cookie: aCookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    await runImport(t.ctx, up.id);
    const done = (await t.get(`/api/subscribers/imports/${up.id}`, { cookie: aCookie })).json();
    expect(done).toMatchObject({ added: 3, failed: 0 });
    const rows = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    const byPhone = Object.fromEntries(rows.map((r) => [r.phone, r]));
    expect(byPhone["+12125550381"]).toMatchObject({
      firstName: "\\N",
      lastName: "C:\\path\\n",
      email: "back\\slash@example.com",
    });
    expect(byPhone["+12125550382"]).toMatchObject({
      firstName: "Tab\there",
      lastName: "Line\nbreak",
      email: "",
    });
    expect(byPhone["+12125550383"]).toMatchObject({ firstName: "", lastName: "", email: "" });
  });

  it("answers 404 to another account", async () => {
    const up = (await upload("2125550377")).json();
    expect((await t.get(`/api/subscribers/imports/${up.id}`, { cookie: bCookie })).statusCode).toBe(
      404,
    );
    const start = await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      { mapping: ["number"], attestation: true },
      { cookie: bCookie },
    );
    expect(start.statusCode).toBe(404);
    expect(
      (await t.get(`/api/subscribers/imports/${up.id}/failed-rows`, { cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.get("/api/subscribers/imports", { cookie: bCookie })).json().total).toBe(0);
    // Another account's group or field cannot be named in one's own import.
    const mine = (await upload("2125550378", bCookie)).json();
    const steal = await t.post(
      `/api/subscribers/imports/${mine.id}/start`,
      { mapping: ["number"], attestation: true, groupIds: [club.id] },
      { cookie: bCookie },
    );
    expect(steal.statusCode).toBe(404);
  });

  it("gives a conversation contact in the file the import's consent when updating", async () => {
    // Texted in a question: no marketing consent until the import's attestation covers it.
    await t.db.$client.query(
      `insert into subscribers (account_id, phone, signup_method, consent_source)
       values ($1, '+12125550390', 'OPT_IN_MESSAGE', 'inbound_message')`,
      [a.account.id],
    );
    const up = (await upload("Phone,First\n2125550390,Cleo\n2125550301,Old")).json();
    const start = await t.post(
      `/api/subscribers/imports/${up.id}/start`,
      { mapping: ["number", "firstName"], attestation: true, duplicates: "update" },
      { cookie: aCookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    await runImport(t.ctx, up.id);
    const [cleo] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.phone, "+12125550390"));
    expect(cleo).toMatchObject({ firstName: "Cleo", consentSource: "import" });
    expect(cleo!.marketingConsentAt).not.toBeNull();
    const lines = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.phone, "+12125550390"));
    expect(lines).toMatchObject([{ action: "opt_in", source: "import" }]);
    // A subscriber who had consent keeps its first source, and gets no second line.
    const old = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.phone, "+12125550301"));
    expect(old.filter((e) => e.source === "import")).toHaveLength(0);
  });
});
