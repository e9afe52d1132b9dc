import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp } from "../../test/harness";

const t = await createTestServer({ env: { PUBLIC_URL: "http://parley.test" } });
/** A local install: loopback only, mail kept (no SMTP), as `npm start` on one's own machine. */
const local = await createTestServer();
/** Loopback, but mail really goes out by SMTP (never reached here: only unknown addresses ask). */
const withSmtp = await createTestServer({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: "9" } });

/** The newest local-mailbox mail to `to`, once it has been stored (mail leaves in the background). */
async function latestMailTo(to: string, after = 0): Promise<{ id: number; text: string }> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.db.execute<{ id: number; text_body: string }>(
      sql`select id, text_body from mail_messages where lower(to_address) = ${to.toLowerCase()} and id > ${after} order by id desc limit 1`,
    );
    if (rows[0]) return { id: Number(rows[0].id), text: rows[0].text_body };
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no mail to ${to}`);
}

function tokenOf(text: string): string {
  const m = /\/auth\/reset-password\?token=([\w-]+)/.exec(text);
  if (!m) throw new Error("no reset link in mail");
  return m[1]!;
}

const post = (url: string, body: unknown) => t.post(url, body, { remoteAddress: nextIp() });

describe("forgot password", () => {
  it("answers the same whether or not the address has an account", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const known = await post("/api/auth/forgot-password", { email: user.email.toUpperCase() });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody@nowhere.test" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // Only the address typed differs in the words.
    expect(known.json().message.replace(user.email.toUpperCase(), "X")).toBe(
      unknown.json().message.replace("nobody@nowhere.test", "X"),
    );
    expect(known.json().message).toContain("expires in 60 minutes");
    await latestMailTo(user.email);
    const { rows } = await t.db.execute(
      sql`select 1 from mail_messages where to_address = 'nobody@nowhere.test'`,
    );
    expect(rows).toEqual([]);
  });

  it("checks the address with the spec's words", async () => {
    const empty = await post("/api/auth/forgot-password", { email: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Email is required");
    const bad = await post("/api/auth/forgot-password", { email: "not-an-email" });
    expect(bad.json().error.message).toBe("Invalid Email Address");
  });

  it("limits requests per client with a clear 429", async () => {
    const remoteAddress = "10.55.0.1";
    for (let i = 0; i < 5; i++) {
      const res = await t.post(
        "/api/auth/forgot-password",
        { email: "x@y.test" },
        { remoteAddress },
      );
      expect(res.statusCode).toBe(200);
    }
    const sixth = await t.post(
      "/api/auth/forgot-password",
      { email: "x@y.test" },
      { remoteAddress },
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(
      "Too many attempts. Please wait a minute and try again.",
    );
    expect(sixth.headers["retry-after"]).toBeDefined();
  });
});

describe("the reset mail on the forgot-password page (local mail preview)", () => {
  /** Asks for a reset as a browser; answers the answer and the cookie that browser keeps. */
  async function ask(server: typeof t, email: string) {
    const res = await server.post(
      "/api/auth/forgot-password",
      { email },
      { remoteAddress: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    const ticket = res.cookies.find((c) => c.name === "parley_reset_mail");
    return { message: res.json().message as string, ticket };
  }
  async function preview(server: typeof t, ticket?: string) {
    const res = await server.get("/api/auth/forgot-password/mail", {
      cookie: ticket ? `parley_reset_mail=${ticket}` : "",
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { local: boolean; mails: { subject: string; link: string | null }[] };
  }
  async function previewWhenKept(server: typeof t, ticket: string) {
    for (let i = 0; i < 100; i++) {
      const p = await preview(server, ticket);
      if (p.mails.length) return p;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error("no reset mail previewed");
  }

  it("on a local install shows the browser that asked its reset mail, and the link sets the password", async () => {
    const { user } = await buildAccountWithUser(local.db);
    const known = await ask(local, user.email);
    expect(known.ticket?.httpOnly).toBe(true);
    const shown = await previewWhenKept(local, known.ticket!.value);
    expect(shown.local).toBe(true);
    expect(shown.mails).toHaveLength(1);
    expect(shown.mails[0]!.subject).toBe("Reset your Parley password");
    const token = /^\/auth\/reset-password\?token=([\w-]+)$/.exec(shown.mails[0]!.link ?? "")?.[1];
    expect(token).toBeTruthy();
    const done = await local.post(
      "/api/auth/reset-password",
      { resetPasswordToken: token, newPassword: "a-brand-new-passphrase-9" },
      { remoteAddress: nextIp() },
    );
    expect(done.statusCode).toBe(200);
  });

  it("answers an address without an account the same way: the same cookie, no mail", async () => {
    const unknown = await ask(local, "nobody-here@nowhere.test");
    // The browser cannot tell from the answer: a ticket too, and the same words.
    expect(unknown.ticket?.httpOnly).toBe(true);
    expect(unknown.message).toBe(
      "If an account exists for nobody-here@nowhere.test, we've sent it a link to reset the password. The link expires in 60 minutes.",
    );
    expect(await preview(local, unknown.ticket!.value)).toEqual({ local: true, mails: [] });
    // No ticket, or one this server did not seal, shows nothing.
    expect(await preview(local)).toEqual({ local: true, mails: [] });
    expect(await preview(local, "forged")).toEqual({ local: true, mails: [] });
  });

  it("never shows the mail on a server others reach, nor where mail goes out by SMTP", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const reached = await ask(t, user.email);
    expect(reached.ticket).toBeUndefined();
    await latestMailTo(user.email);
    expect(await preview(t)).toEqual({ local: false, mails: [] });

    const smtp = await ask(withSmtp, "someone@nowhere.test");
    expect(smtp.ticket).toBeUndefined();
    expect(await preview(withSmtp)).toEqual({ local: false, mails: [] });
  });
});

describe("reset password", () => {
  it("sets the new password once, ends every session, and voids older links", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const session = await loginAs(t.app, user.username, user.password);
    await post("/api/auth/forgot-password", { email: user.email });
    const first = await latestMailTo(user.email);
    await post("/api/auth/forgot-password", { email: user.email });
    const second = await latestMailTo(user.email, first.id);

    // The older link stopped working when the newer one was sent.
    const stale = await post("/api/auth/reset-password", {
      resetPasswordToken: tokenOf(first.text),
      newPassword: "a-new-password",
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.message).toBe(
      "This password reset link has expired or was already used. Please start a new request to reset password.",
    );

    // A common password is refused and the link stays good for a better one.
    const weak = await post("/api/auth/reset-password", {
      resetPasswordToken: tokenOf(second.text),
      newPassword: "password1",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toMatch(/^This password is too easy to guess\./);

    const ok = await post("/api/auth/reset-password", {
      resetPasswordToken: tokenOf(second.text),
      newPassword: "a-new-password",
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.get("/api/account/me", { cookie: session })).statusCode).toBe(401);
    await loginAs(t.app, user.username, "a-new-password");
    const old = await post("/api/auth/login", { username: user.username, password: user.password });
    expect(old.statusCode).toBe(401);

    const again = await post("/api/auth/reset-password", {
      resetPasswordToken: tokenOf(second.text),
      newPassword: "another-password",
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses an expired link", async () => {
    const { user } = await buildAccountWithUser(t.db);
    await post("/api/auth/forgot-password", { email: user.email });
    const mail = await latestMailTo(user.email);
    await t.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const res = await post("/api/auth/reset-password", {
      resetPasswordToken: tokenOf(mail.text),
      newPassword: "a-new-password",
    });
    expect(res.statusCode).toBe(404);
    await loginAs(t.app, user.username, user.password);
  });

  it("validates with the spec's words", async () => {
    const noToken = await post("/api/auth/reset-password", {
      resetPasswordToken: "",
      newPassword: "whatever-long",
    });
    expect(noToken.json().error.message).toBe(
      "Invalid request. Please start a new request to reset password.",
    );
    const noPassword = await post("/api/auth/reset-password", {
      resetPasswordToken: "abc",
      newPassword: "",
    });
    expect(noPassword.json().error.message).toBe("New Password is required");
    const short = await post("/api/auth/reset-password", {
      resetPasswordToken: "abc",
      newPassword: "short",
    });
    expect(short.json().error.message).toBe("Password should have at least 8 characters");
    const forged = await post("/api/auth/reset-password", {
      resetPasswordToken: "forged-token",
      newPassword: "long-enough",
    });
    expect(forged.statusCode).toBe(404);
  });
});
