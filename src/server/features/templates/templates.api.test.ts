import { describe, expect, it } from "vitest";
import { MEDIA_REF_TEXT } from "../../../domain/media-refs";
import { STARTER_TEMPLATES, TEMPLATE_TEXTS } from "../../../domain/templates";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const parent = await buildAccountWithUser(t.db, { account: { subscriptionType: "parent" } });
const child = await buildAccountWithUser(t.db, {
  account: { parentAccountId: parent.account.id },
});
const login = (x: { user: { username: string; password: string } }) =>
  loginAs(t.app, x.user.username, x.user.password);
const [aCookie, bCookie, parentCookie, childCookie] = await Promise.all([
  login(a),
  login(b),
  login(parent),
  login(child),
]);

/** An upload's address as the composer gets it back (the file itself is not needed here). */
const ownMedia = (accountId: number) =>
  `${t.config.publicBase}/media/${accountId}/0123456789abcdef0123456789abcdef.jpg`;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
async function ok(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe("templates", () => {
  let id = 0;
  it("creates, lists with search and paging, edits and deletes a template", async () => {
    const created = await t.post(
      "/api/templates",
      { name: "Weekend", message: "Hi [first name], 2 for 1 this weekend!" },
      { cookie: aCookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(created.json()).toMatchObject({ name: "Weekend", isMMS: false, controlled: false });
    for (let i = 0; i < 9; i++) {
      await ok(
        await t.post("/api/templates", { name: `T${i}`, message: `m${i}` }, { cookie: aCookie }),
      );
    }
    const page0 = await ok(await t.get("/api/templates?page=0&pageSize=8", { cookie: aCookie }));
    expect(page0.rows).toHaveLength(8);
    expect(page0.total).toBe(10);
    const page1 = await ok(await t.get("/api/templates?page=1&pageSize=8", { cookie: aCookie }));
    expect(page1.rows).toHaveLength(2);
    const search = await ok(await t.get("/api/templates?query=weekend", { cookie: aCookie }));
    expect(search.rows.map((r: { id: number }) => r.id)).toEqual([id]);

    const edited = await ok(
      await t.put(
        `/api/templates/${id}`,
        {
          name: "Weekend deal",
          message: "New text",
          isMMS: true,
          attachment: ownMedia(a.account.id),
        },
        { cookie: aCookie },
      ),
    );
    expect(edited).toMatchObject({
      name: "Weekend deal",
      isMMS: true,
      attachment: ownMedia(a.account.id),
    });
    const del = await t.request({ method: "DELETE", url: `/api/templates/${id}`, cookie: aCookie });
    expect(del.statusCode).toBe(204);
    expect((await t.get(`/api/templates/${id}`, { cookie: aCookie })).statusCode).toBe(404);
  });

  it("refuses bad input with the spec's messages and writes nothing", async () => {
    const before = (await ok(await t.get("/api/templates", { cookie: aCookie }))).total;
    const noName = await t.post("/api/templates", { name: " ", message: "x" }, { cookie: aCookie });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(TEMPLATE_TEXTS.nameRequired);
    const noText = await t.post("/api/templates", { name: "x", message: "" }, { cookie: aCookie });
    expect(noText.json().error.message).toBe("Enter message");
    const mms = await t.post(
      "/api/templates",
      { name: "x", message: "", isMMS: true },
      { cookie: aCookie },
    );
    expect(mms.json().error.message).toBe("Image is required if MMS message is empty");
    const long = await t.post(
      "/api/templates",
      { name: "x", message: "a".repeat(1551), isMMS: true },
      { cookie: aCookie },
    );
    expect(long.json().error.message).toBe("Messages cannot be longer than 1550 characters.");
    expect((await ok(await t.get("/api/templates", { cookie: aCookie }))).total).toBe(before);
  });

  it("adds the starter templates to an empty list only", async () => {
    const added = await t.post("/api/templates/starter", undefined, { cookie: bCookie });
    expect(added.statusCode, added.body).toBe(201);
    const list = await ok(await t.get("/api/templates?pageSize=10", { cookie: bCookie }));
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(
      STARTER_TEMPLATES.map((s) => s.name),
    );
    expect(list.rows[4].message).toContain("[");
    const again = await t.post("/api/templates/starter", undefined, { cookie: bCookie });
    expect(again.statusCode).toBe(409);
  });

  it("keeps templates to their account: another account gets 404", async () => {
    const mine = await ok(
      await t.post("/api/templates", { name: "Mine", message: "m" }, { cookie: aCookie }),
    );
    expect((await t.get(`/api/templates/${mine.id}`, { cookie: bCookie })).statusCode).toBe(404);
    const put = await t.put(
      `/api/templates/${mine.id}`,
      { name: "x", message: "y" },
      { cookie: bCookie },
    );
    expect(put.statusCode).toBe(404);
    const del = await t.request({
      method: "DELETE",
      url: `/api/templates/${mine.id}`,
      cookie: bCookie,
    });
    expect(del.statusCode).toBe(404);
    const bList = await ok(await t.get("/api/templates?query=Mine", { cookie: bCookie }));
    expect(bList.total).toBe(0);
  });
});

describe("controlled templates", () => {
  it("are refused to accounts that are neither parent nor child", async () => {
    const res = await t.get("/api/controlled-templates", { cookie: aCookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TEMPLATE_TEXTS.controlledOnly);
    const post = await t.post(
      "/api/controlled-templates",
      { name: "x", message: "y" },
      { cookie: aCookie },
    );
    expect(post.statusCode).toBe(403);
  });

  it("a parent writes them (with requiresLink); its child reads them but cannot change them", async () => {
    const created = await t.post(
      "/api/controlled-templates",
      { name: "Compliant promo", message: "Shop now: ", requiresLink: true },
      { cookie: parentCookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ controlled: true, requiresLink: true });
    const id = created.json().id;
    const childList = await ok(await t.get("/api/controlled-templates", { cookie: childCookie }));
    expect(childList.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(childList.canEdit).toBe(false);
    expect(
      (await ok(await t.get(`/api/controlled-templates/${id}`, { cookie: childCookie }))).name,
    ).toBe("Compliant promo");
    const childPut = await t.put(
      `/api/controlled-templates/${id}`,
      { name: "x", message: "y" },
      { cookie: childCookie },
    );
    expect(childPut.statusCode).toBe(403);
    // Plain templates stay apart from controlled ones.
    expect((await ok(await t.get("/api/templates", { cookie: parentCookie }))).total).toBe(0);
    // Another family cannot see it.
    expect((await t.get(`/api/controlled-templates/${id}`, { cookie: aCookie })).statusCode).toBe(
      403,
    );
    const status = await ok(await t.get("/api/content-status", { cookie: childCookie }));
    expect(status).toEqual({
      unverifiedTollFree: false,
      controlledTemplates: "child",
      templatesOnly: false,
      tenDlcRegistered: false,
    });
    // A child's message may name it (the reference check reads the parent's row); a stranger's not.
    for (const [i, who] of [child, a].entries()) {
      await t.db.insert(phoneNumbers).values({
        accountId: who.account.id,
        number: `+1312555017${i}`,
        carrierSid: `PN0000000000000000000000000000017${i}`,
      });
    }
    const send = (cookie: string) =>
      t.post("/api/sends", { isSubscribers: "all", message: "Hi", templateId: id }, { cookie });
    expect((await send(childCookie)).json().error?.fields?.templateId).toBeUndefined();
    expect((await send(aCookie)).json().error?.fields?.templateId).toBe(MEDIA_REF_TEXT.template);
  });
});

describe("unverified toll-free", () => {
  it("is flagged when the only number is an unverified toll-free, which then gets the local list", async () => {
    const tf = await buildAccountWithUser(t.db);
    await t.db.insert(phoneNumbers).values({
      accountId: tf.account.id,
      number: "+18885550123",
      carrierSid: "PN00000000000000000000000000000001",
      tollFree: true,
      tfVerification: "pending",
    });
    const cookie = await login(tf);
    const status = await ok(await t.get("/api/content-status", { cookie }));
    expect(status.unverifiedTollFree).toBe(true);
    const local = await ok(
      await t.get("/api/templates/unverified-toll-free?pageSize=8", { cookie }),
    );
    expect(local.rows.map((r: { name: string }) => r.name)).toEqual(
      STARTER_TEMPLATES.map((s) => s.name),
    );
    const searched = await ok(
      await t.get("/api/templates/unverified-toll-free?query=coupon", { cookie }),
    );
    expect(searched.rows.map((r: { name: string }) => r.name)).toEqual(["Coupon Message"]);
  });
});
