import { sql } from "drizzle-orm";
import { assertCan, type UserActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { sendMail } from "../mail/mailer";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The contact form: a mail to support through the one mail path (SMTP, or the local mailbox),
 * with the account and the person attached so support can answer without asking who they are.
 */
export async function contactSupport(
  ctx: AppContext,
  auth: UserActor,
  input: { subject: string; message: string },
) {
  assertCan(auth, "self");
  const who = (
    await ctx.db.execute<{
      account_id: number;
      account_name: string;
      business_name: string;
      username: string;
      email: string;
      first_name: string;
      last_name: string;
    }>(sql`
      select a.id as account_id, a.account_name, a.business_name, u.username, u.email,
        u.first_name, u.last_name
      from users u join accounts a on a.id = u.account_id
      where u.id = ${auth.userId} and u.account_id = ${auth.accountId}`)
  ).rows[0];
  const lines = [
    input.message,
    "",
    "---",
    `From: ${[who?.first_name, who?.last_name].filter(Boolean).join(" ")} <${who?.email ?? ""}> (user ${who?.username ?? auth.userId})`,
    `Account: ${who?.business_name ?? ""} (${who?.account_name ?? ""}, id ${auth.accountId})`,
  ];
  await sendMail(ctx, {
    accountId: auth.accountId,
    to: ctx.config.SUPPORT_EMAIL,
    subject: `[Support] ${input.subject}`,
    text: lines.join("\n"),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
    kind: "support_contact",
  });
  return { sent: true };
}
