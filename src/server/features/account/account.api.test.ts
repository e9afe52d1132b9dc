import { describe, expect, it } from "vitest";
import { accountLite } from "../../../domain/account.schemas";
import { PERMISSION_LEVEL } from "../../../domain/permissions";
import { buildAccount, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

const t = await createTestServer();

describe("GET /api/account/me", () => {
  it("returns the account and the signed-in user", async () => {
    const account = await buildAccount(t.db, {
      accountName: "joes-pizza",
      businessName: "Joe's Pizza",
      email: "joe@pizza.test",
      timezoneId: 1,
      industry: 2,
    });
    const owner = await buildUser(t.db, {
      accountId: account.id,
      username: "joe",
      email: "joe.owner@pizza.test",
      firstName: "Joe",
      lastName: "Rossi",
      permissionLevel: PERMISSION_LEVEL.OWNER,
    });
    const cookie = await loginAs(t.app, "joe", owner.password);

    const res = await t.get("/api/account/me", { cookie });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(accountLite.safeParse(me).success).toBe(true);
    expect(me).toMatchObject({
      id: account.id,
      userId: owner.id,
      user: {
        username: "joe",
        email: "joe.owner@pizza.test",
        firstName: "Joe",
        lastName: "Rossi",
        permissionLevel: 3,
      },
      accountName: "joes-pizza",
      businessName: "Joe's Pizza",
      email: "joe@pizza.test",
      timezoneId: 1,
      timezoneIana: "America/New_York",
      industry: 2,
      brandRegistrationStatus: "unseen",
      superUser: true,
      restrictedUser: false,
      isImpersonating: false,
      subscriptionType: "trial",
      forbiddenReason: null,
    });
    // Eastern Time: -05:00, or -04:00 while daylight saving time is on.
    expect(me.timezone).toMatch(/^-0[45]:00$/);
    expect(me.dedicatedTollFree).toBe(false);

    // dedicatedTollFree follows the account's numbers: a toll-free one, until it is released.
    const tf = await t.db.$client.query<{ id: number }>(
      `insert into phone_numbers (account_id, number, carrier_sid, toll_free)
       values ($1, '+18885550142', 'PNtf0142', true) returning id`,
      [account.id],
    );
    expect((await t.get("/api/account/me", { cookie })).json().dedicatedTollFree).toBe(true);
    await t.db.$client.query(`update phone_numbers set state = 'released' where id = $1`, [
      tf.rows[0]!.id,
    ]);
    expect((await t.get("/api/account/me", { cookie })).json().dedicatedTollFree).toBe(false);
    // Never the password hash, whatever it is called.
    expect(JSON.stringify(me)).not.toMatch(/password|argon2/i);
  });

  it("gives the offset of the account's own time zone", async () => {
    const account = await buildAccount(t.db, { timezoneId: 4 }); // Arizona: no daylight saving time
    const user = await buildUser(t.db, { accountId: account.id });
    const me = (
      await t.get("/api/account/me", { cookie: await loginAs(t.app, user.username, user.password) })
    ).json();
    expect(me.timezone).toBe("-07:00");
    expect(me.timezoneIana).toBe("America/Phoenix");
  });

  it("marks only an Owner as superUser", async () => {
    const account = await buildAccount(t.db);
    const levels = [
      [PERMISSION_LEVEL.AGENT, false],
      [PERMISSION_LEVEL.ADMINISTRATOR, false],
      [PERMISSION_LEVEL.MANAGER, false],
      [PERMISSION_LEVEL.OWNER, true],
    ] as const;
    for (const [permissionLevel, superUser] of levels) {
      const user = await buildUser(t.db, { accountId: account.id, permissionLevel });
      const cookie = await loginAs(t.app, user.username, user.password);
      const me = (await t.get("/api/account/me", { cookie })).json();
      expect(me.user.permissionLevel).toBe(permissionLevel);
      expect(me.superUser, `level ${permissionLevel}`).toBe(superUser);
    }
  });

  it("passes the account's flags and dates through", async () => {
    const trialEndsAt = new Date("2031-05-04T12:00:00.000Z");
    const account = await buildAccount(t.db, {
      isTestAccount: true,
      forbiddenReason: "expired_trial",
      brandRegistrationStatus: "complete",
      trialEndsAt,
    });
    const user = await buildUser(t.db, { accountId: account.id, restricted: true });
    const me = (
      await t.get("/api/account/me", { cookie: await loginAs(t.app, user.username, user.password) })
    ).json();
    expect(me).toMatchObject({
      isTestAccount: true,
      forbiddenReason: "expired_trial",
      brandRegistrationStatus: "complete",
      restrictedUser: true,
      trialEndsAt: "2031-05-04T12:00:00.000Z",
    });
  });

  it("answers 401 without a session", async () => {
    const res = await t.get("/api/account/me");
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});

describe("PUT /api/account/me/locale", () => {
  it("sets the signed-in user's language, not a colleague's, and refuses another", async () => {
    const account = await buildAccount(t.db, { accountName: "casa-lupe" });
    const agent = await buildUser(t.db, {
      accountId: account.id,
      username: "lupe-agent",
      permissionLevel: PERMISSION_LEVEL.AGENT,
    });
    const owner = await buildUser(t.db, {
      accountId: account.id,
      username: "lupe-owner",
      permissionLevel: PERMISSION_LEVEL.OWNER,
    });
    const cookie = await loginAs(t.app, "lupe-agent", agent.password);
    const ownerCookie = await loginAs(t.app, "lupe-owner", owner.password);

    expect((await t.get("/api/account/me", { cookie })).json().user.locale).toBe("en");

    // Any user, an Agent too, picks their own language.
    const set = await t.put("/api/account/me/locale", { locale: "es" }, { cookie });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.locale).toBe("es");
    expect((await t.get("/api/account/me", { cookie })).json().user.locale).toBe("es");
    expect((await t.get("/api/account/me", { cookie: ownerCookie })).json().user.locale).toBe("en");

    const bad = await t.put("/api/account/me/locale", { locale: "fr" }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect((await t.get("/api/account/me", { cookie })).json().user.locale).toBe("es");

    const back = await t.put("/api/account/me/locale", { locale: "en" }, { cookie });
    expect(back.json().user.locale).toBe("en");
  });
});
