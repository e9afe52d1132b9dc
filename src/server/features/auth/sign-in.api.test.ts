import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp, type TestResponse } from "../../test/harness";
import { mailMessages } from "../mail/mail.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { users } from "../users/users.schema";

const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000", AUTH_RATE_LIMIT: "50" },
});

/** A browser: its cookies, kept across requests as a browser keeps them (any path). */
class Browser {
  jar = new Map<string, string>();
  constructor(readonly ip = nextIp()) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: TestResponse) {
    for (const c of res.cookies) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(await t.get(url, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  async post(url: string, body?: unknown) {
    return this.keep(await t.post(url, body, { cookie: this.cookie, remoteAddress: this.ip }));
  }
  login(user: { username: string; password: string }) {
    return this.post("/api/auth/login", { username: user.username, password: user.password });
  }
  async signedIn() {
    return (await this.get("/api/account/me")).statusCode === 200;
  }
}

/** The newest mail of a kind to an address, and the first link in it. */
async function lastLink(to: string, kind: string): Promise<string> {
  const [mail] = await t.db
    .select({ text: mailMessages.textBody })
    .from(mailMessages)
    .where(sql`${mailMessages.toAddress} = ${to} and ${mailMessages.kind} = ${kind}`)
    .orderBy(sql`${mailMessages.id} desc`)
    .limit(1);
  const m = /(http:\/\/\S+)/.exec(mail?.text ?? "");
  if (!m) throw new Error(`no ${kind} mail to ${to}`);
  const url = new URL(m[1]!);
  // The login page hands verify_email / verify_device to the server's link route.
  for (const kind of ["email", "device"]) {
    const token = url.searchParams.get(`verify_${kind}`);
    if (url.pathname === "/auth/login" && token)
      return `/api/auth/verify-${kind}?token=${encodeURIComponent(token)}`;
  }
  return `${url.pathname}${url.search}`;
}

async function mailCount(to: string, kind: string) {
  const rows = await t.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(sql`${mailMessages.toAddress} = ${to} and ${mailMessages.kind} = ${kind}`);
  return rows.length;
}

async function setPolicy(
  cookie: string,
  policy: { verifyNewDevices: boolean; requirePhoneVerification: boolean },
) {
  const res = await t.put("/api/auth/sign-in-policy", policy, { cookie });
  expect(res.statusCode).toBe(200);
  return res;
}

describe("a user with nothing left to verify", () => {
  it("signs in at once, as before (the demo stays one step)", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const b = new Browser();
    const res = await b.login(user);
    expect(res.json()).toEqual({
      ok: true,
      emailVerificationRequired: false,
      phoneVerificationRequired: false,
      deviceVerificationRequired: false,
    });
    expect(await b.signedIn()).toBe(true);
    // The browser got a device id cookie (httpOnly) for later checks.
    const device = res.cookies.find((c) => c.name === "parley_device_id");
    expect(device?.httpOnly).toBe(true);
  });
});

describe("e-mail verification", () => {
  it("mails a link instead of a session; the link on the same browser signs in", async () => {
    const { user } = await buildAccountWithUser(t.db, { user: { emailVerifiedAt: null } });
    const b = new Browser();
    const res = await b.login(user);
    expect(res.json()).toMatchObject({ emailVerificationRequired: true });
    expect(res.cookies.find((c) => c.name === "parley_session")).toBeUndefined();
    expect(await b.signedIn()).toBe(false);
    expect(await mailCount(user.email, "verify_email")).toBe(1);

    // A resend mails a new link; the old one stops working.
    const old = await lastLink(user.email, "verify_email");
    expect((await b.post("/api/auth/verification-email/resend")).statusCode).toBe(200);
    expect(await mailCount(user.email, "verify_email")).toBe(2);
    const link = await lastLink(user.email, "verify_email");
    expect(link).not.toBe(old);
    const stale = await b.get(old);
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe("/auth/login?email_token_invalid=1");

    const opened = await b.get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/dashboard");
    expect(await b.signedIn()).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();

    // Single use.
    expect((await new Browser().get(link)).headers.location).toBe(
      "/auth/login?email_token_invalid=1",
    );
    // Verified now: the next login is one step.
    expect((await new Browser().login(user)).json().emailVerificationRequired).toBe(false);
  });

  it("verifies the address when opened elsewhere, and then asks to log in", async () => {
    const { user } = await buildAccountWithUser(t.db, { user: { emailVerifiedAt: null } });
    await new Browser().login(user);
    const phone = new Browser();
    const opened = await phone.get(await lastLink(user.email, "verify_email"));
    expect(opened.headers.location).toBe("/auth/login?email_verified=1");
    expect(await phone.signedIn()).toBe(false);
    expect((await phone.login(user)).json().emailVerificationRequired).toBe(false);
  });

  it("refuses a made-up link and a resend without a sign-in waiting", async () => {
    const res = await new Browser().get("/api/auth/verify-email?token=made-up");
    expect(res.headers.location).toBe("/auth/login?email_token_invalid=1");
    const resend = await new Browser().post("/api/auth/verification-email/resend");
    expect(resend.statusCode).toBe(401);
    expect(resend.json().error.message).toBe("Your sign-in has timed out. Please log in again.");
  });
});

describe("device verification", () => {
  it("mails a link for a new device; only that device can use it", async () => {
    const { account, user } = await buildAccountWithUser(t.db);
    const owner = new Browser();
    await owner.login(user);
    await setPolicy(owner.cookie, { verifyNewDevices: true, requirePhoneVerification: false });
    // The owner's own browser was remembered when the check was turned on.
    expect((await owner.login(user)).json().deviceVerificationRequired).toBe(false);

    const laptop = new Browser();
    const res = await laptop.login(user);
    expect(res.json()).toMatchObject({ deviceVerificationRequired: true });
    expect(await laptop.signedIn()).toBe(false);
    const link = await lastLink(user.email, "verify_device");
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(
        sql`${mailMessages.kind} = 'verify_device' and ${mailMessages.toAddress} = ${user.email}`,
      );
    expect(mail!.accountId).toBe(account.id);

    const elsewhere = new Browser();
    await elsewhere.get("/api/auth/check");
    expect((await elsewhere.get(link)).headers.location).toBe("/auth/login?incorrect_device=1");
    expect(await elsewhere.signedIn()).toBe(false);
    expect((await laptop.get("/api/auth/verify-device?token=nope")).headers.location).toBe(
      "/auth/login?device_token_invalid=1",
    );

    const opened = await laptop.get(link);
    expect(opened.headers.location).toBe("/dashboard");
    expect(await laptop.signedIn()).toBe(true);
    // Known from now on; the link is spent.
    expect((await laptop.login(user)).json().deviceVerificationRequired).toBe(false);
    expect((await laptop.get(link)).headers.location).toBe("/auth/login?device_token_invalid=1");
  });

  it("goes on to two-factor after the device link when two-factor is on", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const owner = new Browser();
    await owner.login(user);
    const setup = await t.post("/api/auth/two-factor/app", undefined, { cookie: owner.cookie });
    const secret = setup.json().secret as string;
    await t.post(
      "/api/auth/two-factor/confirm",
      { code: await generate({ secret }) },
      { cookie: owner.cookie },
    );
    await setPolicy(owner.cookie, { verifyNewDevices: true, requirePhoneVerification: false });

    const laptop = new Browser();
    expect((await laptop.login(user)).json().deviceVerificationRequired).toBe(true);
    const opened = await laptop.get(await lastLink(user.email, "verify_device"));
    expect(opened.headers.location).toBe("/auth/login?two_factor=1");
    expect(await laptop.signedIn()).toBe(false);
    expect((await laptop.get("/api/auth/tfa")).json()).toMatchObject({ required: true });
    const ok = await laptop.post("/api/auth/tfa/validate", { token: await generate({ secret }) });
    expect(ok.statusCode).toBe(200);
    expect(await laptop.signedIn()).toBe(true);
  });

  it("is set by the owner only, per account", async () => {
    const { account, user } = await buildAccountWithUser(t.db);
    const agent = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
    const agentCookie = await loginAs(t.app, agent.username, agent.password);
    const refused = await t.put(
      "/api/auth/sign-in-policy",
      { verifyNewDevices: true, requirePhoneVerification: false },
      { cookie: agentCookie },
    );
    expect(refused.statusCode).toBe(403);
    expect((await t.get("/api/auth/sign-in-policy", { cookie: agentCookie })).statusCode).toBe(403);

    const ownerCookie = await loginAs(t.app, user.username, user.password);
    // Codes are texted from the account's numbers: without one, phone checks cannot be asked.
    const noNumber = await t.put(
      "/api/auth/sign-in-policy",
      { verifyNewDevices: true, requirePhoneVerification: true },
      { cookie: ownerCookie },
    );
    expect(noNumber.statusCode).toBe(409);
    expect(noNumber.json().error.message).toBe(
      "This account has no active number to text verification codes from. Add a number first.",
    );
    await setPolicy(ownerCookie, { verifyNewDevices: true, requirePhoneVerification: false });
    const other = await buildAccountWithUser(t.db);
    const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
    expect((await t.get("/api/auth/sign-in-policy", { cookie: otherCookie })).json()).toEqual({
      verifyNewDevices: false,
      requirePhoneVerification: false,
    });
    const bad = await t.put(
      "/api/auth/sign-in-policy",
      { verifyNewDevices: "yes" },
      { cookie: ownerCookie },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe("phone verification", async () => {
  const ACCOUNT_NUMBER = "+14155550188";
  const { account, user } = await buildAccountWithUser(t.db);
  const owned = await t.ctx.carrier.buyNumber(ACCOUNT_NUMBER, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  await t.db
    .insert(phoneNumbers)
    .values({ accountId: account.id, number: ACCOUNT_NUMBER, carrierSid: owned.sid });

  async function lastCode(phone: string): Promise<string> {
    const { rows } = await t.db.execute<{ body: string }>(
      sql`select body from emu_messages where to_number = ${phone} order by created_at desc limit 1`,
    );
    const m = /code is (\d{4})\b/.exec(rows[0]?.body ?? "");
    if (!m) throw new Error("no code was texted");
    return m[1]!;
  }

  it("asks for a verified phone before the session, then signs in", async () => {
    const owner = new Browser();
    await owner.login(user);
    await setPolicy(owner.cookie, { verifyNewDevices: false, requirePhoneVerification: true });

    const b = new Browser();
    const res = await b.login(user);
    expect(res.json()).toMatchObject({ phoneVerificationRequired: true });
    expect(await b.signedIn()).toBe(false);
    expect((await b.get("/api/auth/phone-verification")).json()).toEqual({
      pending: true,
      phone: null,
      phoneVerified: false,
    });
    // Nothing waits in a browser that did not log in.
    expect((await new Browser().get("/api/auth/phone-verification")).json().pending).toBe(false);

    const empty = await b.post("/api/auth/phone-verification/send", { phone: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Phone number is required");
    const bad = await b.post("/api/auth/phone-verification/send", { phone: "+44 20 7946 0958" });
    expect(bad.json().error.message).toBe("Invalid phone number");

    const sent = await b.post("/api/auth/phone-verification/send", { phone: "312-555-0142" });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode("+13125550142");
    const again = await b.post("/api/auth/phone-verification/send", {
      phone: "312-555-0142",
      resend: true,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(
      "Please wait 30 seconds before asking for another code.",
    );

    const short = await b.post("/api/auth/phone-verification/verify", {
      verificationCode: "12",
      phoneNumber: "3125550142",
    });
    expect(short.json().error.message).toBe("Code must be exactly 4 digits");
    const none = await b.post("/api/auth/phone-verification/verify", {
      verificationCode: "",
      phoneNumber: "3125550142",
    });
    expect(none.json().error.message).toBe("Verification code is required");
    const wrong = await b.post("/api/auth/phone-verification/verify", {
      verificationCode: code === "0000" ? "1111" : "0000",
      phoneNumber: "3125550142",
    });
    expect(wrong.statusCode).toBe(400);
    expect(await b.signedIn()).toBe(false);

    const ok = await b.post("/api/auth/phone-verification/verify", {
      verificationCode: code,
      phoneNumber: "3125550142",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phoneVerified: true, phoneVerificationRequired: false });
    expect(await b.signedIn()).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe("+13125550142");
    expect(row!.phoneVerifiedAt).not.toBeNull();
    // Verified once: not asked again.
    expect((await new Browser().login(user)).json().phoneVerificationRequired).toBe(false);
  });

  it("lets a signed-in user verify a phone of their own", async () => {
    const other = await buildUser(t.db, { accountId: account.id });
    const b = new Browser();
    await b.login(other);
    expect(
      (await b.post("/api/auth/phone-verification/send", { phone: "3125550143" })).statusCode,
    ).toBe(200);
    // A number verified by someone else is refused.
    const taken = await b.post("/api/auth/phone-verification/send", { phone: "3125550142" });
    expect(taken.statusCode).toBe(409);
    const ok = await b.post("/api/auth/phone-verification/verify", {
      verificationCode: await lastCode("+13125550143"),
      phoneNumber: "3125550143",
    });
    expect(ok.json()).toMatchObject({ phoneVerified: true });
    expect((await b.get("/api/auth/phone-verification")).json()).toEqual({
      pending: false,
      phone: "+13125550143",
      phoneVerified: true,
    });
  });

  it("refuses the public variant without a sign-in waiting on it", async () => {
    const res = await new Browser().post("/api/auth/phone-verification/send", {
      phone: "3125550144",
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("magic links", () => {
  it("answers alike for any address and mails a single-use sign-in link", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const unknown = await new Browser().post("/api/auth/magic-link", {
      email: "nobody@example.test",
    });
    const known = await new Browser().post("/api/auth/magic-link", { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(
      `If an account exists for ${user.email}, we've sent it a sign-in link. The link expires in 15 minutes.`,
    );
    const invalidEmail = await new Browser().post("/api/auth/magic-link", { email: "nope" });
    expect(invalidEmail.json().error.message).toBe("Invalid Email Address");

    // The mail leaves in the background.
    await expect.poll(() => mailCount(user.email, "magic_link")).toBe(1);
    const link = await lastLink(user.email, "magic_link");
    expect(link).toMatch(/^\/auth\/login\?magic_token=/);
    const token = new URLSearchParams(link.split("?")[1]).get("magic_token");

    const b = new Browser();
    const bad = await b.post("/api/auth/magic-token", { token: "made-up" });
    expect(bad.json()).toMatchObject({ isValid: false });
    const ok = await b.post("/api/auth/magic-token", { token });
    expect(ok.json()).toMatchObject({ isValid: true, phoneVerificationRequired: false });
    expect(await b.signedIn()).toBe(true);
    const reused = await new Browser().post("/api/auth/magic-token", { token });
    expect(reused.json().isValid).toBe(false);
  });
});

describe("the authenticator key at rest", () => {
  it("is sealed with AES-256-GCM, and a plaintext one is sealed on first use", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, user.username, user.password);
    const secret = (await t.post("/api/auth/two-factor/app", undefined, { cookie })).json()
      .secret as string;
    await t.post("/api/auth/two-factor/confirm", { code: await generate({ secret }) }, { cookie });
    const stored = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.totpSecret!;
    expect(await stored()).toMatch(/^enc:v2:/);
    expect(await stored()).not.toContain(secret);

    // A key stored before sealing (plaintext) still works and is sealed when read.
    await t.db.update(users).set({ totpSecret: secret }).where(eq(users.id, user.id));
    const b = new Browser();
    expect((await b.login(user)).json().twoFactorRequired).toBe(true);
    const ok = await b.post("/api/auth/tfa/validate", { token: await generate({ secret }) });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toMatch(/^enc:v2:/);
  });
});

describe("deeplinks", () => {
  /** The business's own website, as its contact card gives it. */
  const website = (accountId: number, url: string) =>
    t.db.$client.query(
      `insert into contact_cards (account_id, organization_name, website, photo) values ($1, 'Biz', $2, 'x')
       on conflict (account_id) do update set website = excluded.website`,
      [accountId, url],
    );

  it("lead only to this site or the business's own website, never anywhere from the app's address", async () => {
    const a = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, a.user.username, a.user.password);
    const make = (uri: string) => t.post("/api/deeplinks", { uri }, { cookie });
    const NOT_ALLOWED =
      "A deeplink opens a page of this site or of your own website (the website on your contact card).";
    // Someone else's site, with no website of the business's or beside it: refused, clearly.
    const phish = await make("https://evil.example/login");
    expect(phish.statusCode).toBe(400);
    expect(phish.json().error.message).toBe(NOT_ALLOWED);
    await website(a.account.id, "https://www.beanthere.example/home");
    for (const uri of ["https://evil.example/login", "https://beanthere.example.evil.example/x"]) {
      const res = await make(uri);
      expect(res.statusCode, uri).toBe(400);
      expect(res.json().error.message).toBe(NOT_ALLOWED);
    }
    // Paths that browsers read as another site are not paths of this one.
    for (const uri of ["/\\evil.example", "//evil.example", "/\tevil"]) {
      expect((await make(uri)).statusCode, uri).toBe(400);
    }
    // The business's site (and its subdomains), this site, and its pages are fine.
    for (const uri of [
      "https://beanthere.example/menu",
      "https://shop.beanthere.example/",
      `${t.config.publicBase}/subscribe/x`,
      "/subscribe/x?from=flyer",
    ]) {
      const res = await make(uri);
      expect(res.statusCode, uri).toBe(201);
      expect((await t.get(`/api/deeplinks/${res.json().id}/uri`)).json()).toEqual({ uri });
    }
    // One saved before this rule leads nowhere.
    await t.db.$client.query(
      "insert into deeplinks (id, account_id, uri) values ('Old2link', $1, 'https://evil.example')",
      [a.account.id],
    );
    expect((await t.get("/api/deeplinks/Old2link/uri")).statusCode).toBe(404);
  });

  it("resolve publicly; each account sees and deletes only its own", async () => {
    const a = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, a.user.username, a.user.password);
    await website(a.account.id, "https://example.test");
    const made = await t.post("/api/deeplinks", { uri: "https://example.test/offer" }, { cookie });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    expect(made.json().url).toBe(`${t.config.publicBase}/${id}`);
    expect((await t.get(`/api/deeplinks/${id}/uri`)).json()).toEqual({
      uri: "https://example.test/offer",
    });
    const plain = await t.post("/api/deeplinks", { uri: "" }, { cookie });
    expect((await t.get(`/api/deeplinks/${plain.json().id}/uri`)).json()).toEqual({
      uri: `/subscribe/${a.account.accountName}`,
    });
    const bad = await t.post("/api/deeplinks", { uri: "javascript:alert(1)" }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Enter a link that starts with http://, https:// or /");
    expect((await t.get("/api/deeplinks/nothing1/uri")).statusCode).toBe(404);

    const b = await buildAccountWithUser(t.db);
    const other = await loginAs(t.app, b.user.username, b.user.password);
    expect((await t.get("/api/deeplinks", { cookie: other })).json().rows).toEqual([]);
    const del = await t.request({ method: "DELETE", url: `/api/deeplinks/${id}`, cookie: other });
    expect(del.statusCode).toBe(404);
    expect((await t.get("/api/deeplinks", { cookie })).json().rows).toHaveLength(2);
    const mine = await t.request({ method: "DELETE", url: `/api/deeplinks/${id}`, cookie });
    expect(mine.statusCode).toBe(200);
    expect((await t.get(`/api/deeplinks/${id}/uri`)).statusCode).toBe(404);
  });
});
