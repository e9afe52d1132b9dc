import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { runReportExport } from "../features/growth-reports/report-exports.service";
import { runExport } from "../features/subscriber-exports/exports.service";
import { importWorkDir, runImport } from "../features/subscriber-imports/import-runner";
import { subscriberImports } from "../features/subscriber-imports/subscriber-imports.schema";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { freePort } from "../test/free-port";
import { createTestServer } from "../test/harness";
import { startS3StandIn } from "../test/s3-stand-in";

// STORAGE=s3 against a local stand-in of the bucket: the files land there, not under DATA_DIR.
const s3 = await startS3StandIn({
  bucket: "parley-files",
  region: "eu-west-1",
  accessKeyId: "AKIAPARLEYTEST0001",
  secretAccessKey: "parley-test-secret-0123456789abcdefghij",
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-storage-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = await createTestServer({ env: { ...s3.env(), DATA_DIR: dataDir } });
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = "----parleystorage7MA4YWxkTrZu0gW";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(server: typeof t, sessionCookie: string, filename: string, data: Buffer) {
  const { payload, headers } = multipart("file", filename, data);
  return server.app.inject({
    method: "POST",
    url: "/api/uploads/attachment",
    payload,
    headers: { ...headers, cookie: sessionCookie, "x-parley-csrf": "1" },
  });
}

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

describe("STORAGE=s3", () => {
  it("keeps an upload in the bucket and serves it at its public media URL", async () => {
    const res = await upload(t, cookie, "menu.pdf", pdf);
    expect(res.statusCode, res.body).toBe(201);
    const { fileUrl } = res.json();
    const name = fileUrl.split("/").pop();
    expect(fileUrl).toBe(`${t.config.publicBase}/media/${a.account.id}/${name}`);

    const stored = s3.objects.get(`uploads/${a.account.id}/${name}`);
    expect(stored?.body.equals(pdf)).toBe(true);
    expect(stored?.contentType).toBe("application/pdf");
    // Nothing on this machine's disk: another machine serves the same file.
    expect(existsSync(path.join(dataDir, "uploads"))).toBe(false);

    // The carrier fetches MMS media by the URL, without a session.
    const media = await t.app.inject({ method: "GET", url: new URL(fileUrl).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("application/pdf");
    expect(media.rawPayload.equals(pdf)).toBe(true);
  });

  it("serves a re-encoded image from the bucket byte for byte", async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#c81e1e" },
    })
      .png()
      .toBuffer();
    const { payload, headers } = multipart("photo", "dot.png", png);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/image",
      payload,
      headers: { ...headers, cookie, "x-parley-csrf": "1" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = new URL(res.json().fileUrl);
    const media = await t.app.inject({ method: "GET", url: url.pathname });
    const stored = s3.objects.get(url.pathname.replace(/^\/media\//, "uploads/"));
    expect(stored?.contentType).toBe("image/jpeg");
    expect(media.rawPayload.equals(stored!.body)).toBe(true);
  });

  it("answers 404 for media the bucket does not hold", async () => {
    const res = await t.get(`/media/${a.account.id}/${"0".repeat(32)}.jpg`);
    expect(res.statusCode).toBe(404);
  });

  it("writes a subscriber export to the bucket and downloads it from there", async () => {
    for (const number of ["2125550501", "2125550502"])
      await t.post("/api/subscribers", { attestation: true, number }, { cookie });
    const created = await t.post(
      "/api/subscribers/exports",
      { selection: { mode: "all", filter: {} } },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    await runExport(t.ctx, created.json().id);
    const done = (await t.get(`/api/subscribers/exports/${created.json().id}`, { cookie })).json();
    expect(done).toMatchObject({ status: "finished", rowCount: 2 });

    const stored = s3.objects.get(`exports/${a.account.id}/${created.json().id}.csv`);
    expect(stored?.body.toString()).toContain("+12125550502");
    const file = await t.get(done.downloadUrl, { cookie });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/attachment; filename="subscribers-/);
    expect(file.rawPayload.equals(stored!.body)).toBe(true);
    expect(existsSync(path.join(dataDir, "exports"))).toBe(false);
  });

  it("writes a report export to the bucket and downloads it from there", async () => {
    const created = await t.post(
      "/api/reports/exports",
      { report: "subscribers", from: "2026-06-10", to: "2026-06-12" },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    await runReportExport(t.ctx, created.json().id);
    const done = (await t.get(`/api/reports/exports/${created.json().id}`, { cookie })).json();
    expect(done).toMatchObject({ status: "finished" });
    const stored = s3.objects.get(`exports/${a.account.id}/${created.json().id}.csv`);
    expect(stored?.body.toString()).toContain("Date,Joined,Opted Out,Net");
    const file = await t.get(done.downloadUrl, { cookie });
    expect(file.rawPayload.equals(stored!.body)).toBe(true);
  });

  it("keeps an import's file and its failed rows in the bucket, resumed on another machine", async () => {
    const rows = Array.from({ length: 11 }, (_, i) =>
      i % 5 === 4 ? `bad-${i},Bad ${i}` : `212555${String(2000 + i)},Person ${i}`,
    );
    const boundary = "----parleys3import";
    const up = await t.request({
      method: "POST",
      url: "/api/subscribers/imports",
      body: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="club.csv"',
        "Content-Type: text/csv",
        "",
        ["Phone,First", ...rows].join("\n"),
        `--${boundary}--`,
        "",
      ].join("\r\n"),
      cookie,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as number;
    const [row] = await t.db
      .select({ filePath: subscriberImports.filePath })
      .from(subscriberImports)
      .where(eq(subscriberImports.id, id));
    expect(row!.filePath).toMatch(new RegExp(`^imports/${a.account.id}/[^/]+\\.csv$`));
    expect(s3.objects.get(row!.filePath)?.body.toString()).toContain("bad-4,Bad 4");
    expect(existsSync(path.join(dataDir, "imports"))).toBe(false);
    const preview = (await t.get(`/api/subscribers/imports/${id}/preview`, { cookie })).json();
    expect(preview.rows[0]).toEqual(["Phone", "First"]);

    const start = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping: ["number", "firstName"], attestation: true, groupIds: [] },
      { cookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    // The first worker dies after its second checkpoint; the next runs on another machine, whose
    // disk has neither the copy of the file nor the failed rows written so far.
    let died = false;
    void runImport(t.ctx, id, {
      batchRows: 3,
      afterCheckpoint: (batch) => {
        if (batch < 1) return Promise.resolve();
        died = true;
        return new Promise(() => {});
      },
    });
    await expect.poll(() => died, { timeout: 30_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 200)); // let an in-flight batch commit, as it would
    rmSync(importWorkDir(t.ctx, row!.filePath), { recursive: true, force: true });
    await runImport(t.ctx, id, { batchRows: 3 });

    const done = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    expect(done).toMatchObject({ status: "finished", processedRows: 11, added: 9, failed: 2 });
    const failed = await t.get(done.failedRowsUrl, { cookie });
    expect(failed.body.trim().split("\n")).toEqual([
      "Phone,First,reason",
      "bad-4,Bad 4,Not a valid US or Canada mobile number",
      "bad-9,Bad 9,Not a valid US or Canada mobile number",
    ]);
    const key = row!.filePath.replace(/\.csv$/, "-failed.csv");
    // The download is the stored file behind the UTF-8 BOM every CSV download starts with.
    expect(
      failed.rawPayload.equals(Buffer.concat([Buffer.from("\uFEFF"), s3.objects.get(key)!.body])),
    ).toBe(true);
    expect(existsSync(importWorkDir(t.ctx, row!.filePath))).toBe(false);
  }, 60_000);

  it("signs every request with the configured key", () => {
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.filter((r) => r.code && r.code !== "NoSuchKey")).toEqual([]);
  });
});

// The same store, set up with a key it does not know and with the right key's wrong secret.
const wrongKey = await createTestServer({
  env: { ...s3.env({ S3_ACCESS_KEY_ID: "AKIAWRONGKEY00000000" }), DATA_DIR: dataDir },
});
const wrongSecret = await createTestServer({
  env: {
    ...s3.env({ S3_SECRET_ACCESS_KEY: "not-the-secret-0123456789abcdefghijklm" }),
    DATA_DIR: dataDir,
  },
});

// A store that does not answer at all: nothing listens on its port.
const silent = await createTestServer({
  env: { ...s3.env({ S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }), DATA_DIR: dataDir },
});

describe("STORAGE=s3 with the wrong key", () => {
  it("refuses an upload with a message naming the setting to fix, and stores nothing", async () => {
    const before = s3.objects.size;
    for (const [server, code, setting] of [
      [wrongKey, "InvalidAccessKeyId", "S3_ACCESS_KEY_ID"],
      [wrongSecret, "SignatureDoesNotMatch", "S3_SECRET_ACCESS_KEY"],
    ] as const) {
      const user = await buildAccountWithUser(server.db);
      const session = await loginAs(server.app, user.user.username, user.user.password);
      const res = await upload(server, session, "menu.pdf", pdf);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("STORAGE_UNAVAILABLE");
      expect(res.json().error.message).toContain(`S3 answered ${code}`);
      expect(res.json().error.message).toContain(setting);
      expect(s3.requests.at(-1)).toMatchObject({ method: "PUT", status: 403, code });
    }
    expect(s3.objects.size).toBe(before);
  });

  it("answers 503, not a 500 or a 404, while the store does not answer", async () => {
    const user = await buildAccountWithUser(silent.db);
    const session = await loginAs(silent.app, user.user.username, user.user.password);
    const up = await upload(silent, session, "menu.pdf", pdf);
    expect(up.statusCode).toBe(503);
    expect(up.json().error.message).toBe(
      "The file store did not answer (ECONNREFUSED). Please try again in a moment.",
    );
    const media = await silent.get(`/media/${user.account.id}/${"a".repeat(32)}.pdf`);
    expect(media.statusCode).toBe(503);
  });
});
