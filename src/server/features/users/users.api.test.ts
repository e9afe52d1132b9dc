import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs, type TestUser } from "../../test/factories";
import { createTestServer, nextIp, sessionCookieOf } from "../../test/harness";
import { groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { users } from "./users.schema";

const t = await createTestServer({ env: { PUBLIC_URL: "http://parley.test" } });
const { account, user: owner } = await buildAccountWithUser(t.db, { user: { permissionLevel: 3 } });
const manager = await buildUser(t.db, { accountId: account.id, permissionLevel: 2 });
const admin = await buildUser(t.db, { accountId: account.id, permissionLevel: 1 });
const agent = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
const [group] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Front desk" })
  .returning();
const [number] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: "+15005550100", carrierSid: "PNtest" })
  .returning();
const other = await buildAccountWithUser(t.db, { user: { permissionLevel: 3 } });
const [otherGroup] = await t.db
  .insert(groups)
  .values({ accountId: other.account.id, name: "Theirs" })
  .returning();

const cookies = new Map<number, string>();
async function as(u: TestUser) {
  let c = cookies.get(u.id);
  if (!c) {
    c = await loginAs(t.app, u.username, u.password);
    cookies.set(u.id, c);
  }
  return c;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${Math.random().toString(36).slice(2, 8)}@example.test`,
    permissionLevel: 0,
    groupIds: [group!.id],
    longcodeIds: [number!.id],
    disableMassMessaging: false,
    ...overrides,
  };
}

async function inviteKeyFor(email: string): Promise<string> {
  const { rows } = await t.db.execute<{ text_body: string }>(
    sql`select text_body from mail_messages where to_address = ${email} order by id desc limit 1`,
  );
  const m = /\/auth\/invite\?key=([\w-]+)/.exec(rows[0]?.text_body ?? "");
  if (!m) throw new Error(`no invitation mail to ${email}`);
  return m[1]!;
}

async function emailVerifiedAt(id: number) {
  const [row] = await t.db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, id));
  return row!.at;
}

async function mailsTo(email: string, kind: string) {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from mail_messages where to_address = ${email} and kind = ${kind}`,
  );
  return rows.length;
}

