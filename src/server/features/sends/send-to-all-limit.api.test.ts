import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

/**
 * Users › 'Disable mass messaging' (the user setting disable_send_all): the person it is set on
 * cannot send to all subscribers, on screen or with their API key; a group send still goes.
 */
const t = await createTestServer();
const db = t.db.$client;

const { account, user: owner } = await buildAccountWithUser(t.db);
const ownerCookie = await loginAs(t.app, owner.username, owner.password);
const manager = await buildUser(t.db, { accountId: account.id, permissionLevel: 2 });
const managerCookie = await loginAs(t.app, manager.username, manager.password);

const numberId = (
  await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included)
     values ($1, '+14155550166', 'PNlimit', true) returning id`,
    [account.id],
  )
).rows[0]!.id;
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000, 1000)`,
  [account.id],
);
const subscriberId = (
  await db.query<{ id: number }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, '+13125550161', 'Ana', now()) returning id::int`,
    [account.id],
  )
).rows[0]!.id;
const groupId = (
  await db.query<{ id: number }>(
    `insert into groups (account_id, name) values ($1, 'Regulars') returning id`,
    [account.id],
  )
).rows[0]!.id;
await db.query(`insert into group_members (group_id, subscriber_id) values ($1, $2)`, [
  groupId,
  subscriberId,
]);

const toAll = { isSubscribers: "all", message: "Fresh bread at 8", longcodeId: numberId };
const toGroup = { ...toAll, isSubscribers: "false", groupIds: [groupId] };

function setMassMessaging(disable: boolean) {
  return t.put(
    `/api/users/${manager.id}`,
    {
      email: manager.email,
      permissionLevel: 2,
      groupIds: [],
      longcodeIds: [],
      disableMassMessaging: disable,
    },
    { cookie: ownerCookie },
  );
}

async function sendCount() {
  const res = await db.query<{ n: number }>(
    `select count(*)::int as n from sends where account_id = $1`,
    [account.id],
  );
  return res.rows[0]!.n;
}

describe("'Disable mass messaging' on a user", () => {
  it("refuses their send to all subscribers, by screen and by key; a group send goes; lifted, all goes", async () => {
    const keyRes = await t.post(
      "/api/api-keys",
      { name: "Till", scopes: ["sends:write"] },
      { cookie: managerCookie },
    );
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    const key = keyRes.json().key as string;

    const saved = await setMassMessaging(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().disableMassMessaging).toBe(true);
    // What the composer reads to hide 'All subscribers' for this person.
    const own = await t.get("/api/user/settings/disable_send_all", { cookie: managerCookie });
    expect(own.json()).toMatchObject({ value: true, enabled: true });

    const before = await sendCount();
    const refused = await t.post("/api/sends", toAll, { cookie: managerCookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("You are not allowed to send to all subscribers.");
    const byKey = await t.request({
      method: "POST",
      url: "/api/v1/sends",
      body: toAll,
      csrf: false,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(await sendCount()).toBe(before);

    // The limit is on 'all' only, and on this person only.
    const group = await t.post("/api/sends", toGroup, { cookie: managerCookie });
    expect(group.statusCode, group.body).toBe(201);
    const ownerAll = await t.post("/api/sends", toAll, { cookie: ownerCookie });
    expect(ownerAll.statusCode, ownerAll.body).toBe(201);

    expect((await setMassMessaging(false)).statusCode).toBe(200);
    const allowed = await t.post("/api/sends", toAll, { cookie: managerCookie });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await sendCount()).toBe(before + 3);
  });
});
