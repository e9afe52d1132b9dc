import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * Managed accounts: a parent creates children and sees their usage, opens one (the session acts
 * as the child's owner and carries the real person; the audit shows both), logs out back to the
 * parent; children see neither the parent nor each other; controlled templates flow down read-only.
 */
const t = await createTestServer();
const parent = await buildAccountWithUser(t.db, { account: { businessName: "Agency" } });
const stranger = await buildAccountWithUser(t.db);
const parentCookie = await loginAs(t.app, parent.user.username, parent.user.password);
const strangerCookie = await loginAs(t.app, stranger.user.username, stranger.user.password);

async function createChild(cookie: string, body: Record<string, unknown>) {
  return t.post("/api/managed-accounts", body, { cookie });
}

describe("managed accounts", () => {
  let childId = 0;

  it("a parent creates a child and lists it with its usage", async () => {
    const bad = await createChild(parentCookie, { businessName: "", email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeDefined();
    const taken = await createChild(parentCookie, {
      businessName: "Clash",
      email: parent.user.email,
    });
    expect(taken.statusCode).toBe(409);

    const res = await createChild(parentCookie, {
      businessName: "Corner Bakery",
      email: "owner@corner-bakery.test",
      firstName: "Cora",
      lastName: "Baker",
    });
    expect(res.statusCode).toBe(201);
    childId = res.json().id;
    await t.db.insert(subscribers).values([
      { accountId: childId, phone: "+13105550801" },
      { accountId: childId, phone: "+13105550802" },
    ]);
    const list = await t.get("/api/managed-accounts", { cookie: parentCookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        id: childId,
        businessName: "Corner Bakery",
        ownerName: "Cora Baker",
        usage: expect.objectContaining({ subscribers: 2, sendsThisMonth: 0, creditsUsed: 0 }),
      }),
    ]);
    const me = await t.get("/api/account/me", { cookie: parentCookie });
    expect(me.json()).toMatchObject({ isParentAccount: true, isImpersonating: false });
  });

  it("mails the new owner the link that activates the account (the bundled deal)", async () => {
    const res = await createChild(parentCookie, {
      businessName: "Deli Deal",
      email: "owner@deli-deal.test",
      firstName: "Dee",
      lastName: "Deal",
    });
    expect(res.statusCode).toBe(201);
    const mail = await t.db.$client.query<{ text: string; accountId: number }>(
      `select text_body as text, account_id as "accountId" from mail_messages
        where kind = 'activate' and to_address = 'owner@deli-deal.test'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.accountId).toBe(res.json().id);
    const link = new URL(/https?:\/\/\S+\/auth\/activate\?\S+/.exec(mail.rows[0]!.text)![0]);
    expect(link.searchParams.get("email")).toBe("owner@deli-deal.test");
    const activated = await t.post("/api/auth/activate", {
      token: link.searchParams.get("u"),
      email: "owner@deli-deal.test",
      password: "rye bread at noon",
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await loginAs(t.app, "owner@deli-deal.test", "rye bread at noon");
  });

  it("another account cannot list, audit or open the parent's children", async () => {
    expect((await t.get("/api/managed-accounts", { cookie: strangerCookie })).json().rows).toEqual(
      [],
    );
    const open = await t.post(`/api/managed-accounts/${childId}/access`, undefined, {
      cookie: strangerCookie,
    });
    expect(open.statusCode).toBe(404);
    const audit = await t.get(`/api/managed-accounts/${childId}/audit`, { cookie: strangerCookie });
    expect(audit.statusCode).toBe(404);
    // Not an owner: the policy refuses.
    const agent = await buildUser(t.db, { accountId: parent.account.id, permissionLevel: 1 });
    const agentCookie = await loginAs(t.app, agent.username, agent.password);
    expect((await t.get("/api/managed-accounts", { cookie: agentCookie })).statusCode).toBe(403);
    expect(
      (await t.post(`/api/managed-accounts/${childId}/access`, undefined, { cookie: agentCookie }))
        .statusCode,
    ).toBe(403);
  });

  it("opens a child: acts as its owner with the banner flag, audited with the real person, and logs out back", async () => {
    const open = await t.post(`/api/managed-accounts/${childId}/access`, undefined, {
      cookie: parentCookie,
    });
    expect(open.statusCode).toBe(200);
    const me = await t.get("/api/account/me", { cookie: parentCookie });
    expect(me.json()).toMatchObject({
      id: childId,
      businessName: "Corner Bakery",
      isImpersonating: true,
      parentAccountId: parent.account.id,
    });
    // Acting in the child, the data is the child's: its two subscribers.
    const subs = await t.get("/api/subscribers?page=0&pageSize=25", { cookie: parentCookie });
    expect(
      subs
        .json()
        .rows.map((r: { number: string }) => r.number)
        .sort(),
    ).toEqual(["+13105550801", "+13105550802"]);
    // A change made in the child is audited with the parent's user as actor.
    const made = await t.post("/api/groups", { name: "Regulars" }, { cookie: parentCookie });
    expect(made.statusCode).toBeLessThan(300);
    // The child (as whom the session acts) cannot manage accounts, nor see its parent's list.
    expect((await t.get("/api/managed-accounts", { cookie: parentCookie })).statusCode).toBe(403);
    expect(
      (
        await t.post(`/api/managed-accounts/${childId}/access`, undefined, {
          cookie: parentCookie,
        })
      ).statusCode,
    ).toBe(409);

    const out = await t.post("/api/auth/logout", undefined, { cookie: parentCookie });
    expect(out.json()).toEqual({ ok: true, returnedToParent: true });
    const back = await t.get("/api/account/me", { cookie: parentCookie });
    expect(back.json()).toMatchObject({ id: parent.account.id, isImpersonating: false });

    const audit = await t.get(`/api/managed-accounts/${childId}/audit`, { cookie: parentCookie });
    const actions = audit.json().rows.map((r: { action: string; actorName: string }) => r.action);
    expect(actions).toEqual([
      "Logged out of the account",
      "POST /api/groups",
      "Opened the account",
      "Created the account",
    ]);
    const { rows } = await t.db.$client.query(
      "select user_id, actor_user_id, actor_account_id from account_audit where account_id = $1 and action = 'POST /api/groups'",
      [childId],
    );
    expect(rows[0]).toMatchObject({
      actor_user_id: parent.user.id,
      actor_account_id: parent.account.id,
    });
    expect(rows[0].user_id).not.toBe(parent.user.id);
  });

  it("the banner's 'Return to <parent>' goes back to the parent account, and only from a child", async () => {
    // Not in a child: nothing to return from, and the session goes on.
    const notIn = await t.post("/api/managed-accounts/return", undefined, { cookie: parentCookie });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().error.message).toBe(
      "You are not in a managed account: you are already in your own account.",
    );
    expect((await t.get("/api/account/me", { cookie: parentCookie })).statusCode).toBe(200);

    await t.post(`/api/managed-accounts/${childId}/access`, undefined, { cookie: parentCookie });
    const inChild = (await t.get("/api/account/me", { cookie: parentCookie })).json();
    expect(inChild).toMatchObject({ id: childId, isImpersonating: true, returnToName: "Agency" });

    const back = await t.post("/api/managed-accounts/return", undefined, { cookie: parentCookie });
    expect(back.json()).toEqual({ ok: true });
    const me = (await t.get("/api/account/me", { cookie: parentCookie })).json();
    expect(me).toMatchObject({ id: parent.account.id, isImpersonating: false });
    expect(me.returnToName).toBeUndefined();
    const audit = await t.get(`/api/managed-accounts/${childId}/audit`, { cookie: parentCookie });
    expect(
      audit
        .json()
        .rows.slice(0, 2)
        .map((r: { action: string }) => r.action),
    ).toEqual(["Logged out of the account", "Opened the account"]);
  });

  it("a child's own owner sees no parent data and cannot manage accounts", async () => {
    await t.db.$client.query(
      "update users set password_hash = (select password_hash from users where id = $1) where account_id = $2",
      [stranger.user.id, childId],
    );
    const childCookie = await loginAs(t.app, "owner@corner-bakery.test", stranger.user.password);
    const list = await t.get("/api/managed-accounts", { cookie: childCookie });
    expect(list.statusCode).toBe(403);
    expect(
      (await t.get(`/api/managed-accounts/${childId}/audit`, { cookie: childCookie })).statusCode,
    ).toBe(403);
    // Controlled templates of the parent reach the child read-only.
    const tpl = await t.post(
      "/api/controlled-templates",
      { name: "Brand hello", message: "Hello from the brand", isMMS: false, requiresLink: false },
      { cookie: parentCookie },
    );
    expect(tpl.statusCode).toBe(201);
    const seen = await t.get("/api/controlled-templates?page=0&pageSize=25", {
      cookie: childCookie,
    });
    expect(seen.json()).toMatchObject({ canEdit: false, rows: [{ name: "Brand hello" }] });
    const edit = await t.post(
      "/api/controlled-templates",
      { name: "Mine", message: "x", isMMS: false, requiresLink: false },
      { cookie: childCookie },
    );
    expect(edit.statusCode).toBe(403);
    // The parent's own subscribers are not the child's.
    await t.db.insert(subscribers).values({ accountId: parent.account.id, phone: "+13105550899" });
    const subs = await t.get("/api/subscribers?page=0&pageSize=25", { cookie: childCookie });
    expect(subs.json().rows.map((r: { number: string }) => r.number)).not.toContain("+13105550899");
  });
});
