import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPOSE_TEXT, MMS_MAX_BYTES } from "../../../domain/message-compose.schemas";
import { emuMessages } from "../../carriers/emulator/emulator.schema";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { suppressions } from "../compliance/compliance.schema";
import { accountCredits } from "../credits/credits.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

// Uploads go to a folder of this file's own, removed afterwards.
const dataDir = await mkdtemp(path.join(os.tmpdir(), "parley-composer-test-"));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000", DATA_DIR: dataDir },
});

const A_NUMBER = "+14155550170";
const C_NUMBER = "+14155550171";
let cookieA: string;
let cookieB: string;
let cookieC: string;
let accountA: number;
let numberA: number;

async function giveNumber(accountId: number, number: string) {
  const owned = await t.ctx.carrier.buyNumber(number, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  const [row] = await t.db
    .insert(phoneNumbers)
    .values({ accountId, number, carrierSid: owned.sid })
    .returning();
  return row!.id;
}

function multipart(
  field: string,
  filename: string,
  data: Buffer,
  type = "application/octet-stream",
) {
  const boundary = "----parleytest7MA4YWxkTrZu0gW";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  kind: "image" | "attachment",
  field: string,
  filename: string,
  data: Buffer,
  cookie = cookieA,
) {
  const { payload, headers } = multipart(field, filename, data);
  return t.app.inject({
    method: "POST",
    url: `/api/uploads/${kind}`,
    payload,
    headers: { ...headers, cookie, "x-parley-csrf": "1" },
  });
}

/** A 24-bit bottom-up BMP of w×h filled with one colour. */
function bmp(w: number, h: number, rgb: [number, number, number]): Buffer {
  const rowSize = Math.floor((24 * w + 31) / 32) * 4;
  const buf = Buffer.alloc(54 + rowSize * h);
  buf.write("BM", 0, "ascii");
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(w, 18);
  buf.writeInt32LE(h, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = 54 + y * rowSize + x * 3;
      buf[p] = rgb[2];
      buf[p + 1] = rgb[1];
      buf[p + 2] = rgb[0];
    }
  return buf;
}

async function noisyPng(side: number): Promise<Buffer> {
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  const a = await buildAccountWithUser(t.db, { account: { businessName: "Bean There" } });
  const b = await buildAccountWithUser(t.db);
  const c = await buildAccountWithUser(t.db);
  accountA = a.account.id;
  cookieA = await loginAs(t.app, a.user.username, a.user.password);
  cookieB = await loginAs(t.app, b.user.username, b.user.password);
  cookieC = await loginAs(t.app, c.user.username, c.user.password);
  numberA = await giveNumber(a.account.id, A_NUMBER);
  await giveNumber(c.account.id, C_NUMBER);
  // C has no credits left.
  await t.db.insert(accountCredits).values({ accountId: c.account.id, balance: 0 });
});

