import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TYPE_FLAGS, FLAG_OWNER_TEXT, PLAN_FLAGS } from "../../../domain/settings";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

const t = await createTestServer();

let cookieA: string;
let cookieA2: string;
let cookieB: string;

beforeAll(async () => {
  const a = await buildAccountWithUser(t.db);
  const a2 = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
  const b = await buildAccountWithUser(t.db);
  cookieA = await loginAs(t.app, a.user.username, a.user.password);
  cookieA2 = await loginAs(t.app, a2.username, a2.password);
  cookieB = await loginAs(t.app, b.user.username, b.user.password);
});

const QUIET = "/api/account/settings/quiet_hours";

describe("account settings", () => {
  it("reads the default of a setting never written", async () => {
    const res = await t.get("/api/account/settings/display_quantities", { cookie: cookieA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "display_quantities", value: {}, enabled: false });
  });

  it("writes a valid value and reads it back", async () => {
    const put = await t.put(QUIET, { val: [["21:00", "08:00"]] }, { cookie: cookieA });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ name: "quiet_hours", value: [["21:00", "08:00"]], enabled: true });

    const get = await t.get(QUIET, { cookie: cookieA });
    expect(get.json()).toEqual({ name: "quiet_hours", value: [["21:00", "08:00"]], enabled: true });
    // Settings belong to the account: another user of it sees the same value.
    expect((await t.get(QUIET, { cookie: cookieA2 })).json().value).toEqual([["21:00", "08:00"]]);
  });

  it("refuses an invalid value with 400 and a message, and keeps the old value", async () => {
    await t.put("/api/account/settings/onboarding_step", { val: 2 }, { cookie: cookieA });

    const badType = await t.put(
      "/api/account/settings/onboarding_step",
      { val: "two" },
      { cookie: cookieA },
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.code).toBe("VALIDATION");
    expect(badType.json().error.message).toEqual(expect.any(String));
    expect(badType.json().error.message.length).toBeGreaterThan(0);

    const outOfRange = await t.put(
      "/api/account/settings/onboarding_step",
      { val: 99 },
      { cookie: cookieA },
    );
    expect(outOfRange.statusCode).toBe(400);

    const res = await t.get("/api/account/settings/onboarding_step", { cookie: cookieA });
    expect(res.json()).toEqual({ name: "onboarding_step", value: 2, enabled: true });
  });

  it("says what is wrong with a bad time of day", async () => {
    const res = await t.put(QUIET, { val: [["25:00", "08:00"]] }, { cookie: cookieB });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Use a 24-hour time such as 21:00");
    expect((await t.get(QUIET, { cookie: cookieB })).json().value).toEqual([]);
  });

  it("answers 404 for a setting that does not exist, read or written", async () => {
    const get = await t.get("/api/account/settings/no_such_setting", { cookie: cookieA });
    expect(get.statusCode).toBe(404);
    expect(get.json().error).toEqual({
      code: "NOT_FOUND",
      message: 'There is no setting named "no_such_setting".',
    });
    const put = await t.put(
      "/api/account/settings/no_such_setting",
      { val: true },
      { cookie: cookieA },
    );
    expect(put.statusCode).toBe(404);
    // Names of built-in object properties are not settings either.
    expect((await t.get("/api/account/settings/constructor", { cookie: cookieA })).statusCode).toBe(
      404,
    );
  });

  it("refuses a write without the CSRF header and changes nothing", async () => {
    const res = await t.put(
      "/api/account/settings/disable_sam",
      { val: true },
      { cookie: cookieA, csrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("CSRF");
    const after = await t.get("/api/account/settings/disable_sam", { cookie: cookieA });
    expect(after.json()).toEqual({ name: "disable_sam", value: false, enabled: false });
  });

  it("answers 401 without a session, read or written", async () => {
    expect((await t.get(QUIET)).statusCode).toBe(401);
    expect((await t.put(QUIET, { val: [] })).statusCode).toBe(401);
  });

  it("keeps accounts apart: B never sees what A wrote", async () => {
    const hours = [["22:30", "07:15"]];
    expect((await t.put(QUIET, { val: hours }, { cookie: cookieA })).statusCode).toBe(200);
    expect(
      (await t.put("/api/account/settings/disable_sam", { val: true }, { cookie: cookieA }))
        .statusCode,
    ).toBe(200);

    expect((await t.get(QUIET, { cookie: cookieB })).json()).toEqual({
      name: "quiet_hours",
      value: [],
      enabled: false,
    });
    expect(
      (await t.get("/api/account/settings/disable_sam", { cookie: cookieB })).json().value,
    ).toBe(false);
    await t.put("/api/account/settings/disable_sam", { val: false }, { cookie: cookieA });

    // And B's own write does not leak back to A.
    await t.put(QUIET, { val: [["01:00", "02:00"]] }, { cookie: cookieB });
    expect((await t.get(QUIET, { cookie: cookieA })).json().value).toEqual(hours);
  });
});

describe("flags with owners", () => {
  it("refuses the plan's flags to the account's own Owner with 403 and a clear message", async () => {
    for (const name of PLAN_FLAGS) {
      const res = await t.put(`/api/account/settings/${name}`, { val: true }, { cookie: cookieA });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().error.message).toBe(FLAG_OWNER_TEXT.plan(name));
      expect((await t.get(`/api/account/settings/${name}`, { cookie: cookieA })).json().value).toBe(
        false,
      );
    }
  });

  it("refuses the account-type flags (set by the operator) with 403 and a clear message", async () => {
    for (const name of ACCOUNT_TYPE_FLAGS) {
      const res = await t.put(`/api/account/settings/${name}`, { val: true }, { cookie: cookieA });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().error.message).toBe(FLAG_OWNER_TEXT.accountType(name));
    }
    const me = (await t.get("/api/account/me", { cookie: cookieA })).json();
    expect(me.isDeveloper).toBe(false);
  });
});

describe("user settings", () => {
  it("are per user: one user's write does not change another's", async () => {
    const url = "/api/user/settings/disable_send_all";
    expect((await t.get(url, { cookie: cookieA })).json()).toEqual({
      name: "disable_send_all",
      value: false,
      enabled: false,
    });
    expect((await t.put(url, { val: true }, { cookie: cookieA })).json().value).toBe(true);
    expect((await t.get(url, { cookie: cookieA })).json().value).toBe(true);
    expect((await t.get(url, { cookie: cookieA2 })).json().value).toBe(false);
    // An Agent may hide 'send to all' for themselves, not lift it again: that is a Manager's.
    expect((await t.put(url, { val: true }, { cookie: cookieA2 })).statusCode).toBe(200);
    expect((await t.put(url, { val: false }, { cookie: cookieA2 })).statusCode).toBe(403);
    expect((await t.get(url, { cookie: cookieA2 })).json().value).toBe(true);
    expect((await t.put(url, { val: "yes" }, { cookie: cookieA })).statusCode).toBe(400);
    expect((await t.get("/api/user/settings/quiet_hours", { cookie: cookieA })).statusCode).toBe(
      404,
    );
  });
});

describe("global settings", () => {
  it("read as their default and cannot be written through the API", async () => {
    const res = await t.get("/api/global-settings/chatbot_disabled", { cookie: cookieA });
    expect(res.json()).toEqual({ name: "chatbot_disabled", value: false, enabled: false });
    expect((await t.get("/api/global-settings/nope", { cookie: cookieA })).statusCode).toBe(404);
    expect(
      (await t.put("/api/global-settings/chatbot_disabled", { val: true }, { cookie: cookieA }))
        .statusCode,
    ).toBe(404);
  });
});
