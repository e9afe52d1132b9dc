import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HELP_TEXTS } from "../../../domain/help.schemas";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { mailMessages } from "../mail/mail.schema";

// The contact form: a mail to support naming who wrote, marked when the plan has priority support.
const t = await createTestServer();

async function business(prioritySupport: boolean) {
  const made = await buildAccountWithUser(t.db);
  if (prioritySupport)
    await t.db.$client.query(
      `insert into account_settings (account_id, name, value) values ($1, 'priority_support', 'true')`,
      [made.account.id],
    );
  const cookie = await loginAs(t.app, made.user.username, made.user.password);
  return { ...made, cookie };
}

async function supportMails(accountId: number) {
  return t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, "support_contact")));
}

describe("the contact form", () => {
  it("mails support with who wrote; 'Priority support' on the plan marks the subject", async () => {
    const plain = await business(false);
    const priority = await business(true);
    for (const b of [plain, priority]) {
      const res = await t.post(
        "/api/help/contact",
        { subject: "Texts stuck", message: "Nothing went out today." },
        { cookie: b.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sent: true });
    }
    const [plainMail] = await supportMails(plain.account.id);
    expect(plainMail?.subject).toBe("[Support] Texts stuck");
    expect(plainMail?.toAddress).toBe(t.config.SUPPORT_EMAIL);
    expect(plainMail?.textBody).toContain(`id ${plain.account.id}`);
    const [priorityMail] = await supportMails(priority.account.id);
    expect(priorityMail?.subject).toBe("[Priority support] Texts stuck");
  });

  it("refuses an empty subject with the form's text and mails nothing", async () => {
    const b = await business(false);
    const res = await t.post(
      "/api/help/contact",
      { subject: " ", message: "Hi" },
      { cookie: b.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(HELP_TEXTS.subjectRequired);
    expect(await supportMails(b.account.id)).toEqual([]);
  });
});