/** A login with the password: what the sign-in sequence asks for next. */
async function logInWith(username: string, password: string) {
  const res = await t.post("/api/auth/login", { username, password }, { remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return { body: res.json(), session: res.cookies.find((c) => c.name === "parley_session") };
}

describe("list", () => {
  it("shows the account's users with what each caller may do", async () => {
    const res = await t.get("/api/users", { cookie: await as(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [owner.id, manager.id, admin.id, agent.id].sort(),
    );
    const row = (id: number) => body.users.find((u: { id: number }) => u.id === id);
    expect(row(agent.id)).toMatchObject({ canEdit: true, canDelete: true });
    expect(row(manager.id)).toMatchObject({ canEdit: false, canDelete: false });
    expect(row(admin.id)).toMatchObject({ isSelf: true, canEdit: true, canDelete: false });
    expect(body.assignableLevels).toEqual([0]);
    expect(JSON.stringify(body)).not.toContain("passwordHash");
    expect(JSON.stringify(body)).not.toContain(other.user.email);
  });

  it("is not for Agents", async () => {
    const res = await t.get("/api/users", { cookie: await as(agent) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You are not allowed to access this page");
  });
});

describe("invite", () => {
  it("validates with the user form's words", async () => {
    const cookie = await as(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "" }, "Enter an email"],
      [{ email: "nope" }, "Enter valid email"],
      [{ permissionLevel: null }, "Enter a permission level"],
      [{ groupIds: [] }, "Users must be assigned a group"],
      [{ disableMassMessaging: undefined }, "Disable Mass Messaging Status required"],
    ];
    for (const [patch, message] of cases) {
      const res = await t.post("/api/users/invites", form(patch), { cookie });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // A Manager needs no group.
    const ok = await t.post("/api/users/invites", form({ permissionLevel: 2, groupIds: [] }), {
      cookie,
    });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses another account's groups, taken addresses and a second live invite", async () => {
    const cookie = await as(owner);
    const foreign = await t.post("/api/users/invites", form({ groupIds: [otherGroup!.id] }), {
      cookie,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.groupIds).toBe("A chosen group does not exist.");
    const taken = await t.post("/api/users/invites", form({ email: agent.email.toUpperCase() }), {
      cookie,
    });
    expect(taken.statusCode).toBe(409);
    const body = form();
    expect((await t.post("/api/users/invites", body, { cookie })).statusCode).toBe(201);
    const again = await t.post("/api/users/invites", body, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "An invitation to that e-mail address is already waiting.",
    );
  });

  it("lets an Agent invite no one and an Administrator invite Agents only", async () => {
    const byAgent = await t.post("/api/users/invites", form(), { cookie: await as(agent) });
    expect(byAgent.statusCode).toBe(403);
    const adminCookie = await as(admin);
    const manager2 = await t.post("/api/users/invites", form({ permissionLevel: 2 }), {
      cookie: adminCookie,
    });
    expect(manager2.statusCode).toBe(403);
    expect((await t.post("/api/users/invites", form(), { cookie: adminCookie })).statusCode).toBe(
      201,
    );
    const asOwner = await t.post("/api/users/invites", form({ permissionLevel: 3 }), {
      cookie: await as(owner),
    });
    expect(asOwner.statusCode).toBe(403);
  });

  it("signs the invitee up with the invitation's access and signs them in", async () => {
    const body = form({ permissionLevel: 0, disableMassMessaging: true });
    const invited = await t.post("/api/users/invites", body, { cookie: await as(manager) });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: body.email, permissionLevel: 0, expired: false });
    const key = await inviteKeyFor(body.email);

    const verify = await t.get(`/api/users/invites/verify?key=${key}`, { remoteAddress: nextIp() });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      accountName: account.accountName,
      businessName: account.businessName,
      email: body.email,
    });

    const bad = await t.post(
      "/api/users/invites/accept",
      { accessKey: key, username: "", email: "x", phoneNumber: "12", password: "" },
      { remoteAddress: nextIp() },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      username: "Username is required",
      email: "Enter valid email",
      phoneNumber: "Invalid phone number",
      password: "Password is required",
    });

    const username = `invitee_${Date.now()}`;
    const accepted = await t.post(
      "/api/users/invites/accept",
      {
        accessKey: key,
        firstName: "Ines",
        lastName: "Vitee",
        username,
        email: body.email,
        phoneNumber: "4155550123",
        password: "invitee-password",
      },
      { remoteAddress: nextIp() },
    );
    expect(accepted.statusCode).toBe(200);
    const me = await t.get("/api/account/me", { cookie: sessionCookieOf(accepted) });
    expect(me.json().accountName).toBe(account.accountName);

    const list = (await t.get("/api/users", { cookie: await as(owner) })).json();
    const created = list.users.find((u: { username: string }) => u.username === username);
    expect(created).toMatchObject({
      // The name the invitee gave: teammates see it, not the username.
      firstName: "Ines",
      lastName: "Vitee",
      email: body.email,
      number: "+14155550123",
      permissionLevel: 0,
      groupIds: [group!.id],
      longcodeIds: [number!.id],
      disableMassMessaging: true,
    });
    expect(list.invites.map((i: { email: string }) => i.email)).not.toContain(body.email);

    // The key worked once.
    const reused = await t.get(`/api/users/invites/verify?key=${key}`, { remoteAddress: nextIp() });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(
      "This invitation has expired. Please contact an account administrator to send a new invite.",
    );
  });

  it("leaves the invited address verified, and asks to verify another one at the next login", async () => {
    const signUp = async (invited: string, email: string) => {
      await t.post("/api/users/invites", form({ email: invited }), { cookie: await as(owner) });
      const username = `signup_${Math.random().toString(36).slice(2, 10)}`;
      const res = await t.post(
        "/api/users/invites/accept",
        {
          accessKey: await inviteKeyFor(invited),
          username,
          email,
          phoneNumber: "",
          password: "invitee-password",
        },
        { remoteAddress: nextIp() },
      );
      expect(res.statusCode).toBe(200);
      const list = (await t.get("/api/users", { cookie: await as(owner) })).json();
      const id: number = list.users.find((u: { username: string }) => u.username === username).id;
      return { id, username };
    };

    // The invitation went to this address (whatever its case): it is proven.
    const same = form().email;
    const kept = await signUp(same, same.toUpperCase());
    expect(await emailVerifiedAt(kept.id)).not.toBeNull();
    const one = await logInWith(kept.username, "invitee-password");
    expect(one.body.emailVerificationRequired).toBe(false);
    expect(one.session?.value).toBeTruthy();

    // Signed up with another address: signed in now, but the next login mails a link to it.
    const invited = form().email;
    const other = `other-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const changed = await signUp(invited, other);
    expect(await emailVerifiedAt(changed.id)).toBeNull();
    const next = await logInWith(changed.username, "invitee-password");
    expect(next.body.emailVerificationRequired).toBe(true);
    expect(next.session).toBeUndefined();
    expect(await mailsTo(other, "verify_email")).toBe(1);
    expect(await mailsTo(invited, "verify_email")).toBe(0);
  });

  it("treats an expired invitation as expired, and a resend gives a new working link", async () => {
    const body = form();
    const invited = (await t.post("/api/users/invites", body, { cookie: await as(owner) })).json();
    const oldKey = await inviteKeyFor(body.email);
    await t.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where id = ${invited.id}`,
    );
    const res = await t.get(`/api/users/invites/verify?key=${oldKey}`, { remoteAddress: nextIp() });
    expect(res.statusCode).toBe(404);
    const listed = (await t.get("/api/users", { cookie: await as(owner) })).json();
    expect(listed.invites.find((i: { id: number }) => i.id === invited.id).expired).toBe(true);

    const resent = await t.post(`/api/users/invites/${invited.id}/resend`, undefined, {
      cookie: await as(owner),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().expired).toBe(false);
    const newKey = await inviteKeyFor(body.email);
    expect(newKey).not.toBe(oldKey);
    expect(
      (await t.get(`/api/users/invites/verify?key=${newKey}`, { remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.get(`/api/users/invites/verify?key=${oldKey}`, { remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(404);

    // Revoked: gone from the list, the link dead.
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/users/invites/${invited.id}`,
      cookie: await as(owner),
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (await t.get(`/api/users/invites/verify?key=${newKey}`, { remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(404);
  });
});

describe("edit and delete (spec doc 2 §6, enforced on the server)", () => {
  const edit = async (actor: TestUser, target: TestUser, patch: Record<string, unknown> = {}) =>
    t.put(
      `/api/users/${target.id}`,
      form({
        email: target.email,
        permissionLevel: target.permissionLevel,
        groupIds: target.permissionLevel === 0 ? [group!.id] : [],
        longcodeIds: [],
        ...patch,
      }),
      { cookie: await as(actor) },
    );

  it("lets an Administrator edit an Agent but not a Manager", async () => {
    const ok = await edit(admin, agent, { firstName: "Agnes" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: "Agnes", groupIds: [group!.id] });
    expect((await edit(admin, manager)).statusCode).toBe(403);
  });

  it("keeps an Agent from editing others, or their own access", async () => {
    const target = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
    expect((await edit(agent, target)).statusCode).toBe(403);
    const self = await edit(agent, agent, { firstName: "Me", longcodeIds: [number!.id] });
    expect(self.statusCode).toBe(403);
    const promote = await edit(agent, agent, { permissionLevel: 2 });
    expect(promote.statusCode).toBe(403);
  });

  it("lets a Manager edit anyone but the Owner, and never make an Owner", async () => {
    expect((await edit(manager, admin, { lastName: "Updated" })).statusCode).toBe(200);
    expect((await edit(manager, owner)).statusCode).toBe(403);
    expect((await edit(manager, admin, { permissionLevel: 3 })).statusCode).toBe(403);
  });

  it("makes a changed e-mail address unverified, so the next login mails a link to it", async () => {
    const target = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
    expect(await emailVerifiedAt(target.id)).not.toBeNull();

    // Other details, or only the address's case: still verified.
    expect((await edit(manager, target, { firstName: "Tess" })).statusCode).toBe(200);
    expect((await edit(manager, target, { email: target.email.toUpperCase() })).statusCode).toBe(
      200,
    );
    expect(await emailVerifiedAt(target.id)).not.toBeNull();
    expect((await logInWith(target.username, target.password)).body.emailVerificationRequired).toBe(
      false,
    );

    const newEmail = `changed-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const res = await edit(manager, target, { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(newEmail);
    expect(await emailVerifiedAt(target.id)).toBeNull();
    const next = await logInWith(target.username, target.password);
    expect(next.body).toMatchObject({ ok: true, emailVerificationRequired: true });
    expect(next.session).toBeUndefined();
    expect(await mailsTo(newEmail, "verify_email")).toBe(1);
    expect(await mailsTo(target.email, "verify_email")).toBe(0);
  });

  it("refuses a username or e-mail another user has", async () => {
    const res = await edit(owner, admin, { email: agent.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.email).toBe("A user with that e-mail address already exists.");
  });

  it("deletes anyone but the Owner, as the edit rule allows", async () => {
    const victim = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
    const victimCookie = await loginAs(t.app, victim.username, victim.password);
    const del = (actor: TestUser, target: { id: number }) =>
      as(actor).then((cookie) =>
        t.request({ method: "DELETE", url: `/api/users/${target.id}`, cookie }),
      );
    expect((await del(agent, victim)).statusCode).toBe(403);
    expect((await del(manager, owner)).statusCode).toBe(403);
    expect((await del(admin, manager)).statusCode).toBe(403);
    expect((await del(manager, manager)).statusCode).toBe(403);
    expect((await del(admin, victim)).statusCode).toBe(200);
    // Their session ended with them.
    expect((await t.get("/api/account/me", { cookie: victimCookie })).statusCode).toBe(401);
  });

  it("answers 404 for another account's users and invitations", async () => {
    const ownerCookie = await as(owner);
    const foreign = other.user;
    expect((await edit(owner, foreign)).statusCode).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/users/${foreign.id}`, cookie: ownerCookie }))
        .statusCode,
    ).toBe(404);
    const theirInvite = (
      await t.post(
        "/api/users/invites",
        form({ permissionLevel: 2, groupIds: [], longcodeIds: [] }),
        {
          cookie: await as(other.user),
        },
      )
    ).json();
    expect(
      (
        await t.post(`/api/users/invites/${theirInvite.id}/resend`, undefined, {
          cookie: ownerCookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/api/users/invites/${theirInvite.id}`,
          cookie: ownerCookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