describe("uploads", () => {
  it("re-encodes a large image to fit an MMS and serves it publicly", async () => {
    const png = await noisyPng(1200);
    expect(png.length).toBeGreaterThan(MMS_MAX_BYTES);
    const res = await upload("image", "photo", "holiday.png", png);
    expect(res.statusCode).toBe(201);
    const { filename, fileUrl } = res.json();
    expect(filename).toBe("holiday.png");
    expect(fileUrl).toMatch(
      new RegExp(`^${t.config.publicBase}/media/${accountA}/[a-f0-9]{32}\\.jpg$`),
    );

    const mediaPath = new URL(fileUrl).pathname;
    const media = await t.app.inject({ method: "GET", url: mediaPath });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/jpeg");
    expect(media.rawPayload.length).toBeLessThanOrEqual(MMS_MAX_BYTES);
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta.format).toBe("jpeg");
    // Stored under DATA_DIR/uploads/<accountId>/.
    const stored = await readdir(path.join(dataDir, "uploads", String(accountA)));
    expect(stored).toContain(path.basename(fileUrl));
  });

  it("accepts a BMP (converted) and an attachment's image under the field 'file'", async () => {
    const res = await upload("attachment", "file", "logo.bmp", bmp(40, 30, [200, 10, 10]));
    expect(res.statusCode).toBe(201);
    const media = await t.app.inject({ method: "GET", url: new URL(res.json().fileUrl).pathname });
    const { data, info } = await sharp(media.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 30]);
    expect(data[0]).toBeGreaterThan(180);
    expect(data[2]).toBeLessThan(40);
  });

  it("keeps a small GIF as it is and a PDF attachment as it is", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer();
    const g = await upload("image", "photo", "dot.GIF", gif);
    expect(g.statusCode).toBe(201);
    expect(g.json().fileUrl).toMatch(/\.gif$/);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const p = await upload("attachment", "file", "menu.pdf", pdf);
    expect(p.statusCode).toBe(201);
    const media = await t.app.inject({ method: "GET", url: new URL(p.json().fileUrl).pathname });
    expect(media.headers["content-type"]).toBe("application/pdf");
    expect(media.rawPayload.equals(pdf)).toBe(true);
  });

  it("refuses an attachment whose content is not what its name says, naming the type", async () => {
    // A Windows program's first bytes: 'MZ', then the DOS stub and the PE header offset.
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([64, 0, 0, 0])]);
    const asPdf = await upload("attachment", "file", "invoice.pdf", exe);
    expect(asPdf.statusCode).toBe(400);
    expect(asPdf.json().error.message).toMatch(/^This file's content is not a PDF\./);
    const asMp3 = await upload("attachment", "file", "jingle.mp3", exe);
    expect(asMp3.statusCode).toBe(400);
    expect(asMp3.json().error.message).toMatch(/^This file's content is not an MP3 audio file\./);
    const asCard = await upload("attachment", "file", "me.vcf", exe);
    expect(asCard.json().error.message).toMatch(/^This file's content is not a contact card/);
    // Real ones pass: a vCard (text), a JPEG sent as an attachment.
    const card = Buffer.from("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Joe\r\nEND:VCARD\r\n");
    expect((await upload("attachment", "file", "joe.vcf", card)).statusCode).toBe(201);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a00" } })
      .jpeg()
      .toBuffer();
    expect((await upload("attachment", "file", "photo.jpg", jpeg)).statusCode).toBe(201);
  });

  it("refuses other formats, unreadable images and a missing file with a clear message", async () => {
    const webp = await upload("image", "photo", "a.webp", Buffer.from("RIFF...."));
    expect(webp.statusCode).toBe(400);
    expect(webp.json().error.message).toBe(COMPOSE_TEXT.wrongImageType);
    const pdfAsImage = await upload("image", "photo", "a.pdf", Buffer.from("%PDF"));
    expect(pdfAsImage.json().error.message).toBe(COMPOSE_TEXT.wrongImageType);
    const exe = await upload("attachment", "file", "run.exe", Buffer.from("MZ"));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.message).toBe(COMPOSE_TEXT.wrongAttachmentType);
    const broken = await upload("image", "photo", "broken.png", Buffer.from("not really a png"));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(COMPOSE_TEXT.imageUnreadable);
    const wrongField = await upload("image", "file", "a.png", await noisyPng(4));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(COMPOSE_TEXT.noFile);
    const json = await t.post("/api/uploads/image", { photo: "x" }, { cookie: cookieA });
    expect(json.statusCode).toBe(400);
  });

  it("needs a session to upload; unknown media is a 404", async () => {
    const { payload, headers } = multipart("photo", "a.png", await noisyPng(4));
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/uploads/image",
      payload,
      headers: { ...headers, "x-parley-csrf": "1" },
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.get(`/media/${accountA}/${"0".repeat(32)}.jpg`)).statusCode).toBe(404);
    expect((await t.get(`/media/${accountA}/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
  });
});

async function delivered(to: string, body: string, tries = 50) {
  for (let i = 0; i < tries; i++) {
    const rows = await t.db
      .select()
      .from(emuMessages)
      .where(and(eq(emuMessages.toNumber, to), eq(emuMessages.body, body)));
    if (rows.length) return rows[0]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

describe("test send", () => {
  it("sends the composed message to one phone through the carrier and charges its credits", async () => {
    const before = (await t.get("/api/credits", { cookie: cookieA })).json().balance;
    const res = await t.post(
      "/api/messages/test",
      {
        message: "Fresh “roast” today…",
        header: true,
        footer: true,
        isMMS: false,
        longcodeId: numberA,
        subscribers: "(312) 555-0199",
      },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Test Message Sent", credits: 1 });
    const text = 'Bean There: Fresh "roast" today...\nReply STOP to opt out';
    const emu = await delivered("+13125550199", text);
    expect(emu?.fromNumber).toBe(A_NUMBER);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(row).toMatchObject({ source: "test", body: text, accountId: accountA });
    const after = (await t.get("/api/credits", { cookie: cookieA })).json().balance;
    expect(after).toBe(before - 1);
  });

  it("charges 3 credits for an MMS and passes its media on; picks the account's number", async () => {
    const media = `${t.config.publicBase}/media/${accountA}/0123456789abcdef0123456789abcdef.jpg`;
    const res = await t.post(
      "/api/messages/test",
      {
        message: "",
        isMMS: true,
        image: [media],
        subscribers: "3125550198",
      },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(3);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(row?.mediaUrls).toEqual([media]);
    expect(row?.fromNumber).toBe(A_NUMBER);
  });

  it("validates the phone and the message with the spec's texts", async () => {
    const none = await t.post("/api/messages/test", { message: "Hi" }, { cookie: cookieA });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("Phone number is required");
    const bad = await t.post(
      "/api/messages/test",
      { message: "Hi", subscribers: "555" },
      { cookie: cookieA },
    );
    expect(bad.json().error.message).toBe("Invalid phone number");
    const empty = await t.post(
      "/api/messages/test",
      { message: " ", subscribers: "3125550197" },
      { cookie: cookieA },
    );
    expect(empty.json().error.message).toBe("Enter message");
    const long = await t.post(
      "/api/messages/test",
      { message: "a".repeat(2001), subscribers: "3125550197" },
      { cookie: cookieA },
    );
    expect(long.json().error.message).toBe("Messages cannot be longer than 2000 characters.");
  });

  it("refuses an opted-out phone without charging", async () => {
    await t.db
      .insert(suppressions)
      .values({ accountId: accountA, phone: "+13125550196", reason: "opted_out" });
    const before = (await t.get("/api/credits", { cookie: cookieA })).json().balance;
    const res = await t.post(
      "/api/messages/test",
      { message: "Hi", subscribers: "3125550196" },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(COMPOSE_TEXT.unsubscribed);
    expect((await t.get("/api/credits", { cookie: cookieA })).json().balance).toBe(before);
  });

  it("answers 402 with the spec's text when credits run out, and sends nothing", async () => {
    const res = await t.post(
      "/api/messages/test",
      { message: "No credits", subscribers: "3125550195" },
      { cookie: cookieC },
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: "Whoops, looks like you don’t have enough message credits.",
    });
    expect(await delivered("+13125550195", "No credits", 5)).toBeUndefined();
  });

  it("another account cannot send from this account's number; no number at all is a 409", async () => {
    const other = await t.post(
      "/api/messages/test",
      { message: "Hi", subscribers: "3125550194", longcodeId: numberA },
      { cookie: cookieC },
    );
    expect(other.statusCode).toBe(404);
    const none = await t.post(
      "/api/messages/test",
      { message: "Hi", subscribers: "3125550194" },
      { cookie: cookieB },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(COMPOSE_TEXT.noNumbers);
  });
});
