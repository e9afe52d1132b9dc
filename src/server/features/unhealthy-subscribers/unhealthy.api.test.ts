import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemActor } from "../../../domain/permissions";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents, suppressions } from "../compliance/compliance.schema";
import { messages } from "../messages/messages.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { unhealthyTargets } from "./unhealthy.queries";

// listen: the line-type check reaches the carrier emulator over real HTTP, as in production.
const t = await createTestServer({ listen: true });
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);

async function subscriber(number: string, firstName = "", cookie = aCookie): Promise<number> {
  const res = await t.post(
    "/api/subscribers",
    { attestation: true, number, firstName },
    { cookie },
  );
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
  return res.json().id;
}

const DAY = 86_400_000;
/** An outbound text to `to` that ended with `errorCode` (null: delivered), `daysAgo` days ago. */
async function sent(to: string, errorCode: number | null, daysAgo = 1, accountId = a.account.id) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await t.db.insert(messages).values({
    accountId,
    direction: "outbound",
    fromNumber: "+12125550100",
    toNumber: to,
    body: "Hello",
    status: errorCode === null ? "Delivered" : "Undelivered",
    errorCode,
    source: "test",
    createdAt: at,
    updatedAt: at,
  });
}

const ids = {
  landline: await subscriber("3125550001", "Lana"), // the emulator's landline
  invalid: await subscriber("3125550000", "Ivan"), // the emulator's invalid number
  unreachable: await subscriber("2125550302", "Uma"),
  blocked: await subscriber("2125550303", "Bea"),
  failedLandline: await subscriber("2125550304", "Lee"),
  recovered: await subscriber("2125550305", "Rob"),
  old: await subscriber("2125550306", "Otto"),
  optedOut: await subscriber("2125550307", "Opal"),
  healthy: await subscriber("2125550308", "Hal"),
};
await sent("+12125550302", 30003, 3);
await sent("+12125550302", 30003, 2);
await sent("+12125550303", 30007);
await sent("+12125550304", 30006);
await sent("+12125550305", 30006, 5);
await sent("+12125550305", null, 1); // delivered since: healthy again
await sent("+12125550306", 30006, 200); // too long ago to count
await sent("+12125550307", 30006);
await t.post(`/api/subscribers/${ids.optedOut}/opt-out`, {}, { cookie: aCookie });
await sent("+12125550308", null);

const list = async (query = "", cookie = aCookie) =>
  t.get(`/api/unhealthy-subscribers${query}`, { cookie });

