import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";

/** Every growth tool's figures for the account, in one statement. */
export async function toolFigures(db: Executor, a: number) {
  const { rows: t } = await db.execute<{
    kwActive: number;
    kwTotal: number;
    pageLive: boolean | null;
    accountName: string;
    formsActive: number;
    formViews: number;
    formConfirms: number;
    qrTotal: number;
    qrScans: number;
    bannerConfig: unknown;
    bannerViews: number | null;
    bannerClicks: number | null;
    pagesTotal: number;
    pageVisits: number;
    pageSignups: number;
  }>(sql`select
      (select count(*)::int from keywords where account_id = ${a} and status = 'active') as "kwActive",
      (select count(*)::int from keywords where account_id = ${a}) as "kwTotal",
      (select live from signup_pages where account_id = ${a}) as "pageLive",
      (select account_name from accounts where id = ${a}) as "accountName",
      (select count(*)::int from optin_forms where account_id = ${a} and status = 'active') as "formsActive",
      (select coalesce(sum(views), 0)::int from optin_forms where account_id = ${a}) as "formViews",
      (select coalesce(sum(confirmations), 0)::int from optin_forms where account_id = ${a}) as "formConfirms",
      (select count(*)::int from qr_templates where account_id = ${a}) as "qrTotal",
      (select coalesce(sum(scans), 0)::int from qr_templates where account_id = ${a}) as "qrScans",
      (select config from web_banners where account_id = ${a}) as "bannerConfig",
      (select views from web_banners where account_id = ${a}) as "bannerViews",
      (select clicks from web_banners where account_id = ${a}) as "bannerClicks",
      (select count(*)::int from optin_pages where account_id = ${a}) as "pagesTotal",
      (select coalesce(sum(visits), 0)::int from optin_pages where account_id = ${a}) as "pageVisits",
      (select coalesce(sum(signups), 0)::int from optin_pages where account_id = ${a}) as "pageSignups"`);
  return t[0];
}

/** Serialises public-text reservations for one number (held to the transaction's end). */
export async function lockPublicTextsOf(db: Executor, phone: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('public_form_texts'), hashtext(${phone}))`,
  );
}

/** Texts of the last hour from the form, to the number, and from the address. */
export async function publicTextsLastHour(
  db: Executor,
  t: { form: string; phone: string; ip: string },
) {
  const { rows } = await db.execute<{ form: number; phone: number; ip: number }>(
    sql`select count(*) filter (where form_key = ${t.form})::int as form,
               count(*) filter (where phone = ${t.phone})::int as phone,
               count(*) filter (where ip = ${t.ip})::int as ip
          from public_form_texts
         where sent_at > now() - interval '1 hour'
           and (form_key = ${t.form} or phone = ${t.phone} or ip = ${t.ip})`,
  );
  return rows[0];
}

export async function forgetOldPublicTexts(db: Executor): Promise<void> {
  await db.execute(sql`delete from public_form_texts where sent_at < now() - interval '1 day'`);
}

export async function insertPublicText(
  db: Executor,
  t: { accountId: number; form: string; phone: string; ip: string },
): Promise<void> {
  await db.execute(
    sql`insert into public_form_texts (account_id, form_key, phone, ip)
        values (${t.accountId}, ${t.form}, ${t.phone}, ${t.ip})`,
  );
}

/** Forgets the spent proofs that could no longer be used anyway. */
export async function deleteExpiredProofs(db: Executor): Promise<void> {
  await db.execute(sql`delete from bot_proofs_spent where expires_at < now()`);
}

/** Records a bot proof as spent; false when it was spent before. */
export async function insertSpentProof(
  db: Executor,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ signature: string }>(
    sql`insert into bot_proofs_spent (signature, expires_at)
        values (${signature}, ${expiresAt}) on conflict do nothing returning signature`,
  );
  return rows.length === 1;
}
