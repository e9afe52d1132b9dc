import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";

/** The account's stored sign-up page, if it saved one. */
export async function storedPage(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ config: unknown; version: number; live: boolean }>(
    sql`select config, version, live from signup_pages where account_id = ${accountId}`,
  );
  return rows[0];
}

export async function accountNames(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ accountName: string; businessName: string }>(
    sql`select account_name as "accountName", business_name as "businessName" from accounts where id = ${accountId}`,
  );
  return rows[0];
}

/** Saves the page as its next version. */
export async function savePage(
  db: Executor,
  accountId: number,
  config: unknown,
  live: boolean,
): Promise<void> {
  await db.execute(
    sql`insert into signup_pages (account_id, config, version, live)
        values (${accountId}, ${JSON.stringify(config)}::jsonb, 1, ${live})
        on conflict (account_id) do update set config = excluded.config, live = excluded.live,
          version = signup_pages.version + 1, updated_at = now()`,
  );
}

/** The number's one confirmation waiting for its Y, replacing any earlier one. */
export async function replacePendingConfirmation(
  tx: Executor,
  accountId: number,
  phone: string,
  data: Record<string, unknown>,
  expiresAt: Date,
): Promise<void> {
  await tx.execute(
    sql`delete from optin_pending where account_id = ${accountId} and phone = ${phone}`,
  );
  await tx.execute(
    sql`insert into optin_pending (account_id, phone, kind, stage, data, expires_at)
            values (${accountId}, ${phone}, 'sign_up_page', 'confirm',
                    ${JSON.stringify(data)}::jsonb,
                    ${expiresAt})`,
  );
}

/** One more sign-up through the opt-in tracker page. */
export async function countTrackerSignup(
  tx: Executor,
  accountId: number,
  pageId: number,
): Promise<void> {
  await tx.execute(
    sql`update optin_pages set signups = signups + 1 where id = ${pageId} and account_id = ${accountId}`,
  );
}
