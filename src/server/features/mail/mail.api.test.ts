import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp } from "../../test/harness";

/** A real SMTP server on a free loopback port that keeps what it receives, parsed. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    received,
    /** Resolves once `n` mails arrived (or fails the test after 5 s). */
    async waitFor(n: number) {
      const deadline = Date.now() + 5000;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${n} mails arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

describe("mail through SMTP", () => {
  it("sends the reset mail to a real SMTP server with a working link", async () => {
    const t = await createTestServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "Parley Test <no-reply@parley.test>",
        PUBLIC_URL: "https://texting.example.test",
      },
    });
    const { user } = await buildAccountWithUser(t.db, {
      user: { email: "Mia@Example.test", firstName: "Mia" },
    });
    const res = await t.post(
      "/api/auth/forgot-password",
      { email: "mia@example.test" },
      { remoteAddress: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    await smtp.waitFor(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("Reset your Parley password");
    expect(mail.from?.text).toBe('"Parley Test" <no-reply@parley.test>');
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
    expect(to.toLowerCase()).toBe(user.email.toLowerCase());
    expect(mail.text).toContain("Hi Mia,");
    const link = /https:\/\/texting\.example\.test\/auth\/reset-password\?token=([\w-]+)/.exec(
      mail.text ?? "",
    );
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);

    // The link's token sets a new password, and nothing was kept in the local mailbox.
    const reset = await t.post(
      "/api/auth/reset-password",
      { resetPasswordToken: link![1], newPassword: "brand-new-secret" },
      { remoteAddress: nextIp() },
    );
    expect(reset.statusCode).toBe(200);
    await loginAs(t.app, user.username, "brand-new-secret");
    const { rows } = await t.db.execute("select count(*)::int as n from mail_messages");
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe("local mailbox", () => {
  it("keeps mail when no SMTP server is set; each user reads their own, the Owner never a colleague's link", async () => {
    const t = await createTestServer({ env: { PUBLIC_URL: "http://parley.example.test/" } });
    const { account, user: owner } = await buildAccountWithUser(t.db, {
      user: { permissionLevel: 3 },
    });
    const agent = await buildUser(t.db, { accountId: account.id, permissionLevel: 0 });
    const other = await buildAccountWithUser(t.db, { user: { permissionLevel: 3 } });

    for (const email of [agent.email, owner.email]) {
      const res = await t.post("/api/auth/forgot-password", { email }, { remoteAddress: nextIp() });
      expect(res.statusCode).toBe(200);
    }
    // Background sends: wait until both are stored.
    for (let i = 0; i < 50; i++) {
      const { rows } = await t.db.execute<{ n: number }>(
        "select count(*)::int as n from mail_messages",
      );
      if (rows[0]!.n === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const { rows: stored } = await t.db.execute<{ id: number; to_address: string }>(
      "select id, to_address from mail_messages",
    );
    const agentMailId = Number(stored.find((r) => r.to_address === agent.email)!.id);

    // The Owner reads their own reset mail, not the agent's (its link would make them the agent).
    const ownerCookie = await loginAs(t.app, owner.username, owner.password);
    const list = await t.get("/api/mailbox", { cookie: ownerCookie });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ local: true, total: 1, unread: 1 });
    expect(body.rows.map((r: { to: string }) => r.to)).toEqual([owner.email]);
    expect((await t.get(`/api/mailbox/${agentMailId}`, { cookie: ownerCookie })).statusCode).toBe(
      404,
    );
    const ownerMail = body.rows[0];
    expect(ownerMail).toMatchObject({ subject: "Reset your Parley password", read: false });
    const opened = await t.get(`/api/mailbox/${ownerMail.id}`, { cookie: ownerCookie });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().publicBase).toBe("http://parley.example.test");
    expect(opened.json().text).toMatch(
      /http:\/\/parley\.example\.test\/auth\/reset-password\?token=[\w-]+/,
    );
    expect((await t.get("/api/mailbox", { cookie: ownerCookie })).json().unread).toBe(0);

    // Mail to an address nobody signs in with (an invitation to forward) is the Owner's to read.
    const invited = await t.post(
      "/api/users/invites",
      {
        email: "newcomer@example.test",
        permissionLevel: 1,
        groupIds: [],
        longcodeIds: [],
        disableMassMessaging: false,
      },
      { cookie: ownerCookie },
    );
    expect(invited.statusCode).toBeLessThan(300);
    const withInvite = (await t.get("/api/mailbox", { cookie: ownerCookie })).json();
    expect(withInvite.rows.map((r: { to: string }) => r.to).sort()).toEqual(
      ["newcomer@example.test", owner.email].sort(),
    );

    // An agent sees only mail to their own address.
    const agentCookie = await loginAs(t.app, agent.username, agent.password);
    const agentList = (await t.get("/api/mailbox", { cookie: agentCookie })).json();
    expect(agentList.rows.map((r: { to: string }) => r.to)).toEqual([agent.email]);
    expect((await t.get(`/api/mailbox/${ownerMail.id}`, { cookie: agentCookie })).statusCode).toBe(
      404,
    );

    // Another account sees none of it.
    const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
    expect((await t.get("/api/mailbox", { cookie: otherCookie })).json().total).toBe(0);
    expect((await t.get(`/api/mailbox/${agentMailId}`, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    expect((await t.get("/api/mailbox")).statusCode).toBe(401);
  });
});
