/**
 * The e-mail of a renewal the bank wants the owner to confirm (3-D Secure): what is waiting, why,
 * and the one link into Parley that opens the confirmation.
 */
function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function confirmPaymentMail(opts: {
  businessName: string;
  planName: string;
  amount: string;
  link: string;
}): { subject: string; text: string; html: string } {
  const intro = `Your bank asks you to confirm the ${opts.amount} payment for ${opts.businessName}'s ${opts.planName} plan renewal.`;
  const why =
    "We could not complete it without you, so your account is paused until the payment is confirmed. Your subscribers and history are kept.";
  const how =
    "Open the link, choose Confirm payment and follow your bank's steps. If you prefer, you can add another card on the same page instead.";
  const p = [intro, why, how]
    .map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`)
    .join("");
  return {
    subject: "Please confirm your Parley payment",
    text: `${intro}\n\n${why}\n\nConfirm the payment: ${opts.link}\n\n${how}\n`,
    html: `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">Please confirm your payment</h1>${p}
<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Confirm payment</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(opts.link)}</p>
</td></tr></table></body></html>`,
  };
}
