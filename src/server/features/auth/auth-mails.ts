import type { MailContent } from "../mail/mail-templates";

const htmlText = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A mail of the sign-in flows: a greeting, what happened, one button, what if it was not you. */
function linkMail(opts: {
  subject: string;
  name: string;
  lines: string[];
  button: string;
  link: string;
  notYou: string;
}): MailContent {
  const greeting = `Hi ${opts.name},`;
  const paragraphs = [greeting, ...opts.lines];
  const text = `${paragraphs.join("\n\n")}\n\n${opts.button}: ${opts.link}\n\n${opts.notYou}\n`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${htmlText(opts.subject)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${htmlText(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${htmlText(opts.link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${htmlText(opts.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${htmlText(opts.notYou)}</p>
<p style="margin:0;font-size:13px;color:#6b7280;word-break:break-all">${htmlText(opts.link)}</p>
</div></body></html>`;
  return { subject: opts.subject, text, html };
}

export function verifyEmailMail(opts: { name: string; link: string; hours: number }) {
  return linkMail({
    subject: "Verify your e-mail address",
    name: opts.name,
    lines: [
      "Someone (we hope you) tried to log in to Parley with this e-mail address. Confirm it is yours to continue.",
      `The link works once and expires in ${opts.hours} hours.`,
    ],
    button: "Verify my e-mail",
    link: opts.link,
    notYou: "If it was not you, ignore this e-mail and change your password.",
  });
}

export function verifyDeviceMail(opts: {
  name: string;
  link: string;
  minutes: number;
  device: string;
}) {
  return linkMail({
    subject: "Confirm the new device signing in to Parley",
    name: opts.name,
    lines: [
      `Your Parley account was just signed in to from a device we have not seen before (${opts.device}).`,
      `Open this link on that same device to let it in. The link works once and expires in ${opts.minutes} minutes.`,
    ],
    button: "Yes, this is my device",
    link: opts.link,
    notYou: "If it was not you, do not open the link: change your password instead.",
  });
}

export function magicLinkMail(opts: { name: string; link: string; minutes: number }) {
  return linkMail({
    subject: "Your Parley sign-in link",
    name: opts.name,
    lines: [
      "Here is the sign-in link you asked for.",
      `It works once and expires in ${opts.minutes} minutes.`,
    ],
    button: "Log in to Parley",
    link: opts.link,
    notYou: "If you did not ask for it, ignore this e-mail: nobody can use it without your inbox.",
  });
}
