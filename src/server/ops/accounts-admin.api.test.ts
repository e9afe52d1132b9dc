import { describe, expect, it } from "vitest";
import { timezoneByIana } from "../../domain/timezones";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { createAccountWithOwner } from "./create-account";
import { resetUserPassword } from "./reset-password";

// The admin command's account tools: what an operator uses when nobody can sign in.
const t = await createTestServer();

describe("admin: create-account and reset-password", () => {
  it("creates an account with its Owner, a unique public name and a usable password", async () => {
    const first = await createAccountWithOwner(t.db, {
      businessName: "Joe's Pizza & Co",
      username: "joe_admin",
      email: "joe@example.test",
      timezone: "pt",
    });
    const second = await createAccountWithOwner(t.db, {
      businessName: "Joe’s Pizza & Co",
      username: "joe_admin2",
      email: "joe2@example.test",
    });
    expect(first.accountName).toBe("joes-pizza-co");
    expect(second.accountName).toBe("joes-pizza-co-2");
    expect(first.generated).toBe(true);
    const me = await t.get("/api/account/me", {
      cookie: await loginAs(t.app, "joe_admin", first.password),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().timezoneId).toBe(5);
    // Any zone of the table, by its IANA name (an older name too).
    const paris = await createAccountWithOwner(t.db, {
      businessName: "Chez Joe",
      username: "joe_paris",
      email: "joe-paris@example.test",
      timezone: "Asia/Calcutta",
    });
    const kolkata = await t.get("/api/account/me", {
      cookie: await loginAs(t.app, "joe_paris", paris.password),
    });
    expect(kolkata.json().timezoneId).toBe(timezoneByIana("Asia/Kolkata")?.id);
    expect(kolkata.json().timezone).toBe("+05:30");
    await expect(
      createAccountWithOwner(t.db, {
        businessName: "Y",
        username: "joe_mars",
        email: "mars@example.test",
        timezone: "Mars/Olympus",
      }),
    ).rejects.toThrow(/unknown time zone "Mars\/Olympus": use one of ET, CT/);
    // The tour is read where it is written (per user): the new Owner starts on its first step.
    const cookie = await loginAs(t.app, "joe_admin", first.password);
    expect((await t.get("/api/tour", { cookie })).json()).toEqual({ step: 1 });
    await expect(
      createAccountWithOwner(t.db, {
        businessName: "X",
        username: "JOE_ADMIN",
        email: "x@example.test",
      }),
    ).rejects.toThrow(/already exists/);
    await expect(
      createAccountWithOwner(t.db, {
        businessName: "Y",
        username: "y_admin",
        email: "y@example.test",
        password: "password1",
      }),
    ).rejects.toThrow(/too easy to guess/);
  });

  it("resets a password, refusing a weak one, and ends the user's sessions", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, user.username, user.password);
    expect((await t.get("/api/account/me", { cookie })).statusCode).toBe(200);
    await expect(
      resetUserPassword(t.db, { username: user.username, password: "qwerty123" }),
    ).rejects.toThrow(/too easy to guess/);
    const reset = await resetUserPassword(t.db, { username: user.username.toUpperCase() });
    expect(reset.sessionsEnded).toBe(1);
    expect(reset.password.length).toBeGreaterThanOrEqual(20);
    expect((await t.get("/api/account/me", { cookie })).statusCode).toBe(401);
    await loginAs(t.app, user.username, reset.password);
    await expect(resetUserPassword(t.db, { username: "nobody_here" })).rejects.toThrow(
      /no user is named/,
    );
  });
});
