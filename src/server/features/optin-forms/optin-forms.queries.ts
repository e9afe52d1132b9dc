import { sql } from "drizzle-orm";
import type { OptinBlock, OptinFormInput } from "../../../domain/optin-forms";
import type { Executor } from "../../db/connection";

export type OptinFormRow = {
  id: number;
  name: string;
  status: string;
  phoneNumberId: number | null;
  groupIds: number[];
  container: unknown;
  blocks: unknown;
  display: unknown;
  views: number;
  submissions: number;
  confirmations: number;
  createdAt: Date;
};

const columns = sql`id, name, status, phone_number_id as "phoneNumberId", group_ids as "groupIds",
  container, blocks, display, views, submissions, confirmations, created_at as "createdAt"`;

export async function listFormRows(db: Executor, accountId: number): Promise<OptinFormRow[]> {
  const { rows } = await db.execute<OptinFormRow>(
    sql`select ${columns} from optin_forms where account_id = ${accountId} order by id desc`,
  );
  return rows;
}

export async function accountNameOf(db: Executor, accountId: number) {
  const { rows: acc } = await db.execute<{ name: string }>(
    sql`select account_name as name from accounts where id = ${accountId}`,
  );
  return acc[0]?.name;
}

export async function findFormRow(
  db: Executor,
  accountId: number,
  id: number,
): Promise<OptinFormRow | undefined> {
  const { rows } = await db.execute<OptinFormRow>(
    sql`select ${columns} from optin_forms where account_id = ${accountId} and id = ${id}`,
  );
  return rows[0];
}

export async function hasNumber(
  db: Executor,
  accountId: number,
  phoneNumberId: number,
): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from phone_numbers where id = ${phoneNumberId} and account_id = ${accountId}`,
  );
  return !!rows[0];
}

export async function insertForm(
  db: Executor,
  accountId: number,
  input: OptinFormInput,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`insert into optin_forms (account_id, name, status, phone_number_id, group_ids, container, blocks, display)
        values (${accountId}, ${input.name}, ${input.status}, ${input.phoneNumberId},
                ${`{${[...new Set(input.groupIds)].join(",")}}`}::int[], ${JSON.stringify(input.container)}::jsonb,
                ${JSON.stringify(input.blocks)}::jsonb, ${JSON.stringify(input.display)}::jsonb)
        returning id`,
  );
  return rows[0]!.id;
}

export async function updateFormRow(
  db: Executor,
  accountId: number,
  id: number,
  input: OptinFormInput,
): Promise<void> {
  await db.execute(
    sql`update optin_forms set name = ${input.name}, status = ${input.status},
          phone_number_id = ${input.phoneNumberId},
          group_ids = ${`{${[...new Set(input.groupIds)].join(",")}}`}::int[],
          container = ${JSON.stringify(input.container)}::jsonb, blocks = ${JSON.stringify(input.blocks)}::jsonb,
          display = ${JSON.stringify(input.display)}::jsonb, updated_at = now()
        where id = ${id} and account_id = ${accountId}`,
  );
}

/** False when the account has no such form. */
export async function deleteFormRow(db: Executor, accountId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from optin_forms where id = ${id} and account_id = ${accountId} returning id`,
  );
  return !!rows[0];
}

/**
 * The popup's cheap version probe: the account (by its public name) and its active forms' ids and
 * edit times, newest first. Every edit of a form sets updated_at (its counters do not), so the
 * same list means the same forms.
 */
export async function activeFormVersions(db: Executor, accountName: string) {
  const { rows } = await db.execute<{
    accountId: number;
    id: number | null;
    updatedAt: Date | null;
  }>(
    sql`select a.id as "accountId", f.id, f.updated_at as "updatedAt"
          from (select id from accounts where lower(account_name) = lower(${accountName}) limit 1) a
          left join lateral (
            select id, updated_at from optin_forms
             where account_id = a.id and status = 'active' order by id desc limit 20) f on true`,
  );
  return rows;
}

/** The account's active forms, newest first (the popup shows the first that fits the page). */
export async function activeForms(db: Executor, accountId: number) {
  const { rows } = await db.execute<{
    id: number;
    updatedAt: Date;
    container: unknown;
    blocks: unknown;
    display: unknown;
  }>(
    sql`select id, updated_at as "updatedAt", container, blocks, display from optin_forms
         where account_id = ${accountId} and status = 'active' order by id desc limit 20`,
  );
  return rows;
}

