import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { AppContext } from "../../http/context";
import { insertMail } from "./mail.queries";

export interface OutgoingMail {
  /** The account the mail concerns: its local-mailbox copy belongs there. */
  accountId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** reset_password | invite | … (for the mailbox list and the log). */
  kind: string;
}

const transports = new WeakMap<Config, Transporter>();

/** One pooled SMTP transport per configuration (the process has one). */
function smtpTransport(config: Config): Transporter {
  let transport = transports.get(config);
  if (!transport) {
    transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT ?? (config.SMTP_SECURE ? 465 : 587),
          secure: config.SMTP_SECURE ?? false,
          auth: config.SMTP_USER
            ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD }
            : undefined,
        });
    transports.set(config, transport);
  }
  return transport;
}

/**
 * Sends a mail: through SMTP when the operator configured it, otherwise into the local mailbox
 * (stored in the database and shown at /mailbox), so a demo or a server without mail still lets
 * a person follow every link. Throws when the SMTP server refuses the mail.
 */
export async function sendMail(ctx: AppContext, mail: OutgoingMail): Promise<void> {
  if (ctx.config.useSmtp) {
    await smtpTransport(ctx.config).sendMail({
      from: ctx.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return;
  }
  await insertMail(ctx.db, {
    accountId: mail.accountId,
    toAddress: mail.to,
    fromAddress: ctx.config.MAIL_FROM,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    kind: mail.kind,
  });
}

/**
 * For mail whose sending must not change the answer or its timing (forgot password: the same
 * answer whether or not the address has an account): sent in the background, failures logged.
 */
export function sendMailInBackground(
  ctx: AppContext,
  mail: OutgoingMail,
  log: { error: (obj: object, msg: string) => void },
) {
  sendMail(ctx, mail).catch((err: unknown) =>
    log.error({ err, kind: mail.kind }, "mail could not be sent"),
  );
}
