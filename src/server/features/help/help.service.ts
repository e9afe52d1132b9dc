import { assertCan, type UserActor } from "../../../domain/permissions";
import { supportSubject } from "../../../domain/support";
import type { AppContext } from "../../http/context";
import { sendMail } from "../mail/mailer";
import { getAccountSetting } from "../settings/settings.service";
import { supportSender } from "./help.queries";

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
  const who = await supportSender(ctx.db, auth.accountId, auth.userId);
  // 'Priority support' (set by the plan) marks the message so support answers it first.
  const priority = (await getAccountSetting(ctx, auth, "priority_support")).value === true;
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
    subject: supportSubject(input.subject, priority),
    text: lines.join("\n"),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
    kind: "support_contact",
  });
  return { sent: true };
}
