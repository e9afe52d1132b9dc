import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { subscribers } from "../subscribers/subscribers.schema";
import { customFields } from "./custom-fields.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

async function create(body: unknown, cookie = aCookie) {
  const res = await t.post("/api/custom-fields", body, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("custom fields", () => {
  it("creates each type, lists by type, refuses duplicates and bad input", async () => {
    await create({ name: "Nickname", type: "string" });
    await create({ name: "VIP", type: "boolean" });
    await create({ name: "Birthday", type: "date" });
    await create({ name: "Drink", type: "multi_select", options: ["Latte", "Tea"] });
    await create({ name: "Home", type: "address" });
    const dup = await t.post(
      "/api/custom-fields",
      { name: "vip", type: "string" },
      { cookie: aCookie },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("An attribute named 'vip' already exists.");
    const noOptions = await t.post(
      "/api/custom-fields",
      { name: "Size", type: "multi_select" },
      { cookie: aCookie },
    );
    expect(noOptions.json().error.message).toBe("Add at least one option");
    const badType = await t.post(
      "/api/custom-fields",
      { name: "Size", type: "number" },
      { cookie: aCookie },
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toBe("Choose a field type");
    const filtered = await t.get("/api/custom-fields?types=boolean,date,multi-select", {
      cookie: aCookie,
    });
    expect(filtered.json().rows.map((r: { name: string }) => r.name)).toEqual([
      "Birthday",
      "Drink",
      "VIP",
    ]);
    expect((await t.get("/api/custom-fields", { cookie: aCookie })).json().total).toBe(5);
  });

  it("updates names and options; the type stays", async () => {
    const f = await create({ name: "Size", type: "multi_select", options: ["S", "M"] });
    const res = await t.request({
      method: "PATCH",
      url: `/api/custom-fields/${f.id}`,
      body: { name: "Cup size", options: ["S", "M", "L"] },
      cookie: aCookie,
    });
    expect(res.json()).toMatchObject({
      name: "Cup size",
      type: "multi_select",
      options: ["S", "M", "L"],
    });
    const text = await create({ name: "Note", type: "string" });
    const opts = await t.request({
      method: "PATCH",
      url: `/api/custom-fields/${text.id}`,
      body: { options: ["x"] },
      cookie: aCookie,
    });
    expect(opts.statusCode).toBe(400);
  });

  it("lists the years of a date field and stores addresses in parts", async () => {
    const date = await create({ name: "Anniversary", type: "date" });
    const home = await create({ name: "Address", type: "address" });
    for (const [n, d] of [
      ["2125550171", "3/4/2019"],
      ["2125550172", "2021-12-01"],
      ["2125550173", "5/5/21"],
    ]) {
      const res = await t.post(
        "/api/subscribers",
        {
          attestation: true,
          number: n,
          attributes: { [date.id]: d, [home.id]: "1 Elm St, Reno, NV 89501" },
        },
        { cookie: aCookie },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().attributes[home.id]).toEqual({
        address: "1 Elm St",
        city: "Reno",
        state: "NV",
        zip: "89501",
      });
    }
    expect(
      (await t.get(`/api/custom-fields/${date.id}/years`, { cookie: aCookie })).json(),
    ).toEqual({ years: [2021, 2019] });
    expect(
      (await t.get(`/api/custom-fields/${home.id}/years`, { cookie: aCookie })).statusCode,
    ).toBe(400);
    // Deleting a field removes its values too.
    const del = await t.request({
      method: "DELETE",
      url: `/api/custom-fields/${date.id}`,
      cookie: aCookie,
    });
    expect(del.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    expect(rows.every((r) => !(String(date.id) in r.attributes))).toBe(true);
  });

  it("answers 404 to another account and changes nothing", async () => {
    const f = await create({ name: "Secret", type: "date" });
    expect((await t.get(`/api/custom-fields/${f.id}`, { cookie: bCookie })).statusCode).toBe(404);
    expect((await t.get(`/api/custom-fields/${f.id}/years`, { cookie: bCookie })).statusCode).toBe(
      404,
    );
    const patch = await t.request({
      method: "PATCH",
      url: `/api/custom-fields/${f.id}`,
      body: { name: "Mine" },
      cookie: bCookie,
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/custom-fields/${f.id}`, cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    const useIt = await t.post(
      "/api/subscribers",
      { attestation: true, number: "2125550181", attributes: { [f.id]: "1/1/2020" } },
      { cookie: bCookie },
    );
    expect(useIt.statusCode).toBe(404);
    expect((await t.get("/api/custom-fields", { cookie: bCookie })).json()).toEqual({
      total: 0,
      rows: [],
    });
    const [row] = await t.db.select().from(customFields).where(eq(customFields.id, f.id));
    expect(row?.name).toBe("Secret");
  });
});
