import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LINK_TEXTS } from "../../../domain/links";
import { MEDIA_REF_TEXT } from "../../../domain/media-refs";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { linkClicks } from "./links.schema";
import { expandLinkTokens, recipientKey, recipientKeySql } from "./links.service";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
async function ok(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const aSub = await ok(
  await t.post(
    "/api/subscribers",
    { attestation: true, number: "2125550181" },
    { cookie: aCookie },
  ),
);
const bSub = await ok(
  await t.post(
    "/api/subscribers",
    { attestation: true, number: "2125550182" },
    { cookie: bCookie },
  ),
);
const aSub2 = await ok(
  await t.post(
    "/api/subscribers",
    { attestation: true, number: "2125550183" },
    { cookie: aCookie },
  ),
);

describe("links", () => {
  it("refuses a URL without http:// or https:// with the spec's message, creating nothing", async () => {
    for (const longUrl of [
      "example.com",
      "ftp://example.com",
      "https://",
      "http://no spaces.com",
    ]) {
      const res = await t.post("/api/links", { longUrl }, { cookie: aCookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(LINK_TEXTS.invalidUrl);
    }
    const list = await ok(await t.get("/api/links", { cookie: aCookie }));
    expect(list.total).toBe(0);
  });

  let linkId = 0;
  let code = "";
  it("creates a tracked link with tags and UTM, lists and finds it", async () => {
    const created = await t.post(
      "/api/links",
      {
        longUrl: "https://example.com/menu?x=1",
        trackingEnabled: true,
        tags: ["Spring", "menu", "spring"],
        utm: { utm_source: "sms", utm_campaign: "spring" },
      },
      { cookie: aCookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const l = created.json();
    linkId = l.id;
    code = l.code;
    expect(l.shortUrl).toBe(`${t.config.publicBase}/l/${l.code}`);
    expect(l.destinationUrl).toBe(
      "https://example.com/menu?x=1&utm_source=sms&utm_campaign=spring",
    );
    expect(l.tags.map((x: { tag: string }) => x.tag)).toEqual(["menu", "Spring"]);
    expect(l.clicks).toBe(0);
    const list = await ok(await t.get("/api/links?query=menu", { cookie: aCookie }));
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([linkId]);
    // 'by …' names the maker as a person, not by their sign-in name.
    expect(list.rows[0].createdBy).toBe(`${a.user.firstName} ${a.user.lastName}`);
    const byTag = await ok(await t.get("/api/links?query=spring", { cookie: aCookie }));
    expect(byTag.total).toBe(1);
    const byIds = await ok(await t.get(`/api/links?linkIds=${linkId}`, { cookie: aCookie }));
    expect(byIds.total).toBe(1);
    const tags = await ok(await t.get("/api/links/tags", { cookie: aCookie }));
    expect(tags.rows.map((x: { tag: string }) => x.tag)).toEqual(["menu", "Spring"]);
  });

  it("patches tags", async () => {
    const patched = await ok(
      await t.request({
        method: "PATCH",
        url: `/api/links/${linkId}`,
        body: { tags: ["vip"] },
        cookie: aCookie,
      }),
    );
    expect(patched.tags.map((x: { tag: string }) => x.tag)).toEqual(["vip"]);
  });

  it("redirects /l/:code with UTM and records clicks, with and without a subscriber", async () => {
    const plain = await t.get(`/l/${code}`, { headers: { "user-agent": "UA-1" } });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(
      "https://example.com/menu?x=1&utm_source=sms&utm_campaign=spring",
    );
    const withSub = await t.get(`/l/${code}/${recipientKey(t.ctx, code, aSub.id)}`, {
      headers: { "user-agent": "UA-2" },
    });
    expect(withSub.statusCode).toBe(302);
    // Another account's subscriber is not recorded, even with a key of its own.
    const foreign = await t.get(`/l/${code}/${recipientKey(t.ctx, code, bSub.id)}`);
    expect(foreign.statusCode).toBe(302);
    const clicks = await t.db.select().from(linkClicks).where(eq(linkClicks.linkId, linkId));
    expect(clicks.map((c) => c.subscriberId)).toEqual([null, aSub.id, null]);
    expect(clicks[0]!.userAgent).toBe("UA-1");
    const l = await ok(await t.get(`/api/links/${linkId}`, { cookie: aCookie }));
    expect(l.clicks).toBe(3);
    expect(l.uniqueClicks).toBe(1);
  });

  it("credits a click to a subscriber only through the key they were sent, never an edited address", async () => {
    const clicksOf = async () =>
      (await t.db.select().from(linkClicks).where(eq(linkClicks.linkId, linkId))).map(
        (c) => c.subscriberId,
      );
    const before = (await clicksOf()).length;
    // Someone holding one text's link edits the subscriber id in it: the link opens, but the
    // click is nobody's (no "link clicked" for a subscriber who did not click).
    const forged = await t.get(`/l/${code}/${aSub2.id}`);
    expect(forged.statusCode).toBe(302);
    expect((await clicksOf()).slice(before)).toEqual([null]);
    const mine = recipientKey(t.ctx, code, aSub.id);
    const signature = mine.split("-")[1];
    expect((await t.get(`/l/${code}/${aSub2.id}-${signature}`)).statusCode).toBe(302);
    expect((await clicksOf()).slice(before)).toEqual([null, null]);
    // The key is the link's own: on another link of the account it credits nobody.
    const other = await ok(
      await t.post("/api/links", { longUrl: "https://example.com/other" }, { cookie: aCookie }),
    );
    await t.get(`/l/${other.code}/${mine}`);
    const otherClicks = await t.db.select().from(linkClicks).where(eq(linkClicks.linkId, other.id));
    expect(otherClicks.map((c) => c.subscriberId)).toEqual([null]);
    // The subscriber's own key credits them; sends compute the same key in SQL.
    await t.get(`/l/${code}/${mine}`);
    expect((await clicksOf()).at(-1)).toBe(aSub.id);
    const inSql = await t.db.execute<{ key: string }>(
      sql`select ${recipientKeySql(t.ctx, code, sql`${aSub.id}::bigint`)} as key`,
    );
    expect(inSql.rows[0]?.key).toBe(mine);
  });

  it("only redirects a link made with tracking off", async () => {
    const l = await ok(
      await t.post(
        "/api/links",
        { longUrl: "https://example.com/quiet", trackingEnabled: false },
        { cookie: aCookie },
      ),
    );
    expect((await t.get(`/l/${l.code}`)).statusCode).toBe(302);
    const clicks = await t.db.select().from(linkClicks).where(eq(linkClicks.linkId, l.id));
    expect(clicks).toHaveLength(0);
  });

  it("answers an unknown code with a plain Not Found page", async () => {
    const res = await t.get("/l/doesNotExist1");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("Not Found");
  });

  it("shows the age check before redirecting an age-checked link", async () => {
    const l = await ok(
      await t.post(
        "/api/links",
        { longUrl: "https://dispensary.example/deals", ageCheck: true },
        { cookie: aCookie },
      ),
    );
    const first = await t.get(`/l/${l.code}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("21 or older");
    const confirmed = await t.get(`/l/${l.code}?confirmed=1`);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("https://dispensary.example/deals");
  });

  it("expands tracked-link tokens of the account only", async () => {
    const out = await expandLinkTokens(
      t.ctx,
      a.account.id,
      `Menu: [[link tracking id=${linkId}]] !`,
    );
    expect(out.text).toBe(`Menu: ${t.config.publicBase}/l/${code}/[link recipient] !`);
    expect(out.linkIds).toEqual([linkId]);
    await expect(
      expandLinkTokens(t.ctx, b.account.id, `[[link tracking id=${linkId}]]`),
    ).rejects.toThrow(LINK_TEXTS.notFound);
  });

  it("keeps links to their account: another account gets 404", async () => {
    expect((await t.get(`/api/links/${linkId}`, { cookie: bCookie })).statusCode).toBe(404);
    const patch = await t.request({
      method: "PATCH",
      url: `/api/links/${linkId}`,
      body: { tags: ["x"] },
      cookie: bCookie,
    });
    expect(patch.statusCode).toBe(404);
    expect((await ok(await t.get("/api/links", { cookie: bCookie }))).total).toBe(0);
  });

  it("refuses a send carrying another account's link token when it is made, not when it runs", async () => {
    await t.db.insert(phoneNumbers).values({
      accountId: b.account.id,
      number: "+14155550177",
      carrierSid: "PNlk1",
      included: true,
    });
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const send = (message: string) =>
      t.post(
        "/api/sends",
        {
          isSubscribers: "all",
          message,
          isScheduled: true,
          date: later,
          time: "10:00",
          timezone: "UTC",
        },
        { cookie: bCookie },
      );
    for (const message of [
      `Menu: [[link tracking id=${linkId}]]`,
      "Menu: [[link tracking id=99999999999999999999]]",
    ]) {
      const res = await send(message);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(MEDIA_REF_TEXT.link);
      expect(res.json().error.fields).toEqual({ message: MEDIA_REF_TEXT.link });
    }
    const { rows } = await t.db.$client.query("select 1 from sends where account_id = $1", [
      b.account.id,
    ]);
    expect(rows).toEqual([]);
    // Its own link is fine, once its 10DLC brand and campaign are approved (links from an
    // unregistered local number are refused: domain/content-rules.ts).
    await t.db.$client.query(
      `insert into brand_registrations (account_id, brand, brand_status, campaign_status)
       values ($1, '{}'::jsonb, 'approved', 'approved')`,
      [b.account.id],
    );
    const own = await ok(
      await t.post("/api/links", { longUrl: "https://example.com/b" }, { cookie: bCookie }),
    );
    expect((await send(`Menu: [[link tracking id=${own.id}]]`)).statusCode).toBe(201);
  });

  it("says plainly that review links need a Google Places key", async () => {
    const res = await ok(await t.get("/api/links/review-links?query=coffee", { cookie: aCookie }));
    expect(res.configured).toBe(false);
    expect(res.message).toContain("Google Places API key");
  });
});
