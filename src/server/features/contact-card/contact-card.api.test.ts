import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CONTACT_CARD_TEXTS } from "../../../domain/contact-card.schemas";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { contactCards } from "./contact-card.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
/** The public address of a's card, read once it is created. */
let cardPath = "";

const png = await sharp({
  create: { width: 1200, height: 800, channels: 3, background: "#3366cc" },
})
  .png()
  .toBuffer();

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = "----parleytest";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function put(
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: "POST",
    url: "/api/contact-card",
    payload: body.payload,
    headers: { cookie, "x-parley-csrf": "1", "content-type": body.contentType },
  });
}

describe("contact card", () => {
  it("starts empty", async () => {
    const res = await t.get("/api/contact-card", { cookie: aCookie });
    expect(res.json()).toEqual({ card: null, downloadUrl: null });
  });

  it("requires the organization name and, the first time, an image", async () => {
    const noName = await put(
      aCookie,
      { organizationName: " " },
      { name: "a.png", type: "image/png", data: png },
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(CONTACT_CARD_TEXTS.organizationRequired);
    const noImage = await put(aCookie, { organizationName: "Bean There" });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().error.message).toBe(CONTACT_CARD_TEXTS.imageRequired);
    const notImage = await put(
      aCookie,
      { organizationName: "Bean There" },
      { name: "a.png", type: "image/png", data: Buffer.from("not an image") },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe(CONTACT_CARD_TEXTS.badImage);
    expect((await t.get("/api/contact-card", { cookie: aCookie })).json().card).toBeNull();
  });

  it("creates the card with the photo resized to a JPEG and serves a vCard 3.0", async () => {
    const res = await put(
      aCookie,
      {
        organizationName: "Bean There; Coffee, Inc.",
        description: "Fresh roasts\ndaily",
        website: "https://beanthere.example",
      },
      { name: "logo.png", type: "image/png", data: png },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created).toBe(true);
    const [stored] = await t.db
      .select()
      .from(contactCards)
      .where(eq(contactCards.accountId, a.account.id));
    expect(stored!.publicToken).toMatch(/^[a-f0-9]{32}$/);
    cardPath = `/api/contact-card/${a.account.id}-${stored!.publicToken}.vcf`;
    expect(body.downloadUrl).toBe(`${t.config.publicBase}${cardPath}`);
    const jpeg = Buffer.from(body.card.photo.replace(/^data:image\/jpeg;base64,/, ""), "base64");
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width!, meta.height!)).toBe(400);

    const vcf = await t.get(cardPath);
    expect(vcf.statusCode).toBe(200);
    expect(vcf.headers["content-type"]).toContain("text/vcard");
    const text = vcf.body.replace(/\r\n /g, "");
    expect(text.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    expect(text).toContain("ORG:Bean There\\; Coffee\\, Inc.\r\n");
    expect(text).toContain("NOTE:Fresh roasts\\ndaily\r\n");
    expect(text).toContain("URL:https://beanthere.example\r\n");
    expect(text).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${jpeg.toString("base64")}`);
    expect(text).not.toContain("TEL");
    expect(text.trimEnd().endsWith("END:VCARD")).toBe(true);
    for (const line of vcf.body.split("\r\n")) expect(line.length).toBeLessThanOrEqual(75);
  });

  it("adds the account's number as TEL with ?longcodeId=, never another account's", async () => {
    const [mine] = await t.db
      .insert(phoneNumbers)
      .values({
        accountId: a.account.id,
        number: "+12125550199",
        carrierSid: "PN0000000000000000000000000000000a",
      })
      .returning();
    const [theirs] = await t.db
      .insert(phoneNumbers)
      .values({
        accountId: b.account.id,
        number: "+12125550198",
        carrierSid: "PN0000000000000000000000000000000b",
      })
      .returning();
    const withTel = await t.get(`${cardPath}?longcodeId=${mine!.id}`);
    expect(withTel.body).toContain("TEL;TYPE=CELL,VOICE:+12125550199\r\n");
    const foreign = await t.get(`${cardPath}?longcodeId=${theirs!.id}`);
    expect(foreign.body).not.toContain("TEL");
  });

  it("updates without a new photo, keeping the old one", async () => {
    const before = (await t.get("/api/contact-card", { cookie: aCookie })).json();
    const res = await put(aCookie, {
      organizationName: "Bean There",
      description: "",
      website: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(false);
    expect(res.json().card.photo).toBe(before.card.photo);
    expect(res.json().card.website).toBe("");
  });

  it("keeps cards to their account: another account sees none, unknown cards are 404", async () => {
    expect((await t.get("/api/contact-card", { cookie: bCookie })).json().card).toBeNull();
    // The account id alone, or with another token, finds nothing: the address is not guessable.
    expect((await t.get(`/api/contact-card/${a.account.id}.vcf`)).statusCode).toBe(404);
    const wrong = cardPath.replace(/-[a-f0-9]{32}\./, `-${"0".repeat(32)}.`);
    expect((await t.get(wrong)).statusCode).toBe(404);
    expect((await t.get(cardPath)).statusCode).toBe(200);
    expect((await t.get(`/api/contact-card/${b.account.id}.vcf`)).statusCode).toBe(404);
    expect((await t.get("/api/contact-card/abc.vcf")).statusCode).toBe(404);
  });
});
