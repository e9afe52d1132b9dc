import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents, suppressions } from "../compliance/compliance.schema";
import { subscribers } from "./subscribers.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const restricted = await buildUser(t.db, { accountId: a.account.id, restricted: true });
const restrictedCookie = await loginAs(t.app, restricted.username, restricted.password);

const host = `http://localhost:${t.config.PORT}`;
const notAccepted = `Number not accepted. Please enter a valid US or Canada mobile number. If you believe this is an error, please contact support at ${host}/contact`;

async function create(body: Record<string, unknown>, cookie = aCookie) {
  const res = await t.post("/api/subscribers", { attestation: true, ...body }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function field(body: Record<string, unknown>) {
  const res = await t.post("/api/custom-fields", body, { cookie: aCookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
async function group(body: Record<string, unknown>) {
  const res = await t.post("/api/groups", body, { cookie: aCookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
const list = async (qs: string, cookie = aCookie) => {
  const res = await t.get(`/api/subscribers?${qs}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; rows: { id: number; number: string; firstName: string }[] };
};
const numbers = (body: { rows: { number: string }[] }) => body.rows.map((r) => r.number).sort();

const vip = await field({ name: "VIP", type: "boolean" });
const drink = await field({
  name: "Favorite Drink",
  type: "multi_select",
  options: ["Latte", "Mocha", "Tea"],
});
const birthday = await field({ name: "Birthday", type: "date" });
const city = await field({ name: "City", type: "string" });
const regulars = await group({ name: "Regulars" });

const ann = await create({
  number: "(212) 555-0111",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  attributes: {
    [vip.id]: true,
    [drink.id]: ["Latte"],
    [birthday.id]: "4/5/2001",
    [city.id]: "Austin",
  },
  groupIds: [regulars.id],
});
const bob = await create({
  number: "+1 310 555 0122",
  firstName: "Bob",
  lastName: "Stone",
  signupMethod: "KEYWORD",
  attributes: { [vip.id]: "no", [drink.id]: "mocha,tea" },
});
const cat = await create({
  number: "6045550133",
  firstName: "Cat",
  lastName: "Moss",
  email: "cat@example.org",
});
await t.db
  .update(subscribers)
  .set({ isLandline: true, createdAt: new Date("2025-01-15T12:00:00Z") })
  .where(eq(subscribers.id, cat.id));

describe("subscribers: create, read, update, delete", () => {
  it("creates with the phone in E.164, the sign-up label and a consent line", () => {
    expect(ann).toMatchObject({
      number: "+12125550111",
      countryId: 209,
      signupMethod: "MANUAL_ENTRY",
      signupMethodLabel: "Manual Entry",
      optedOut: false,
      blocked: false,
      attributes: {
        [vip.id]: true,
        [drink.id]: ["Latte"],
        [birthday.id]: "2001-04-05",
        [city.id]: "Austin",
      },
      groups: [{ id: regulars.id, name: "Regulars" }],
      consentHistory: [{ action: "opt_in", source: "manual", userId: a.user.id }],
    });
    expect(bob).toMatchObject({
      signupMethodLabel: "Keyword",
      attributes: { [vip.id]: false, [drink.id]: ["Mocha", "Tea"] },
    });
    expect(cat.countryId).toBe(38);
  });

  it("names the person who added a subscriber, and their confirmation, in the consent record", async () => {
    const name = `${a.user.firstName} ${a.user.lastName}`;
    const dee = await create({ number: "(212) 555-0177", firstName: "Dee", attestation: true });
    expect(dee.consentSource).toBe("manual");
    expect(dee.consentDetail).toBe(
      `Manual Entry by ${name}, who confirmed the person agreed to receive marketing texts`,
    );
    expect(dee.consentHistory).toMatchObject([
      { action: "opt_in", source: "manual", userId: a.user.id, detail: dee.consentDetail },
    ]);
    expect(ann.consentDetail).not.toMatch(/user \d/);
    await t.request({ method: "DELETE", url: `/api/subscribers/${dee.id}`, cookie: aCookie });
  });

  it("adds nobody for marketing unless the person adding confirms the subscriber agreed", async () => {
    for (const attestation of [undefined, false]) {
      const res = await t.post(
        "/api/subscribers",
        { number: "(212) 555-0179", firstName: "Fay", attestation },
        { cookie: aCookie },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.attestation).toBe("Confirm this to add the subscriber.");
    }
    expect(await list("query=5550179")).toMatchObject({ total: 0 });
    const history = await t.db.$client.query(
      "select count(*)::int as n from consent_events where phone like '%2125550179'",
    );
    expect(history.rows[0].n).toBe(0);
  });

  it("adds a number to write to from the inbox without recording marketing consent", async () => {
    const eve = await create({ number: "(212) 555-0178", conversationOnly: true });
    expect(eve.marketingConsent).toBe(false);
    expect(eve.marketingConsentAt).toBeNull();
    expect(eve.signupMethodLabel).toBe("Added by hand (conversation only)");
    expect(eve.consentHistory).toEqual([]);
    // A filter on marketing consent (what a campaign's audience reads) leaves the number out.
    const found = await t.get("/api/subscribers?query=5550178", { cookie: aCookie });
    expect(found.json().rows.map((r: { id: number }) => r.id)).toEqual([eve.id]);
    const consenting = await t.get("/api/subscribers?marketingConsent=true&query=5550178", {
      cookie: aCookie,
    });
    expect(consenting.json().rows).toEqual([]);
    await t.request({ method: "DELETE", url: `/api/subscribers/${eve.id}`, cookie: aCookie });
  });

  it("refuses bad input with the spec's messages and duplicates with 409", async () => {
    const bad = await t.post(
      "/api/subscribers",
      { attestation: true, number: "+44 20 7946 0958" },
      { cookie: aCookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(notAccepted);
    const email = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550199", email: "x@" },
      { cookie: aCookie },
    );
    expect(email.json().error.message).toBe("Invalid Email Address");
    const dup = await t.post(
      "/api/subscribers",
      { attestation: true, number: "212-555-0111" },
      { cookie: aCookie },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("A subscriber with this phone number already exists.");
    const option = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550199", attributes: { [drink.id]: ["Beer"] } },
      { cookie: aCookie },
    );
    expect(option.statusCode).toBe(400);
    expect(option.json().error.message).toBe("'Beer' is not an option of Favorite Drink");
    const unknownField = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550199", attributes: { "999999": "x" } },
      { cookie: aCookie },
    );
    expect(unknownField.statusCode).toBe(404);
    expect(await list("query=5550199")).toMatchObject({ total: 0 });
  });

  it("updates fields and clears attributes with empty values", async () => {
    const res = await t.request({
      method: "PATCH",
      url: `/api/subscribers/${bob.id}`,
      body: { firstName: "Robert", attributes: { [drink.id]: [] } },
      cookie: aCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Robert", attributes: { [vip.id]: false } });
    expect(res.json().attributes[drink.id]).toBeUndefined();
    const dup = await t.request({
      method: "PATCH",
      url: `/api/subscribers/${bob.id}`,
      body: { number: "2125550111" },
      cookie: aCookie,
    });
    expect(dup.statusCode).toBe(409);
  });

  it("deletes one", async () => {
    const d = await create({ number: "2125550144" });
    const del = await t.request({
      method: "DELETE",
      url: `/api/subscribers/${d.id}`,
      cookie: aCookie,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.get(`/api/subscribers/${d.id}`, { cookie: aCookie })).statusCode).toBe(404);
  });
});

describe("subscribers: list, search, filters, sort", () => {
  it("searches names, digits and e-mail", async () => {
    expect(numbers(await list("query=ann"))).toEqual(["+12125550111"]);
    expect(numbers(await list("query=310-555"))).toEqual(["+13105550122"]);
    expect(numbers(await list("query=example.org"))).toEqual(["+16045550133"]);
    expect(numbers(await list("query=ann%20lee"))).toEqual(["+12125550111"]);
  });

  it("pages and sorts", async () => {
    const page = await list("pageSize=10&page=0&sortBy=name&sortDirection=ASC");
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.firstName)).toEqual(["Ann", "Cat", "Robert"]);
    const byDate = await list("sortBy=date");
    expect(byDate.rows.at(-1)?.number).toBe("+16045550133");
    const byPhone = await list("sortBy=phone&sortDirection=desc");
    expect(byPhone.rows[0]?.number).toBe("+16045550133");
    const bad = await t.get("/api/subscribers?pageSize=30", { cookie: aCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Page size is 10, 25, 50 or 100");
  });

  it("filters by date range in the account's time zone, with the spec's date messages", async () => {
    expect(numbers(await list("startDate=01/15/2025&endDate=1/15/25"))).toEqual(["+16045550133"]);
    expect((await list("endDate=01/14/2025")).total).toBe(0);
    const wrong = await t.get("/api/subscribers?startDate=02/01/2025&endDate=01/01/2025", {
      cookie: aCookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("Start date must be before end date.");
    const invalid = await t.get("/api/subscribers?startDate=13/45/2025", { cookie: aCookie });
    expect(invalid.json().error.message).toBe("Invalid date supplied.");
  });

  it("filters by group, No Group, country, sign-up method, landline and area code", async () => {
    expect(numbers(await list(`group=${regulars.id}`))).toEqual(["+12125550111"]);
    expect(numbers(await list("group=-1"))).toEqual(["+13105550122", "+16045550133"]);
    expect(numbers(await list("country=38"))).toEqual(["+16045550133"]);
    expect(numbers(await list("signupMethod=KEYWORD"))).toEqual(["+13105550122"]);
    expect(numbers(await list("isLandline=true"))).toEqual(["+16045550133"]);
    expect((await list("isLandline=false")).total).toBe(2);
    expect(numbers(await list("areaCode=212"))).toEqual(["+12125550111"]);
    const restrictedNoGroup = await t.get("/api/subscribers?group=-1", {
      cookie: restrictedCookie,
    });
    expect(restrictedNoGroup.statusCode).toBe(403);
  });

  it("pages without the total on request, and counts the same filter on its own", async () => {
    const page = await list("isLandline=false&withTotal=false");
    expect(page.total).toBeNull();
    expect(page.rows).toHaveLength(2);
    const count = async (qs: string, cookie = aCookie) => {
      const res = await t.get(`/api/subscribers/count?${qs}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    expect(await count("isLandline=false")).toBe(2);
    expect(await count(`group=${regulars.id}`)).toBe(1);
    expect(await count("")).toBe((await list("")).total);
    expect(await count("", bCookie)).toBe(0);
    const othersGroup = await t.get(`/api/subscribers/count?group=${regulars.id}`, {
      cookie: bCookie,
    });
    expect(othersGroup.statusCode).toBe(404);
    const bad = await t.get("/api/subscribers/count?endDate=13/45/2025", { cookie: aCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid date supplied.");
  });

  it("filters by each attribute kind, EMPTY and NOT_EMPTY", async () => {
    expect(numbers(await list(`attribute=${vip.id}&attributeBoolean=true`))).toEqual([
      "+12125550111",
    ]);
    expect(numbers(await list(`attribute=${vip.id}&attributeBoolean=false`))).toEqual([
      "+13105550122",
    ]);
    expect(numbers(await list(`attribute=${vip.id}&attributeIsEmpty=true`))).toEqual([
      "+16045550133",
    ]);
    expect((await list(`attribute=${vip.id}&attributeIsNotEmpty=true`)).total).toBe(2);
    expect(numbers(await list(`attribute=${city.id}&attributeString=aus`))).toEqual([
      "+12125550111",
    ]);
    expect(numbers(await list(`attribute=${birthday.id}&attributeDate=04/05/2001`))).toEqual([
      "+12125550111",
    ]);
    expect(numbers(await list(`attribute=${birthday.id}&attributeDate=2001`))).toEqual([
      "+12125550111",
    ]);
    expect(numbers(await list(`attribute=${drink.id}&attributeMultiSelect=Latte`))).toEqual([
      "+12125550111",
    ]);
    expect(numbers(await list(`attribute=${drink.id}&attributeMultiSelect=EMPTY`))).toEqual([
      "+13105550122",
      "+16045550133",
    ]);
    expect(numbers(await list(`attribute=${drink.id}&attributeMultiSelect=NOT_EMPTY`))).toEqual([
      "+12125550111",
    ]);
    const json = encodeURIComponent(JSON.stringify({ id: vip.id, name: "VIP", type: "boolean" }));
    expect(numbers(await list(`attribute=${json}&attributeBoolean=true`))).toEqual([
      "+12125550111",
    ]);
    const missing = await t.get("/api/subscribers?attributeString=x", { cookie: aCookie });
    expect(missing.json().error.message).toBe("Choose an attribute");
  });
});

describe("subscribers: consent", () => {
  it("opts out and back in, blocks and unblocks, each in the consent log", async () => {
    const out = await t.post(`/api/subscribers/${cat.id}/opt-out`, undefined, { cookie: aCookie });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ optedOut: true, blocked: false });
    expect(out.json().consentHistory[0]).toMatchObject({
      action: "opt_out",
      source: "manual",
      userId: a.user.id,
    });
    const again = await t.post(`/api/subscribers/${cat.id}/opt-out`, undefined, {
      cookie: aCookie,
    });
    expect(
      again.json().consentHistory.filter((e: { action: string }) => e.action === "opt_out"),
    ).toHaveLength(1);
    const block = await t.post(`/api/subscribers/${cat.id}/block`, undefined, { cookie: aCookie });
    expect(block.json()).toMatchObject({ optedOut: true, blocked: true });
    expect((await list("query=cat")).rows[0]).toMatchObject({ optedOut: true, blocked: true });
    await t.post(`/api/subscribers/${cat.id}/opt-in`, undefined, { cookie: aCookie });
    const unblock = await t.post(`/api/subscribers/${cat.id}/unblock`, undefined, {
      cookie: aCookie,
    });
    expect(unblock.json()).toMatchObject({ optedOut: false, blocked: false });
    expect(
      unblock
        .json()
        .consentHistory.map((e: { action: string }) => e.action)
        .slice(0, 4),
    ).toEqual(["unblock", "opt_in", "block", "opt_out"]);
    const rows = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.accountId, a.account.id));
    expect(rows).toEqual([]);
  });
});

describe("subscribers: bulk actions", () => {
  it("adds, removes and deletes by ids or by filter minus exclusions", async () => {
    const promo = await group({ name: "Promo" });
    const extra = await Promise.all(
      ["2125550161", "2125550162", "2125550163", "2125550164"].map((n, i) =>
        create({ number: n, firstName: `Bulk${i}`, signupMethod: "QR_CODE" }),
      ),
    );
    const all = {
      mode: "all",
      filter: { signupMethod: "QR_CODE" },
      excludedIds: [extra[0].id],
    };
    const add = await t.post(
      "/api/subscribers/bulk/add-to-group",
      { selection: all, groupId: promo.id },
      { cookie: aCookie },
    );
    expect(add.json()).toEqual({ affected: 3 });
    expect((await t.get(`/api/groups/${promo.id}`, { cookie: aCookie })).json().memberCount).toBe(
      3,
    );
    const remove = await t.post(
      "/api/subscribers/bulk/remove-from-group",
      { selection: { mode: "ids", ids: [extra[1].id] }, groupId: promo.id },
      { cookie: aCookie },
    );
    expect(remove.json()).toEqual({ affected: 1 });
    expect(numbers(await list(`group=${promo.id}`))).toEqual(["+12125550163", "+12125550164"]);
    const del = await t.post(
      "/api/subscribers/bulk/delete",
      {
        selection: {
          mode: "all",
          filter: { signupMethod: "QR_CODE", group: promo.id },
          excludedIds: [extra[3].id],
        },
      },
      { cookie: aCookie },
    );
    expect(del.json()).toEqual({ affected: 1 });
    expect((await list("signupMethod=QR_CODE")).total).toBe(3);
    const byIds = await t.post(
      "/api/subscribers/bulk/delete",
      { selection: { mode: "ids", ids: [extra[0].id, extra[1].id, extra[3].id] } },
      { cookie: aCookie },
    );
    expect(byIds.json()).toEqual({ affected: 3 });
  });
});

describe("subscribers: another account", () => {
  it("answers 404 for every endpoint with another account's ids and changes nothing", async () => {
    const id = ann.id;
    const before = await t.db.select().from(subscribers).where(eq(subscribers.id, id));
    expect((await t.get(`/api/subscribers/${id}`, { cookie: bCookie })).statusCode).toBe(404);
    const patch = await t.request({
      method: "PATCH",
      url: `/api/subscribers/${id}`,
      body: { firstName: "Mallory" },
      cookie: bCookie,
    });
    expect(patch.statusCode).toBe(404);
    for (const action of ["opt-out", "opt-in", "block", "unblock"]) {
      expect(
        (await t.post(`/api/subscribers/${id}/${action}`, undefined, { cookie: bCookie }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await t.request({ method: "DELETE", url: `/api/subscribers/${id}`, cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    const sel = { mode: "ids", ids: [id] };
    expect(
      (await t.post("/api/subscribers/bulk/delete", { selection: sel }, { cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    const bGroup = (await t.post("/api/groups", { name: "Mine" }, { cookie: bCookie })).json();
    expect(
      (
        await t.post(
          "/api/subscribers/bulk/add-to-group",
          { selection: sel, groupId: bGroup.id },
          { cookie: bCookie },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(
          "/api/subscribers/bulk/add-to-group",
          { selection: { mode: "all" }, groupId: regulars.id },
          { cookie: bCookie },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/subscribers?group=${regulars.id}`, { cookie: bCookie })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.get(`/api/subscribers?attribute=${vip.id}&attributeBoolean=true`, {
          cookie: bCookie,
        })
      ).statusCode,
    ).toBe(404);
    // "All matching" from another account reaches only that account's own rows.
    expect(
      (
        await t.post(
          "/api/subscribers/bulk/delete",
          { selection: { mode: "all" } },
          { cookie: bCookie },
        )
      ).json(),
    ).toEqual({ affected: 0 });
    expect((await list("", bCookie)).total).toBe(0);
    const after = await t.db.select().from(subscribers).where(eq(subscribers.id, id));
    expect(after).toEqual(before);
    const bConsent = await t.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.accountId, b.account.id)));
    expect(bConsent).toEqual([]);
  });

  it("keeps the unfiltered total (a trigger-kept counter) equal to the rows", async () => {
    const rows = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    expect((await list("")).total).toBe(rows.length);
    expect((await list("", bCookie)).total).toBe(0);
    // Every sort, and a page past the end (no row to carry the total).
    for (const sort of ["sortBy=name", "sortBy=phone&sortDirection=DESC", "sortBy=date"])
      expect((await list(sort)).total).toBe(rows.length);
    expect(await list("page=50&pageSize=10")).toMatchObject({ total: rows.length, rows: [] });
  });

  it("needs a session", async () => {
    expect((await t.get("/api/subscribers")).statusCode).toBe(401);
  });
});
