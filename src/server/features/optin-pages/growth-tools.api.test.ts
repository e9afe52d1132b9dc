import { randomBytes } from "node:crypto";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { consentEvents } from "../compliance/compliance.schema";
import { groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

// Issue 14's second part: QR code templates and their counting redirect, opt-in tracker pages,
// the web banner and the /growth overview.
const t = await createTestServer();
const OURS = "+14155550191";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Corner Bakery", accountName: "cornerbakery" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
const [num] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PNgt1", included: true })
  .returning();
const [otherNum] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: other.account.id, number: "+14155550192", carrierSid: "PNgt2" })
  .returning();
const [bread] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Bread lovers" })
  .returning();

async function proof(slug: string): Promise<string> {
  const challenge = (await t.get(`/api/optin/cornerbakery/${slug}/challenge`)).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const qrInput = {
  name: "Counter sign",
  phoneNumberId: num!.id,
  message: "BREAD",
  fgColor: "#222222",
  bgColor: "#ffffff",
  frameText: "Scan to join",
};

describe("QR code templates", () => {
  it("are made, counted through /q/:slug, and private to the account", async () => {
    const made = await t.post("/api/qr-templates", qrInput, { cookie });
    expect(made.statusCode).toBe(201);
    const tpl = made.json();
    expect(tpl.smsUri).toBe("sms:+14155550191?body=BREAD");
    expect(tpl.scanUrl).toMatch(new RegExp(`/q/${tpl.slug}$`));

    const scan = await t.get(`/q/${tpl.slug}`);
    expect(scan.statusCode).toBe(200);
    expect(scan.body).toContain('href="sms:+14155550191?body=BREAD"');
    await t.get(`/q/${tpl.slug}`);
    const after = (await t.get(`/api/qr-templates/${tpl.id}`, { cookie })).json();
    expect(after.scans).toBe(2);
    expect(after.lastScannedAt).not.toBeNull();

    expect((await t.get("/q/nosuchcode1")).statusCode).toBe(404);
    expect((await t.get(`/api/qr-templates/${tpl.id}`, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.put(`/api/qr-templates/${tpl.id}`, qrInput, { cookie: otherCookie })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/api/qr-templates/${tpl.id}`,
          cookie: otherCookie,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refuses another account's number, unreadable colours and a bad logo with clear 400s", async () => {
    const theirs = await t.post(
      "/api/qr-templates",
      { ...qrInput, phoneNumberId: otherNum!.id },
      { cookie },
    );
    expect(theirs.statusCode).toBe(404);
    const pale = await t.post("/api/qr-templates", { ...qrInput, fgColor: "#eeeeee" }, { cookie });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().error.message).toMatch(/more contrast/);
    const inverted = await t.post(
      "/api/qr-templates",
      { ...qrInput, fgColor: "#ffffff", bgColor: "#000000" },
      { cookie },
    );
    expect(inverted.json().error.message).toMatch(/darker than the background/);
    const logo = await t.post(
      "/api/qr-templates",
      { ...qrInput, logo: "http://x/logo.png" },
      { cookie },
    );
    expect(logo.statusCode).toBe(400);
    const big = await t.post(
      "/api/qr-templates",
      { ...qrInput, phoneNumberId: 2 ** 31 },
      { cookie },
    );
    expect(big.statusCode).toBe(400);
  });
});

describe("opt-in tracker pages", () => {
  it("sign people up with the sign-up page's consent evidence, counted per page", async () => {
    const made = await t.post(
      "/api/optin-pages",
      { slug: "Front-Desk", title: "Fresh bread alerts", groupIds: [bread!.id] },
      { cookie },
    );
    expect(made.statusCode).toBe(201);
    expect(made.json().slug).toBe("front-desk");
    expect(made.json().publicUrl).toMatch(/\/optIn\/cornerbakery\/front-desk$/);
    const clash = await t.post(
      "/api/optin-pages",
      { slug: "front-desk", title: "Again" },
      { cookie },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe("Another opt-in page already uses this address");
    // Slugs are per account: another account may use the same one.
    expect(
      (
        await t.post(
          "/api/optin-pages",
          { slug: "front-desk", title: "Theirs" },
          { cookie: otherCookie },
        )
      ).statusCode,
    ).toBe(201);

    const page = await t.get("/api/optin/CornerBakery/front-desk");
    expect(page.statusCode).toBe(200);
    expect(page.json().tracker.title).toBe("Fresh bread alerts");
    expect((await t.get("/api/optin/cornerbakery/nope")).statusCode).toBe(404);

    const res = await t.post(
      "/api/optin/cornerbakery/front-desk",
      {
        firstName: "Mia",
        lastName: "Roe",
        number: "3105550501",
        recaptchaToken: await proof("front-desk"),
        // The app sends no Referer: the page names itself, and the evidence keeps where it was.
        pageUrl: "https://texts.example.com/optIn/cornerbakery/front-desk?src=qr#form",
      },
      { headers: { "user-agent": "Tracker Test/1.0" } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscribed).toBe(true);
    const [sub] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550501")));
    expect(sub?.signupMethod).toBe("SIGN_UP_FORM");
    expect(sub?.marketingConsentAt).not.toBeNull();
    const [ev] = await t.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.phone, "+13105550501"), eq(consentEvents.action, "consent")));
    const detail = JSON.parse(ev!.detail);
    expect(detail.page).toBe("opt_in_page:front-desk");
    expect(detail.url).toBe("https://texts.example.com/optIn/cornerbakery/front-desk?src=qr");
    expect(detail.userAgent).toBe("Tracker Test/1.0");
    expect(detail.consentText).toContain("Msg & data rates may apply");
    const members = await t.db.$client.query(
      "select group_id from group_members where subscriber_id = $1",
      [sub!.id],
    );
    expect(members.rows.map((r) => r.group_id)).toEqual([bread!.id]);
    const listed = (await t.get("/api/optin-pages", { cookie })).json().rows[0];
    expect(listed.visits).toBe(1);
    expect(listed.signups).toBe(1);

    const noProof = await t.post("/api/optin/cornerbakery/front-desk", { number: "3105550502" });
    expect(noProof.statusCode).toBe(400);
  });

  it("a paused page is gone for visitors", async () => {
    const made = (
      await t.post("/api/optin-pages", { slug: "flyer", title: "Flyer", active: false }, { cookie })
    ).json();
    expect((await t.get("/api/optin/cornerbakery/flyer")).statusCode).toBe(404);
    expect((await t.get(`/api/optin-pages/${made.id}`, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/api/optin-pages/${made.id}`,
          cookie: otherCookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the web banner", () => {
  it("needs a page to open, shows only when on, and counts views and clicks", async () => {
    expect((await t.get("/api/web-banner", { cookie })).json().config.enabled).toBe(false);
    expect((await t.get("/web-banner/public/cornerbakery")).json().data).toBeNull();
    const noPage = await t.put("/api/web-banner", { enabled: true }, { cookie });
    expect(noPage.statusCode).toBe(400);
    expect(noPage.json().error.message).toBe("Pick the opt-in page the button opens");
    const [frontDesk] = (await t.get("/api/optin-pages", { cookie }))
      .json()
      .rows.filter((p: { slug: string }) => p.slug === "front-desk");
    const theirPage = (await t.get("/api/optin-pages", { cookie: otherCookie })).json().rows[0];
    expect(
      (await t.put("/api/web-banner", { enabled: true, optinPageId: theirPage.id }, { cookie }))
        .statusCode,
    ).toBe(404);
    const saved = await t.put(
      "/api/web-banner",
      { enabled: true, optinPageId: frontDesk.id, message: "Warm bread, by text", hideDays: 3 },
      { cookie },
    );
    expect(saved.statusCode).toBe(200);
    const pub = await t.get("/web-banner/public/cornerbakery", {
      headers: { origin: "https://shop.example" },
    });
    expect(pub.headers["access-control-allow-origin"]).toBe("https://shop.example");
    expect(pub.json().data.message).toBe("Warm bread, by text");
    expect(pub.json().data.targetUrl).toMatch(/\/optIn\/cornerbakery\/front-desk\?via=banner$/);
    // 'After a visitor closes it, hide it for (days)': what the script on the site is told.
    expect(pub.json().data.hideDays).toBe(3);
    await t.post("/web-banner/public/cornerbakery/view", {});
    await t.post("/web-banner/public/cornerbakery/click", {});
    const after = (await t.get("/api/web-banner", { cookie })).json();
    expect([after.views, after.clicks]).toEqual([1, 1]);
    expect((await t.get("/web-banner/embed.js")).body).toContain("attachShadow");

    // A sign-up through the banner is stamped Opt In Web Banner; with double opt-in, after the Y.
    const res = await t.post("/api/optin/cornerbakery/front-desk", {
      number: "3105550503",
      via: "banner",
      recaptchaToken: await proof("front-desk"),
    });
    expect(res.statusCode).toBe(200);
    const [sub] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550503")));
    expect(sub?.signupMethod).toBe("OPT_IN_WEB_BANNER");
  });

  it("keeps the method through double opt-in", async () => {
    const current = (await t.get("/api/signup-page", { cookie })).json();
    await t.put(
      "/api/signup-page",
      { config: { ...current.config, doubleOptIn: true }, live: true },
      { cookie },
    );
    const res = await t.post("/api/optin/cornerbakery/front-desk", {
      number: "3105550504",
      via: "banner",
      recaptchaToken: await proof("front-desk"),
    });
    expect(res.json().data.confirmationSent).toBe(true);
    await receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from: "+13105550504",
      to: OURS,
      body: "Y",
      mediaUrls: [],
      segments: 1,
    });
    const [sub] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550504")));
    expect(sub?.marketingConsentAt).not.toBeNull();
    expect(sub?.signupMethod).toBe("OPT_IN_WEB_BANNER");
  });
});

describe("/growth", () => {
  it("shows this account's sign-ups by method and its tools' figures", async () => {
    const res = await t.get("/api/growth/overview", { cookie });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.days).toHaveLength(30);
    expect(o.methods.find((m: { label: string }) => m.label === "Opt In Web Banner")?.joined).toBe(
      2,
    );
    expect(o.methods.find((m: { label: string }) => m.label === "Sign Up Form")?.joined).toBe(1);
    expect(o.tools.qrTemplates).toEqual({ total: 1, scans: 2 });
    expect(o.tools.webBanner).toEqual({ enabled: true, views: 1, clicks: 1 });
    expect(o.tools.optinPages.signups).toBe(3);
    const theirs = (await t.get("/api/growth/overview", { cookie: otherCookie })).json();
    expect(theirs.totalJoined).toBe(0);
    expect(theirs.tools.qrTemplates.total).toBe(0);
  });
});
