import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";

const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000", AUTH_RATE_LIMIT: "50" },
});

const ACCOUNT_NUMBER = "+14155550177";
const USER_PHONE = "+13125550177";

const { account, user } = await buildAccountWithUser(t.db, { user: { phone: USER_PHONE } });
const owned = await t.ctx.carrier.buyNumber(ACCOUNT_NUMBER, {
  smsUrl: "",
  statusCallback: "",
  friendlyName: "",
});
await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: ACCOUNT_NUMBER, carrierSid: owned.sid });

function cookieHeader(res: TestResponse, names: string[], previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((kv) => kv.split("=") as [string, string]),
  );
  for (const c of res.cookies) if (names.includes(c.name)) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The newest code the carrier emulator delivered to the user's phone. */
async function lastCodeSent(): Promise<string> {
  const { rows } = await t.db.execute<{ body: string }>(
    sql`select body from emu_messages where to_number = ${USER_PHONE} order by created_at desc limit 1`,
  );
  const m = /code is (\d{6})/.exec(rows[0]?.body ?? "");
  if (!m) throw new Error("no code was texted");
  return m[1]!;
}

const login = (cookie = "") =>
  t.post(
    "/api/auth/login",
    { username: user.username, password: user.password },
    { cookie, remoteAddress: nextIp() },
  );

describe("authenticator app", () => {
  let secret = "";

  it("is set up with a QR code and turned on by a code from the app", async () => {
    const cookie = await loginAs(t.app, user.username, user.password);
    const setup = await t.post("/api/auth/two-factor/app", undefined, { cookie });
    expect(setup.statusCode).toBe(200);
    secret = setup.json().secret;
    expect(setup.json().otpauthUrl).toContain("otpauth://totp/Parley:");
    expect(setup.json().qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.post("/api/auth/two-factor/confirm", { code: "000000" }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("Invalid authentication code");
    const ok = await t.post(
      "/api/auth/two-factor/confirm",
      { code: await generate({ secret }) },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ method: "app", phone: USER_PHONE });
  });

  it("makes login ask for the code: no session before it, and a wrong one is refused", async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRequired: true, twoFactorMethod: "app" });
    expect(res.cookies.find((c) => c.name === "parley_session")).toBeUndefined();
    const challenge = cookieHeader(res, ["parley_tfa"]);
    expect((await t.get("/api/account/me", { cookie: challenge })).statusCode).toBe(401);
    expect((await t.get("/api/auth/tfa", { cookie: challenge })).json()).toEqual({
      required: true,
      method: "app",
      phoneHint: null,
    });

    const bad = await t.post("/api/auth/tfa/validate", { token: "123456" }, { cookie: challenge });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid authentication code");
    const empty = await t.post("/api/auth/tfa/validate", { token: "" }, { cookie: challenge });
    expect(empty.json().error.message).toBe("Invalid authentication code");

    const good = await t.post(
      "/api/auth/tfa/validate",
      { token: await generate({ secret }), rememberDevice: true },
      { cookie: challenge },
    );
    expect(good.statusCode).toBe(200);
    const session = cookieHeader(good, ["parley_session"]);
    expect((await t.get("/api/account/me", { cookie: session })).statusCode).toBe(200);
    const device = good.cookies.find((c) => c.name === "parley_device");
    expect(device?.httpOnly).toBe(true);
    expect(device!.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // A remembered device skips the code for 30 days.
    const again = await login(cookieHeader(good, ["parley_device"]));
    expect(again.json().twoFactorRequired).toBeUndefined();
    expect(again.cookies.find((c) => c.name === "parley_session")).toBeDefined();

    // The challenge was used up.
    const reused = await t.post(
      "/api/auth/tfa/validate",
      { token: await generate({ secret }) },
      { cookie: challenge },
    );
    expect(reused.statusCode).toBe(401);
  });

  it("ends a sign-in after 5 wrong codes", async () => {
    const challenge = cookieHeader(await login(), ["parley_tfa"]);
    for (let i = 0; i < 5; i++)
      await t.post("/api/auth/tfa/validate", { token: "000000" }, { cookie: challenge });
    const right = await t.post(
      "/api/auth/tfa/validate",
      { token: await generate({ secret }) },
      { cookie: challenge },
    );
    expect(right.statusCode).toBe(401);
  });

  it("is turned off with the password, which also forgets remembered devices", async () => {
    const good = await t.post(
      "/api/auth/tfa/validate",
      { token: await generate({ secret }) },
      { cookie: cookieHeader(await login(), ["parley_tfa"]) },
    );
    const session = cookieHeader(good, ["parley_session"]);
    const wrong = await t.post(
      "/api/auth/two-factor/disable",
      { password: "nope" },
      { cookie: session },
    );
    expect(wrong.statusCode).toBe(400);
    const off = await t.post(
      "/api/auth/two-factor/disable",
      { password: user.password },
      { cookie: session },
    );
    expect(off.json()).toEqual({ method: null, phone: USER_PHONE });
    expect((await login()).json().twoFactorRequired).toBeUndefined();
  });
});

