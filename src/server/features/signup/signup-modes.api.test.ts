import { describe, expect, it } from "vitest";
import { SIGNUP_TEXT } from "../../../domain/signup.schemas";
import { createTestServer, nextIp } from "../../test/harness";
import { createSignupInvite } from "../auth/signup-invites";

// Who may open an account at /admin-signup is the operator's choice (SIGNUP): a server with a
// real carrier is closed by default, so a stranger cannot sign up and send on its account.
const closed = await createTestServer({ env: { SIGNUP: "closed", AUTH_RATE_LIMIT: "100" } });
const byInvite = await createTestServer({ env: { SIGNUP: "invite", AUTH_RATE_LIMIT: "100" } });

const form = (over: Record<string, unknown> = {}) => ({
  firstName: "Joe",
  lastName: "Baker",
  email: `joe${Math.random().toString(36).slice(2, 8)}@pizza.test`,
  password: "a-good-password",
  businessName: "Joe's Pizza & Co.",
  industry: 1,
  timezoneId: 5,
  phone: "(415) 555-0142",
  ...over,
});

const accounts = async (t: typeof closed) =>
  Number((await t.db.$client.query("select count(*) from accounts")).rows[0].count);

describe("sign-up modes", () => {
  it("closed: refuses every sign-up with the reason and makes no account", async () => {
    const before = await accounts(closed);
    const res = await closed.post("/api/auth/admin-signup", form(), { remoteAddress: nextIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SIGNUP_TEXT.closed);
    expect(await accounts(closed)).toBe(before);
    const providers = await closed.get("/api/auth/providers");
    expect(providers.json().signup).toBe("closed");
  });

  it("by invitation: refuses without one, admits one account per invitation", async () => {
    const before = await accounts(byInvite);
    const none = await byInvite.post("/api/auth/admin-signup", form(), { remoteAddress: nextIp() });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.message).toBe(SIGNUP_TEXT.inviteNeeded);
    const bogus = await byInvite.post("/api/auth/admin-signup", form({ invite: "not-a-token" }), {
      remoteAddress: nextIp(),
    });
    expect(bogus.json().error.message).toBe(SIGNUP_TEXT.inviteInvalid);
    expect(await accounts(byInvite)).toBe(before);

    const { token } = await createSignupInvite(byInvite.db, { days: 7, now: new Date() });
    const first = await byInvite.post("/api/auth/admin-signup", form({ invite: token }), {
      remoteAddress: nextIp(),
    });
    expect(first.statusCode).toBe(200);
    expect(await accounts(byInvite)).toBe(before + 1);
    const again = await byInvite.post("/api/auth/admin-signup", form({ invite: token }), {
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(SIGNUP_TEXT.inviteInvalid);
    expect(await accounts(byInvite)).toBe(before + 1);
  });

  it("by invitation: a sign-up that makes no account gives the invitation back", async () => {
    const { token } = await createSignupInvite(byInvite.db, { days: 7, now: new Date() });
    const taken = form();
    const made = await byInvite.post(
      "/api/auth/admin-signup",
      { ...taken, invite: token },
      {
        remoteAddress: nextIp(),
      },
    );
    expect(made.statusCode).toBe(200);
    const { token: second } = await createSignupInvite(byInvite.db, { days: 7, now: new Date() });
    // The same address again: answered as if made (no account is), the invitation stays good.
    const before = await accounts(byInvite);
    const decoy = await byInvite.post(
      "/api/auth/admin-signup",
      { ...taken, invite: second },
      {
        remoteAddress: nextIp(),
      },
    );
    expect(decoy.statusCode).toBe(200);
    expect(await accounts(byInvite)).toBe(before);
    const real = await byInvite.post("/api/auth/admin-signup", form({ invite: second }), {
      remoteAddress: nextIp(),
    });
    expect(real.statusCode).toBe(200);
    expect(await accounts(byInvite)).toBe(before + 1);
  });
});
