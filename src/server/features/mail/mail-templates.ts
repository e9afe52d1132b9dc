/**
 * The mails Parley sends, each as a subject, a plain-text body (what the local mailbox shows and
 * what text-only clients read) and a simple HTML body with one button.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function layout(opts: {
  heading: string;
  paragraphs: string[];
  button: string;
  link: string;
  after: string;
}) {
  const p = opts.paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join("");
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${p}
<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(opts.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${escapeHtml(opts.after)}</p>
<p style="margin:0;font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(opts.link)}</p>
</td></tr></table></body></html>`;
}

export function resetPasswordMail(opts: {
  name: string;
  link: string;
  minutes: number;
}): MailContent {
  const intro = `Hi ${opts.name},`;
  const body = "We received a request to reset the password of your Parley account.";
  const expiry = `The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays the same.`;
  return {
    subject: "Reset your Parley password",
    text: `${intro}\n\n${body}\n\nSet a new password: ${opts.link}\n\n${expiry}\n`,
    html: layout({
      heading: "Reset your password",
      paragraphs: [intro, body, expiry],
      button: "Set a new password",
      link: opts.link,
      after: "Or copy this link into your browser:",
    }),
  };
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up answered the stranger as
 * if an account was made (nothing tells them the address is taken), so the person it belongs to
 * learns here, with the ways back in.
 */
export function signupAttemptMail(opts: {
  name: string;
  loginLink: string;
  resetLink: string;
}): MailContent {
  const intro = `Hi ${opts.name},`;
  const body =
    "Someone tried to create a new Parley account with this e-mail address, which already has an account. No new account was made.";
  const after = `If it was you, log in instead; if you forgot your password, reset it here: ${opts.resetLink}. If it was not you, you can ignore this e-mail.`;
  return {
    subject: "Your e-mail address already has a Parley account",
    text: `${intro}\n\n${body}\n\nLog in: ${opts.loginLink}\n\n${after}\n`,
    html: layout({
      heading: "You already have an account",
      paragraphs: [intro, body, after],
      button: "Log in",
      link: opts.loginLink,
      after: "Or copy this link into your browser:",
    }),
  };
}

export function inviteMail(opts: {
  inviter: string;
  businessName: string;
  role: string;
  link: string;
  days: number;
}): MailContent {
  const body = `${opts.inviter} invited you to join ${opts.businessName} on Parley as ${opts.role}.`;
  const expiry = `The invitation expires in ${opts.days} days.`;
  return {
    subject: `You're invited to join ${opts.businessName} on Parley`,
    text: `Hello,\n\n${body}\n\nAccept the invitation: ${opts.link}\n\n${expiry}\n`,
    html: layout({
      heading: `Join ${opts.businessName} on Parley`,
      paragraphs: ["Hello,", body, expiry],
      button: "Accept invitation",
      link: opts.link,
      after: "Or copy this link into your browser:",
    }),
  };
}

export function activationMail(opts: {
  businessName: string;
  link: string;
  days: number;
}): MailContent {
  const body = `Your Parley account for ${opts.businessName} is ready. Choose a password to activate it.`;
  const expiry = `The link expires in ${opts.days} days.`;
  return {
    subject: "Activate your Parley account",
    text: `Hello,\n\n${body}\n\nActivate your account: ${opts.link}\n\n${expiry}\n`,
    html: layout({
      heading: "Activate your account",
      paragraphs: ["Hello,", body, expiry],
      button: "Activate account",
      link: opts.link,
      after: "Or copy this link into your browser:",
    }),
  };
}
