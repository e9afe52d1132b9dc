import { sql } from "drizzle-orm";
import { DEFAULT_OPTIN_FORM } from "../../domain/optin-forms";
import { signupPageConfig } from "../../domain/signup-page";
import type { Executor } from "../db/connection";

/**
 * The demo's growth tools, one of each (issue 14): the keyword COFFEE on every number, a live
 * sign-up page, an active opt-in popup (so POST /opt-in-forms/public/render answers for
 * parley-demo), a QR code template and an opt-in tracker page for the shop's counter.
 */
export async function seedDemoGrowth(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(
    sql`insert into keywords (account_id, keyword, keyword_norm, reply, already_subscribed_reply)
        values (${accountId}, 'Coffee', 'COFFEE',
                'Welcome to the Coffee Club! Show this text for a free pastry with your next drink.',
                'You are already in the Coffee Club. See you soon!')`,
  );
  const config = signupPageConfig.parse({
    companyName: "Parley Demo Coffee Co.",
    welcomeMessage: "Join our Coffee Club: new roasts, events and a free pastry on your birthday.",
    accentColor: "#8a4b2a",
    bgColor: "#f4ece6",
    nameStatus: 2,
    emailStatus: 1,
    privacyPolicy: "We use your details only to send you the Coffee Club texts you asked for.",
  });
  await tx.execute(
    sql`insert into signup_pages (account_id, config, version, live)
        values (${accountId}, ${JSON.stringify(config)}::jsonb, 1, true)`,
  );
  const form = DEFAULT_OPTIN_FORM;
  await tx.execute(
    sql`insert into optin_forms (account_id, name, status, container, blocks, display)
        values (${accountId}, 'Website popup: 10% off', 'active', ${JSON.stringify(form.container)}::jsonb,
                ${JSON.stringify(form.blocks)}::jsonb, ${JSON.stringify(form.display)}::jsonb)`,
  );
  await tx.execute(
    sql`insert into qr_templates (account_id, name, slug, message, fg_color, frame_text)
        values (${accountId}, 'Counter sign', ${`demo${accountId}coffee`}, 'COFFEE', '#3b2314', 'Scan to join the Coffee Club')`,
  );
  await tx.execute(
    sql`insert into optin_pages (account_id, slug, title, description, button_text)
        values (${accountId}, 'counter', 'Join the Coffee Club',
                'Scan, sign up, and show the welcome text at the counter for a free pastry.', 'Join now')`,
  );
}
