import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents } from "../compliance/compliance.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db, { user: { firstName: "Dana", lastName: "Reyes" } });
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

async function create(body: Record<string, unknown>, cookie = aCookie) {
  const res = await t.post("/api/subscribers", { attestation: true, ...body }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number: string };
}
async function group(body: Record<string, unknown>) {
  const res = await t.post("/api/groups", body, { cookie: aCookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const regulars = await group({ name: "Regulars" });
const chicago = await group({
  name: "Chicago",
  type: "adaptive",
  rules: { match: "all", conditions: [{ field: "areaCode", operator: "equals", value: "312" }] },
});
const ann = await create({ number: "(212) 555-0111", firstName: "Ann", groupIds: [regulars.id] });
const bob = await create({ number: "312 555 0122", firstName: "Bob" });
const other = await create({ number: "415 555 0133", firstName: "Other" }, bCookie);

const [line] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+12125550999", carrierSid: "PNtest1" })
  .returning();

describe("subscriber consent history", () => {
  it("names the person who changed it by hand and the number a keyword came through", async () => {
    const out = await t.post(`/api/subscribers/${ann.id}/opt-out`, undefined, { cookie: aCookie });
    expect(out.statusCode, out.body).toBe(200);
    await t.db.insert(consentEvents).values({
      accountId: a.account.id,
      phone: ann.number,
      action: "opt_in",
      source: "keyword",
      detail: "START",
      phoneNumberId: line!.id,
    });
    const res = await t.get(`/api/subscribers/${ann.id}/consent-history`, { cookie: aCookie });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({
      action: "opt_in",
      source: "keyword",
      detail: "START",
      user: null,
      viaNumber: "+12125550999",
    });
    expect(rows[1]).toMatchObject({
      action: "opt_out",
      source: "manual",
      user: { id: a.user.id, name: "Dana Reyes" },
      viaNumber: null,
    });
    // The line written when the subscriber was added by hand.
    expect(rows.at(-1)).toMatchObject({ action: "opt_in", source: "manual" });
  });

  it("marks only the opted-out number as opted out in the list", async () => {
    const res = await t.get("/api/subscribers?sortBy=name&sortDirection=ASC", { cookie: aCookie });
    const rows = res.json().rows as { id: number; optedOut: boolean; blocked: boolean }[];
    expect(rows.map((r) => [r.id, r.optedOut, r.blocked])).toEqual([
      [ann.id, true, false],
      [bob.id, false, false],
    ]);
  });

  it("is 404 for another account's subscriber and for an unknown id", async () => {
    const res = await t.get(`/api/subscribers/${other.id}/consent-history`, { cookie: aCookie });
    expect(res.statusCode).toBe(404);
    const missing = await t.get("/api/subscribers/999999/consent-history", { cookie: aCookie });
    expect(missing.statusCode).toBe(404);
    const anon = await t.get(`/api/subscribers/${ann.id}/consent-history`);
    expect(anon.statusCode).toBe(401);
  });
});

describe("subscriber messages", () => {
  it("lists messages to and from the number, newest first, a page at a time", async () => {
    const base = { accountId: a.account.id, phoneNumberId: line!.id };
    await t.db.insert(messages).values([
      {
        ...base,
        direction: "outbound",
        fromNumber: "+12125550999",
        toNumber: ann.number,
        body: "Hello Ann",
        status: "Delivered",
        createdAt: new Date("2025-01-01T10:00:00Z"),
      },
      {
        ...base,
        direction: "inbound",
        fromNumber: ann.number,
        toNumber: "+12125550999",
        body: "Thanks!",
        status: "Received",
        createdAt: new Date("2025-01-01T10:05:00Z"),
      },
      {
        ...base,
        direction: "outbound",
        fromNumber: "+12125550999",
        toNumber: bob.number,
        body: "Hello Bob",
        status: "Sent",
      },
      // Another account texting the same number is not this account's conversation.
      {
        accountId: b.account.id,
        direction: "outbound",
        fromNumber: "+14155550000",
        toNumber: ann.number,
        body: "Someone else",
        status: "Sent",
      },
    ]);
    const res = await t.get(`/api/subscribers/${ann.id}/messages`, { cookie: aCookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows.map((m: { body: string }) => m.body)).toEqual(["Thanks!", "Hello Ann"]);
    expect(body.rows[0]).toMatchObject({
      direction: "inbound",
      status: "Received",
      businessNumber: "+12125550999",
    });
    const page = await t.get(`/api/subscribers/${ann.id}/messages?page=1&pageSize=1`, {
      cookie: aCookie,
    });
    expect(page.json()).toMatchObject({ total: 2, page: 1, rows: [{ body: "Hello Ann" }] });
  });

  it("is 404 for another account's subscriber; bad paging is a 400", async () => {
    const res = await t.get(`/api/subscribers/${other.id}/messages`, { cookie: aCookie });
    expect(res.statusCode).toBe(404);
    const bad = await t.get(`/api/subscribers/${ann.id}/messages?pageSize=500`, {
      cookie: aCookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("groups of a page of subscribers", () => {
  it("gives static memberships and the adaptive groups each one meets", async () => {
    const res = await t.get(`/api/subscribers/memberships?ids=${ann.id},${bob.id}`, {
      cookie: aCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groups).toEqual({
      [ann.id]: [{ id: regulars.id, name: "Regulars", type: "static" }],
      [bob.id]: [{ id: chicago.id, name: "Chicago", type: "adaptive" }],
    });
  });

  it("leaves out ids of another account and checks the list", async () => {
    const res = await t.get(`/api/subscribers/memberships?ids=${other.id},${ann.id}`, {
      cookie: aCookie,
    });
    expect(Object.keys(res.json().groups)).toEqual([String(ann.id)]);
    const theirs = await t.get(`/api/subscribers/memberships?ids=${ann.id}`, { cookie: bCookie });
    expect(theirs.json().groups).toEqual({});
    const bad = await t.get("/api/subscribers/memberships?ids=1,x", { cookie: aCookie });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    const tooMany = await t.get(`/api/subscribers/memberships?ids=${many}`, { cookie: aCookie });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe("At most 100 subscribers at a time");
  });
});