/**
 * Showings of forms, many in one statement, each form's view count raised by its rows in the same
 * statement (one update of a form's row per batch, not per showing). A form deleted or paused
 * since it was read gets no view: the ids returned are the views written.
 */
export async function insertViews(
  db: Executor,
  views: { id: string; formId: number; url: string }[],
): Promise<Set<string>> {
  const { rows } = await db.execute<{ id: string }>(
    sql`with v as (
          insert into optin_form_views (id, account_id, form_id, url)
          select u.id, f.account_id, f.id, u.url
            from jsonb_to_recordset(${JSON.stringify(views)}::jsonb) as u(id text, "formId" int, url text)
            join optin_forms f on f.id = u."formId" and f.status = 'active'
          returning id, form_id),
        counted as (
          update optin_forms f set views = f.views + n.n
            from (select form_id, count(*)::int as n from v group by form_id) n
           where f.id = n.form_id)
        select id from v`,
  );
  return new Set(rows.map((r) => r.id));
}

/** A view of an active form, with what its steps need. */
export async function viewRow(db: Executor, viewId: string) {
  const { rows } = await db.execute<{
    id: string;
    accountId: number;
    formId: number;
    phone: string | null;
    codeHash: string | null;
    codeExpiresAt: Date | null;
    codeSends: number;
    attempts: number;
    submittedAt: Date | null;
    confirmedAt: Date | null;
    createdAt: Date;
    blocks: OptinBlock[];
    groupIds: number[];
    phoneNumberId: number | null;
    businessName: string;
    url: string;
    fields: Record<string, string>;
  }>(
    sql`select v.id, v.account_id as "accountId", v.form_id as "formId", v.phone, v.code_hash as "codeHash",
               v.code_expires_at as "codeExpiresAt", v.code_sends as "codeSends", v.attempts,
               v.submitted_at as "submittedAt", v.confirmed_at as "confirmedAt", v.created_at as "createdAt",
               f.blocks, f.group_ids as "groupIds", f.phone_number_id as "phoneNumberId",
               a.business_name as "businessName", v.url, v.fields
          from optin_form_views v join optin_forms f on f.id = v.form_id
          join accounts a on a.id = v.account_id
         where v.id = ${viewId} and f.status = 'active'`,
  );
  return rows[0];
}

export async function activeNumber(db: Executor, accountId: number, phoneNumberId: number) {
  const { rows } = await db.execute<{ id: number; number: string }>(
    sql`select id, number from phone_numbers where id = ${phoneNumberId} and account_id = ${accountId} and state = 'active'`,
  );
  return rows[0];
}

/** The view's number, fields and new code; the form counts the view's first submission. */
export async function recordSubmission(
  tx: Executor,
  viewId: string,
  formId: number,
  v: {
    phone: string;
    fields: Record<string, string>;
    codeHash: string;
    codeExpiresAt: Date;
    url: string;
    first: boolean;
  },
): Promise<void> {
  await tx.execute(
    sql`with v as (
          update optin_form_views set phone = ${v.phone}, fields = ${JSON.stringify(v.fields)}::jsonb,
                 code_hash = ${v.codeHash}, code_expires_at = ${v.codeExpiresAt},
                 code_sends = code_sends + 1, attempts = 0,
                 submitted_at = coalesce(submitted_at, now()), url = coalesce(nullif(${v.url}, ''), url)
           where id = ${viewId} returning ${v.first}::boolean as first)
        update optin_forms set submissions = submissions + 1
         where id = ${formId} and exists (select 1 from v where first)`,
  );
}

export async function countFailedAttempt(db: Executor, viewId: string): Promise<void> {
  await db.execute(sql`update optin_form_views set attempts = attempts + 1 where id = ${viewId}`);
}

export async function recordConfirmation(
  tx: Executor,
  viewId: string,
  formId: number,
): Promise<void> {
  await tx.execute(
    sql`with v as (update optin_form_views set confirmed_at = now() where id = ${viewId})
          update optin_forms set confirmations = confirmations + 1 where id = ${formId}`,
  );
}