describe("unhealthy subscribers", () => {
  it("lists numbers whose latest recent delivery failed, with the reason and when", async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.counts).toEqual({ landline: 1, invalid: 0, unreachable: 1, carrier_blocked: 1 });
    expect(body.unchecked).toBe(8); // every subscriber but the opted-out one
    const byId = Object.fromEntries(body.rows.map((r: { id: number }) => [r.id, r]));
    expect(byId[ids.unreachable]).toMatchObject({
      phone: "+12125550302",
      firstName: "Uma",
      reason: "unreachable",
      source: "delivery",
      errorCode: 30003,
      failures: 2,
    });
    expect(byId[ids.blocked]).toMatchObject({ reason: "carrier_blocked", errorCode: 30007 });
    expect(byId[ids.failedLandline]).toMatchObject({ reason: "landline", errorCode: 30006 });
    expect(new Date(byId[ids.failedLandline].lastFailureAt).getTime()).toBeGreaterThan(
      Date.now() - 2 * DAY,
    );
    // Newest failure first.
    expect(body.rows.at(-1).id).toBe(ids.unreachable);
  });

  it("finds landlines with the carrier's line-type check, round by round", async () => {
    const first = await t.post(
      "/api/unhealthy-subscribers/line-check",
      { limit: 5 },
      { cookie: aCookie },
    );
    expect(first.statusCode, first.body).toBe(200);
    // The opted-out number is not looked up: it is never texted anyway.
    expect(first.json()).toMatchObject({ checked: 5, remaining: 3 });
    const second = (
      await t.post(
        "/api/unhealthy-subscribers/line-check",
        { afterId: first.json().nextAfterId, limit: 5 },
        { cookie: aCookie },
      )
    ).json();
    expect(second).toMatchObject({ checked: 3, remaining: 0, nextAfterId: null });
    expect(first.json().landlines + second.landlines).toBe(1);
    expect([...first.json().invalid, ...second.invalid]).toEqual(["+13125550000"]);

    const [lana] = await t.db
      .select({ isLandline: subscribers.isLandline })
      .from(subscribers)
      .where(eq(subscribers.id, ids.landline));
    expect(lana?.isLandline).toBe(true);
    const body = (await list("?reason=landline")).json();
    expect(body.total).toBe(2);
    expect(body.rows.find((r: { id: number }) => r.id === ids.landline)).toMatchObject({
      reason: "landline",
      source: "lookup",
      errorCode: null,
      lastFailureAt: null,
      failures: 0,
    });
    expect(body.counts.landline).toBe(2);
    expect(body.unchecked).toBe(1); // the invalid number: the carrier gave it no line type
  });

  it("filters by reason and searches by name or digits", async () => {
    expect(
      (await list("?reason=unreachable")).json().rows.map((r: { id: number }) => r.id),
    ).toEqual([ids.unreachable]);
    expect((await list("?query=bea")).json().rows.map((r: { id: number }) => r.id)).toEqual([
      ids.blocked,
    ]);
    expect((await list("?query=555-0302")).json().total).toBe(1);
    expect((await list("?pageSize=1&page=9")).json()).toMatchObject({ total: 4, rows: [] });
  });

  it("finds the same unhealthy subscribers among picked ids as in the whole list", async () => {
    // The picked-ids query (failed-numbers dialog, clean-up) looks each number up on its own.
    const auth = systemActor("export", a.account.id, { userId: a.user.id });
    const all = await unhealthyTargets(t.db, auth, {});
    const picked = await unhealthyTargets(t.db, auth, { ids: Object.values(ids) });
    expect(all.map((x) => x.id)).toContain(ids.unreachable);
    expect(picked).toEqual(all);
    const some = await unhealthyTargets(t.db, auth, { ids: [ids.unreachable, ids.recovered] });
    expect(some).toEqual(all.filter((x) => x.id === ids.unreachable));
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    expect((await list("?reason=broken")).statusCode).toBe(400);
    expect((await list("?pageSize=1000")).statusCode).toBe(400);
    const nuke = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "nuke", selection: { mode: "ids", ids: [ids.blocked] } },
      { cookie: aCookie },
    );
    expect(nuke.statusCode).toBe(400);
    const none = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "delete", selection: { mode: "ids", ids: [] } },
      { cookie: aCookie },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("Select at least one subscriber");
    // A healthy subscriber cannot be cleaned up through this screen.
    const healthy = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "delete", selection: { mode: "ids", ids: [ids.blocked, ids.healthy] } },
      { cookie: aCookie },
    );
    expect(healthy.statusCode).toBe(404);
    const check = await t.post(
      "/api/unhealthy-subscribers/line-check",
      { limit: 5000 },
      { cookie: aCookie },
    );
    expect(check.statusCode).toBe(400);
    expect((await list()).json().total).toBe(4);
  });

  it("shows another account nothing and lets it clean up nothing", async () => {
    await sent("+12125550302", 30003, 1, b.account.id);
    const other = (await list("", bCookie)).json();
    expect(other).toMatchObject({ total: 0, rows: [] });
    const steal = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "delete", selection: { mode: "ids", ids: [ids.unreachable] } },
      { cookie: bCookie },
    );
    expect(steal.statusCode).toBe(404);
    const all = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "opt_out", selection: { mode: "all" } },
      { cookie: bCookie },
    );
    expect(all.json()).toEqual({ affected: 0 });
    const check = (
      await t.post("/api/unhealthy-subscribers/line-check", {}, { cookie: bCookie })
    ).json();
    expect(check).toMatchObject({ checked: 0, remaining: 0, nextAfterId: null });
    expect((await list()).json().total).toBe(4);
  });

  it("opts out the chosen ones (recorded in the consent log) and deletes the rest", async () => {
    const optOut = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      { action: "opt_out", selection: { mode: "ids", ids: [ids.blocked] } },
      { cookie: aCookie },
    );
    expect(optOut.json()).toEqual({ affected: 1 });
    const [line] = await t.db
      .select()
      .from(consentEvents)
      .where(
        and(
          eq(consentEvents.accountId, a.account.id),
          eq(consentEvents.phone, "+12125550303"),
          eq(consentEvents.action, "opt_out"),
        ),
      );
    expect(line).toMatchObject({
      action: "opt_out",
      source: "manual",
      userId: a.user.id,
      detail: "Unhealthy subscriber clean-up: Blocked by carrier",
    });
    const suppressed = await t.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.phone, "+12125550303"));
    expect(suppressed).toHaveLength(1);
    expect((await list()).json().total).toBe(3);

    const del = await t.post(
      "/api/unhealthy-subscribers/clean-up",
      {
        action: "delete",
        selection: { mode: "all", reason: "landline", excludedIds: [ids.landline] },
      },
      { cookie: aCookie },
    );
    expect(del.json()).toEqual({ affected: 1 });
    const left = (await list()).json();
    expect(left.rows.map((r: { id: number }) => r.id).sort()).toEqual(
      [ids.landline, ids.unreachable].sort(),
    );
    const [gone] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, ids.failedLandline));
    expect(gone).toBeUndefined();
  });
});
