import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { subscribers } from "../subscribers/subscribers.schema";
import { groupMembers, groups } from "./groups.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const restricted = await buildUser(t.db, { accountId: a.account.id, restricted: true });
const restrictedCookie = await loginAs(t.app, restricted.username, restricted.password);

async function post(url: string, body: unknown, cookie = aCookie) {
  const res = await t.post(url, body, { cookie });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const vip = await post("/api/custom-fields", { name: "VIP", type: "boolean" });
const drink = await post("/api/custom-fields", {
  name: "Drink",
  type: "multi_select",
  options: ["Latte", "Tea"],
});
const people = [
  { number: "2125550101", attributes: { [vip.id]: true, [drink.id]: ["Latte"] } },
  { number: "2125550102", attributes: { [vip.id]: true }, signupMethod: "KEYWORD" },
  { number: "3105550103", attributes: { [vip.id]: false, [drink.id]: ["Tea"] } },
  { number: "3105550104", signupMethod: "KEYWORD" },
];
const subs: { id: number }[] = [];
for (const p of people) subs.push(await post("/api/subscribers", { attestation: true, ...p }));
const sub = (i: number) => subs[i]!;

describe("groups", () => {
  it("creates static and adaptive groups, names unique per account ignoring case", async () => {
    const s = await post("/api/groups", { name: "Regulars", welcomeMessage: "Welcome!" });
    expect(s).toMatchObject({
      type: "static",
      memberCount: 0,
      hidden: false,
      welcomeMessage: "Welcome!",
    });
    const dup = await t.post("/api/groups", { name: "regulars" }, { cookie: aCookie });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("A group named 'regulars' already exists.");
    const noRules = await t.post(
      "/api/groups",
      { name: "Smart", type: "adaptive" },
      { cookie: aCookie },
    );
    expect(noRules.json().error.message).toBe("An adaptive group needs at least one rule");
    const badOp = await t.post(
      "/api/groups",
      {
        name: "Smart",
        type: "adaptive",
        rules: { conditions: [{ field: `attribute:${vip.id}`, operator: "contains", value: "x" }] },
      },
      { cookie: aCookie },
    );
    expect(badOp.statusCode).toBe(400);
    expect(badOp.json().error.message).toBe(
      `The operator 'contains' does not apply to attribute:${vip.id}`,
    );
    // Same name in another account is fine.
    expect(
      (await t.post("/api/groups", { name: "Regulars" }, { cookie: bCookie })).statusCode,
    ).toBe(201);
  });

  it("counts adaptive members live, in bulk, and keeps them out of manual membership", async () => {
    const vipGroup = await post("/api/groups", {
      name: "VIP",
      type: "adaptive",
      rules: {
        match: "all",
        conditions: [{ field: `attribute:${vip.id}`, operator: "equals", value: true }],
      },
    });
    const kwOrTea = await post("/api/groups", {
      name: "Keyword or tea",
      type: "adaptive",
      rules: {
        match: "any",
        conditions: [
          { field: "signupMethod", operator: "equals", value: "KEYWORD" },
          { field: `attribute:${drink.id}`, operator: "contains", value: "tea" },
        ],
      },
    });
    const noDrink = await post("/api/groups", {
      name: "No drink yet",
      type: "adaptive",
      rules: {
        conditions: [
          { field: `attribute:${drink.id}`, operator: "is_empty" },
          { field: "areaCode", operator: "in", value: ["212", "310"] },
          { field: "createdAt", operator: "after", value: "01/01/2020" },
        ],
      },
    });
    expect(vipGroup.memberCount).toBeNull();
    expect(kwOrTea.rules.conditions[1].value).toBe("Tea");
    const counts = await post("/api/groups/adaptive-member-counts", {
      groupIds: [vipGroup.id, kwOrTea.id, noDrink.id, -1],
    });
    expect(counts).toEqual({
      memberCounts: { [vipGroup.id]: 2, [kwOrTea.id]: 3, [noDrink.id]: 2, "-1": 4 },
    });
    const listed = await t.get(
      `/api/subscribers?group=${vipGroup.id}&sortBy=phone&sortDirection=ASC`,
      {
        cookie: aCookie,
      },
    );
    expect(listed.json().rows.map((r: { number: string }) => r.number)).toEqual([
      "+12125550101",
      "+12125550102",
    ]);
    const detail = await t.get(`/api/subscribers/${sub(0).id}`, { cookie: aCookie });
    expect(detail.json().groups.map((g: { name: string }) => g.name)).toEqual(["VIP"]);
    const manual = await t.post(
      `/api/groups/${vipGroup.id}/members`,
      { subscriberIds: [sub(3).id] },
      { cookie: aCookie },
    );
    expect(manual.statusCode).toBe(400);
    // Rules follow changes to subscribers at once.
    await t.request({
      method: "PATCH",
      url: `/api/subscribers/${sub(3).id}`,
      body: { attributes: { [vip.id]: "yes" } },
      cookie: aCookie,
    });
    const after = await post("/api/groups/adaptive-member-counts", { groupIds: [vipGroup.id] });
    expect(after.memberCounts[vipGroup.id]).toBe(3);
    // A field in use by a rule cannot be deleted.
    const del = await t.request({
      method: "DELETE",
      url: `/api/custom-fields/${vip.id}`,
      cookie: aCookie,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(
      "The adaptive group 'VIP' uses this attribute. Change its rules first.",
    );
  });

  it("previews the count of rules before they are saved, checked as a save checks them", async () => {
    const preview = await post("/api/groups/rules-preview", {
      rules: {
        match: "any",
        conditions: [
          { field: `attribute:${vip.id}`, operator: "equals", value: true },
          { field: "signupMethod", operator: "equals", value: "KEYWORD" },
        ],
      },
    });
    // 0101 and 0102 are VIP (0104 was made VIP above), 0104 signed up by keyword.
    expect(preview).toEqual({ memberCount: 3 });
    const bad = await t.post(
      "/api/groups/rules-preview",
      { rules: { conditions: [{ field: "createdAt", operator: "before", value: "13/45/2020" }] } },
      { cookie: aCookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid date supplied.");
    const empty = await t.post(
      "/api/groups/rules-preview",
      { rules: { conditions: [] } },
      {
        cookie: aCookie,
      },
    );
    expect(empty.json().error.message).toBe("An adaptive group needs at least one rule");
    // Another account's attribute is unknown here; its subscribers are never counted.
    const other = await t.post(
      "/api/groups/rules-preview",
      { rules: { conditions: [{ field: `attribute:${vip.id}`, operator: "is_not_empty" }] } },
      { cookie: bCookie },
    );
    expect(other.statusCode).toBe(404);
    const builtin = await post(
      "/api/groups/rules-preview",
      { rules: { conditions: [{ field: "areaCode", operator: "in", value: ["212", "310"] }] } },
      bCookie,
    );
    expect(builtin).toEqual({ memberCount: 0 });
  });

  it("manages static membership, hidden flag, welcome message; lists with counts and No Group", async () => {
    const g = await post("/api/groups", { name: "Hidden one", hidden: true });
    expect(
      await post(`/api/groups/${g.id}/members`, { subscriberIds: [sub(0).id, sub(1).id] }),
    ).toEqual({ affected: 2 });
    expect(
      await post(`/api/groups/${g.id}/members/remove`, { subscriberIds: [sub(1).id] }),
    ).toEqual({ affected: 1 });
    const patched = await t.request({
      method: "PATCH",
      url: `/api/groups/${g.id}`,
      body: { hidden: false, welcomeMessage: "Hi there", name: "Shown" },
      cookie: aCookie,
    });
    expect(patched.json()).toMatchObject({
      name: "Shown",
      hidden: false,
      welcomeMessage: "Hi there",
      memberCount: 1,
    });
    const list = await t.get("/api/groups?includeNoGroup=true&pageSize=100", { cookie: aCookie });
    const rows = list.json().rows as { id: number; name: string; memberCount: number | null }[];
    expect(rows[0]).toMatchObject({ id: -1, name: "No Group", memberCount: 3 });
    expect(rows.find((r) => r.name === "Shown")?.memberCount).toBe(1);
    const staticOnly = await t.get("/api/groups?includeAdaptive=false&query=sho", {
      cookie: aCookie,
    });
    expect(staticOnly.json().rows.map((r: { name: string }) => r.name)).toEqual(["Shown"]);
    const forRestricted = await t.get("/api/groups?includeNoGroup=true", {
      cookie: restrictedCookie,
    });
    expect(forRestricted.json().rows.some((r: { id: number }) => r.id === -1)).toBe(false);
    const del = await t.request({ method: "DELETE", url: `/api/groups/${g.id}`, cookie: aCookie });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, g.id))).toEqual(
      [],
    );
    expect(
      (
        await t.db
          .select()
          .from(subscribers)
          .where(eq(subscribers.id, sub(0).id))
      ).length,
    ).toBe(1);
  });

  it("answers 404 to another account and changes nothing", async () => {
    const g = await post("/api/groups", { name: "Private" });
    await post(`/api/groups/${g.id}/members`, { subscriberIds: [sub(0).id] });
    const before = await t.db.select().from(groups).where(eq(groups.id, g.id));
    expect((await t.get(`/api/groups/${g.id}`, { cookie: bCookie })).statusCode).toBe(404);
    const patch = await t.request({
      method: "PATCH",
      url: `/api/groups/${g.id}`,
      body: { name: "X" },
      cookie: bCookie,
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/groups/${g.id}`, cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    for (const path of ["members", "members/remove"]) {
      const res = await t.post(
        `/api/groups/${g.id}/${path}`,
        { subscriberIds: [sub(0).id] },
        { cookie: bCookie },
      );
      expect(res.statusCode).toBe(404);
    }
    // Another account's subscribers cannot be put into one's own group.
    const mine = (await t.post("/api/groups", { name: "Thief" }, { cookie: bCookie })).json();
    const steal = await t.post(
      `/api/groups/${mine.id}/members`,
      { subscriberIds: [sub(0).id] },
      { cookie: bCookie },
    );
    expect(steal.json()).toEqual({ affected: 0 });
    const counts = await t.post(
      "/api/groups/adaptive-member-counts",
      { groupIds: [g.id] },
      { cookie: bCookie },
    );
    expect(counts.json()).toEqual({ memberCounts: {} });
    expect(await t.db.select().from(groups).where(eq(groups.id, g.id))).toEqual(before);
    expect(
      (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, g.id))).length,
    ).toBe(1);
  });
});