describe("SMS code", () => {
  it("is turned on by a code texted through the carrier, then asked at login", async () => {
    const cookie = await loginAs(t.app, user.username, user.password);
    const bad = await t.post("/api/auth/two-factor/sms", { phone: "12" }, { cookie });
    expect(bad.json().error.message).toBe("Invalid phone number");
    const sent = await t.post("/api/auth/two-factor/sms", { phone: "(312) 555-0177" }, { cookie });
    expect(sent.statusCode).toBe(200);
    const on = await t.post(
      "/api/auth/two-factor/confirm",
      { code: await lastCodeSent() },
      { cookie },
    );
    expect(on.json()).toEqual({ method: "sms", phone: USER_PHONE });

    const res = await login();
    expect(res.json()).toMatchObject({ twoFactorRequired: true, twoFactorMethod: "sms" });
    const challenge = cookieHeader(res, ["parley_tfa"]);
    expect((await t.get("/api/auth/tfa", { cookie: challenge })).json()).toEqual({
      required: true,
      method: "sms",
      phoneHint: "•••• 0177",
    });
    expect((await t.post("/api/auth/tfa/sms", undefined, { cookie: challenge })).statusCode).toBe(
      200,
    );
    const first = await lastCodeSent();
    // A resend replaces the code.
    expect((await t.post("/api/auth/tfa/sms", undefined, { cookie: challenge })).statusCode).toBe(
      200,
    );
    const second = await lastCodeSent();
    if (first !== second) {
      const old = await t.post("/api/auth/tfa/validate", { token: first }, { cookie: challenge });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.post("/api/auth/tfa/validate", { token: second }, { cookie: challenge });
    expect(ok.statusCode).toBe(200);
  });

  it("allows 10 codes per sign-in", async () => {
    const challenge = cookieHeader(await login(), ["parley_tfa"]);
    for (let i = 0; i < 10; i++) {
      const res = await t.post("/api/auth/tfa/sms", undefined, { cookie: challenge });
      expect(res.statusCode, `send ${i + 1}`).toBe(200);
    }
    const eleventh = await t.post("/api/auth/tfa/sms", undefined, { cookie: challenge });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(
      "You have asked for 10 codes. Please log in again to get a new one.",
    );
  });

  it("says 'Error sending SMS' when the account has no number to send from", async () => {
    const other = await buildAccountWithUser(t.db, {
      user: { phone: "+13125550199", twoFactorMethod: "sms" },
    });
    const res = await t.post(
      "/api/auth/login",
      { username: other.user.username, password: other.user.password },
      { remoteAddress: nextIp() },
    );
    const sms = await t.post("/api/auth/tfa/sms", undefined, {
      cookie: cookieHeader(res, ["parley_tfa"]),
    });
    expect(sms.statusCode).toBe(409);
    expect(sms.json().error.message).toBe("Error sending SMS");
  });
});
