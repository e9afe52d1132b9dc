import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "./numbers.schema";

// Numbers are inserted directly: buying goes through the carrier, which the emulator tests cover.
const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const [aNumber] = await t.db
  .insert(phoneNumbers)
  .values({
    accountId: a.account.id,
    number: "+12125550160",
    carrierSid: "PNa",
    name: "Front desk",
  })
  .returning();
const [aTollFree] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: a.account.id, number: "+18335550160", carrierSid: "PNb", tollFree: true })
  .returning();
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
const agentCookie = await loginAs(t.app, agent.username, agent.password);

const verification = {
  businessName: "Bean There Cafe",
  website: "https://beanthere.example",
  contactEmail: "owner@beanthere.example",
  contactPhone: "2125550199",
  useCase: "Order updates and weekly offers",
  sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
  optInDescription: "Customers text JOIN to our number or tick a box at checkout.",
  monthlyVolume: "1000",
};

describe("dedicated numbers", () => {
  it("lists the account's numbers with their hints", async () => {
    const res = await t.get("/api/dedicated-numbers?pageSize=500", { cookie: aCookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows).toMatchObject([
      {
        number: "+12125550160",
        name: "Front desk",
        tollFree: false,
        verified: true,
        hint: "",
        longcodeId: aNumber!.id,
      },
      { number: "+18335550160", tollFree: true, verified: false, hint: "(unverified Toll-Free)" },
    ]);
    const search = await t.get("/api/dedicated-numbers?search=front", { cookie: aCookie });
    expect(search.json().rows.map((r: { number: string }) => r.number)).toEqual(["+12125550160"]);
    const tollFree = await t.get("/api/dedicated-numbers?type=tollFree", { cookie: aCookie });
    expect(tollFree.json()).toMatchObject({ total: 1, rows: [{ number: "+18335550160" }] });
    const longCodes = await t.get("/api/dedicated-numbers?type=longCode", { cookie: aCookie });
    expect(longCodes.json()).toMatchObject({ total: 1, rows: [{ number: "+12125550160" }] });
    expect(
      (await t.get("/api/dedicated-numbers?type=shortCode", { cookie: aCookie })).statusCode,
    ).toBe(400);
    expect(
      (await t.get("/api/dedicated-numbers?pageSize=501", { cookie: aCookie })).statusCode,
    ).toBe(400);
  });

  it("says whether there is a number to send from", async () => {
    const res = await t.get("/api/dedicated-numbers/has-valid-sending-number", { cookie: aCookie });
    expect(res.json()).toEqual({ hasValidSendingNumber: true });
    const none = await t.get("/api/dedicated-numbers/has-valid-sending-number", {
      cookie: bCookie,
    });
    expect(none.json()).toEqual({ hasValidSendingNumber: false });
  });

  it("renames and takes a toll-free verification form", async () => {
    const renamed = await t.request({
      method: "PATCH",
      url: `/api/dedicated-numbers/${aNumber!.id}`,
      body: { name: "Shop" },
      cookie: aCookie,
    });
    expect(renamed.json()).toMatchObject({ name: "Shop" });
    const bad = await t.post(
      `/api/dedicated-numbers/${aTollFree!.id}/toll-free-verification`,
      { ...verification, website: "nope" },
      { cookie: aCookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Enter a valid URL starting with http:// or https://");
    const ok = await t.post(
      `/api/dedicated-numbers/${aTollFree!.id}/toll-free-verification`,
      verification,
      { cookie: aCookie },
    );
    expect(ok.json()).toMatchObject({ tfVerification: "pending", hint: "(unverified Toll-Free)" });
    const longCode = await t.post(
      `/api/dedicated-numbers/${aNumber!.id}/toll-free-verification`,
      verification,
      { cookie: aCookie },
    );
    expect(longCode.statusCode).toBe(400);
  });

  it("lets only the owner change numbers", async () => {
    const res = await t.request({
      method: "PATCH",
      url: `/api/dedicated-numbers/${aNumber!.id}`,
      body: { name: "Agent was here" },
      cookie: agentCookie,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You are not allowed to access this page");
    expect((await t.get("/api/dedicated-numbers", { cookie: agentCookie })).statusCode).toBe(200);
  });

  it("never shows or changes another account's number (404)", async () => {
    const id = aNumber!.id;
    expect((await t.get(`/api/dedicated-numbers/${id}`, { cookie: bCookie })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: "PATCH",
          url: `/api/dedicated-numbers/${id}`,
          body: { name: "Mine now" },
          cookie: bCookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/dedicated-numbers/${id}`, cookie: bCookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(
          `/api/dedicated-numbers/${aTollFree!.id}/toll-free-verification`,
          verification,
          { cookie: bCookie },
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.get("/api/dedicated-numbers", { cookie: bCookie })).json()).toEqual({
      total: 0,
      rows: [],
    });
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id));
    expect(row).toMatchObject({ name: "Shop", state: "active" });
  });
});

describe("brand registration", () => {
  const brand = {
    legalName: "Bean There LLC",
    ein: "12-3456789",
    website: "https://beanthere.example",
    vertical: "Restaurant",
    street: "12 Main St",
    city: "Austin",
    state: "tx",
    zip: "78701",
    contactEmail: "owner@beanthere.example",
  };
  const campaign = {
    useCase: "Marketing",
    description: "Weekly offers and order-ready notices to customers who opted in at the counter.",
    sampleMessages: [
      "Bean There: 2-for-1 lattes today only! Reply STOP to opt out.",
      "Bean There: your order is ready for pickup.",
    ],
  };

  it("takes the brand, then the campaign, each pending review, per account", async () => {
    const empty = await t.get("/api/brand-registration", { cookie: aCookie });
    expect(empty.json()).toEqual({
      brand: null,
      brandStatus: "none",
      campaign: null,
      campaignStatus: "none",
    });
    const early = await t.put("/api/brand-registration/campaign", campaign, { cookie: aCookie });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe("Register your brand before your campaign.");
    const badEin = await t.put(
      "/api/brand-registration/brand",
      { ...brand, ein: "123" },
      { cookie: aCookie },
    );
    expect(badEin.json().error.message).toBe("Enter a valid EIN (12-3456789)");
    const badZip = await t.put(
      "/api/brand-registration/brand",
      { ...brand, zip: "7870" },
      { cookie: aCookie },
    );
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().error.message).toBe("Enter a valid ZIP code (12345 or 12345-6789)");
    const badState = await t.put(
      "/api/brand-registration/brand",
      { ...brand, state: "XX" },
      { cookie: aCookie },
    );
    expect(badState.json().error.message).toBe("Choose a state");
    expect((await t.get("/api/brand-registration", { cookie: aCookie })).json().brand).toBeNull();
    expect(
      (await t.put("/api/brand-registration/brand", brand, { cookie: aCookie })).json(),
    ).toMatchObject({
      brandStatus: "pending",
      brand: { ein: "12-3456789", state: "TX", zip: "78701", city: "Austin" },
    });
    // Filling in the form answers the brand registration prompt.
    const me = await t.get("/api/account/me", { cookie: aCookie });
    expect(me.json().brandRegistrationStatus).toBe("complete");
    expect(
      (await t.put("/api/brand-registration/campaign", campaign, { cookie: aCookie })).json(),
    ).toMatchObject({
      brandStatus: "pending",
      campaignStatus: "pending",
      campaign: { useCase: "Marketing" },
    });
    expect((await t.get("/api/brand-registration", { cookie: bCookie })).json()).toMatchObject({
      brandStatus: "none",
    });
    expect((await t.get("/api/brand-registration", { cookie: agentCookie })).statusCode).toBe(403);
  });
});
