import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IMAGE_TEXT } from "../features/composer/image-guard";
import { links } from "../features/links/links.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { runImport } from "../features/subscriber-imports/import-runner";
import { templates } from "../features/templates/templates.schema";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";

/** The outside tester's 500s (issue 19), one per class, each now a clear 4xx that changes nothing. */

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+14155550190", carrierSid: "PNHARD" });
const [bTemplate] = await t.db
  .insert(templates)
  .values({ accountId: b.account.id, name: "B's", message: "Hi" })
  .returning();
const [bLink] = await t.db
  .insert(links)
  .values({ accountId: b.account.id, code: "bhard1", longUrl: "https://b.example" })
  .returning();

const media = (accountId: number) =>
  `${t.config.publicBase}/media/${accountId}/0123456789abcdef0123456789abcdef.jpg`;

function multipart(url: string, contentType: string, body = "x") {
  return t.request({ method: "POST", url, body, cookie, headers: { "content-type": contentType } });
}

function fileUpload(url: string, field: string, filename: string, data: Buffer, type: string) {
  const boundary = "----hardening";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url,
    payload: body,
    headers: {
      cookie,
      "x-parley-csrf": "1",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
  });
}

/** A PNG of only its header, claiming width × height pixels: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("ids out of the database's range", () => {
  it("answer 404 in a path, like any unknown id", async () => {
    for (const url of [
      "/api/groups/2147483648",
      "/api/groups/-1",
      "/api/groups/abc",
      "/api/subscribers/9007199254740993",
      "/api/templates/1e30",
    ]) {
      const res = await t.get(url, { cookie });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answer 400 with a clear message in a body", async () => {
    const res = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Hi", longcodeId: 2147483648 },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.longcodeId).toBe("Must be a valid id");
    const ids = await t.post("/api/subscribers/bulk/delete", { ids: [2 ** 60] }, { cookie });
    expect(ids.statusCode).toBe(400);
    const links = await t.get("/api/links?linkIds=1,100000000000000000000", { cookie });
    expect(links.statusCode).toBe(400);
    const list = await t.get("/api/inbox/assignable-users?numberIds=1,100000000000000000000", {
      cookie,
    });
    expect(list.statusCode).toBe(200);
  });
});

describe("text PostgreSQL cannot store", () => {
  it("is refused in a body, a query and any field, naming the field", async () => {
    const nul = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550177", firstName: "a\u0000b" },
      {
        cookie,
      },
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/^firstName contains a character/);
    expect(nul.json().error.fields).toHaveProperty("firstName");

    const query = await t.get("/api/subscribers?query=%00", { cookie });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.message).toMatch(/^query contains/);

    const surrogate = await t.put(
      "/api/signature",
      { signature: "\ud800", isEnabled: true },
      { cookie },
    );
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().error.fields).toHaveProperty("signature");
    const list = await t.get("/api/subscribers", { cookie });
    expect(list.json().total).toBe(0);
  });

  it("is refused when nested absurdly deep", async () => {
    const n = 100_000;
    const deep = `{"name":"x","rules":${"[".repeat(n)}1${"]".repeat(n)}}`;
    const res = await t.post("/api/groups", deep, { cookie });
    expect(res.statusCode).toBe(400);
  });
});

describe("input the database would refuse", () => {
  it("never reaches it: a date rule without a date, a country id out of range", async () => {
    const empty = await t.post(
      "/api/groups/rules-preview",
      { rules: { conditions: [{ field: "createdAt", operator: "is_not_empty", value: "VG>" }] } },
      { cookie },
    );
    expect(empty.statusCode, empty.body).toBe(200);
    const country = await t.post(
      "/api/groups/rules-preview",
      { rules: { conditions: [{ field: "countryId", operator: "equals", value: 1e20 }] } },
      { cookie },
    );
    expect(country.statusCode).toBe(400);
    expect(country.json().error.message).toBe("Choose a country");
  });
});

describe("multipart without a valid boundary", () => {
  it("is a 400 on every upload route", async () => {
    for (const url of [
      "/api/uploads/image",
      "/api/uploads/attachment",
      "/api/subscribers/imports",
      "/api/contact-card",
    ]) {
      for (const type of [
        "multipart/form-data",
        "multipart/form-data; boundary=",
        `multipart/form-data; boundary=${"b".repeat(300)}`,
      ]) {
        const res = await multipart(url, type);
        expect(res.statusCode, `${url} ${type}: ${res.body}`).toBe(400);
      }
      const notMultipart = await t.post(url, { a: 1 }, { cookie });
      expect(notMultipart.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(notMultipart.statusCode, url).toBeLessThan(500);
    }
  });
});

describe("CSV exports", () => {
  it("refuse a bad filter with a 400 before any of the file is sent", async () => {
    const res = await t.post("/api/reports/sent-messages/export?from=0000-01-01", {}, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/json/);
  });

  it("defuse formulas in the import's failed-rows file too", async () => {
    const csv = 'Phone,First\nnot a phone,"=HYPERLINK(""http://evil"")"\n2125550188,Ann\n';
    const up = await fileUpload(
      "/api/subscribers/imports",
      "file",
      "p.csv",
      Buffer.from(csv),
      "text/csv",
    );
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id;
    const start = await t.post(
      `/api/subscribers/imports/${id}/start`,
      { mapping: ["number", "firstName"], attestation: true },
      { cookie },
    );
    expect(start.statusCode, start.body).toBe(200);
    await runImport(t.ctx, id);
    const done = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    const failed = await t.get(done.failedRowsUrl, { cookie });
    expect(failed.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe("references to another account", () => {
  it("are refused when a send is created", async () => {
    for (const [field, extra] of [
      ["templateId", { templateId: bTemplate!.id }],
      ["linkId", { linkId: bLink!.id }],
      ["image", { isSMS: false, image: [media(b.account.id)] }],
      ["image", { isSMS: false, image: ["https://elsewhere.example/a.jpg"] }],
    ] as const) {
      const res = await t.post(
        "/api/sends",
        { isSubscribers: "all", message: "Hi", ...extra },
        { cookie },
      );
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error.fields, field).toHaveProperty(field);
    }
  });

  it("are refused in a template's attachment and a test message's media", async () => {
    const tpl = await t.post(
      "/api/templates",
      { name: "T", message: "", isMMS: true, attachment: media(b.account.id) },
      { cookie },
    );
    expect(tpl.statusCode).toBe(400);
    expect(tpl.json().error.fields).toHaveProperty("attachment");
    const own = await t.post(
      "/api/templates",
      { name: "T", message: "", isMMS: true, attachment: media(a.account.id) },
      { cookie },
    );
    expect(own.statusCode, own.body).toBe(201);
    const test = await t.post(
      "/api/messages/test",
      { message: "", isMMS: true, image: [media(b.account.id)], subscribers: "3125550198" },
      { cookie },
    );
    expect(test.statusCode).toBe(400);
  });
});

describe("images", () => {
  it("over the pixel cap are refused before decoding, with a clear message", async () => {
    const res = await fileUpload(
      "/api/uploads/image",
      "photo",
      "bomb.png",
      pngClaiming(50_000, 50_000),
      "image/png",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(IMAGE_TEXT.tooManyPixels);
  });
});
