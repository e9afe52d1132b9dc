import { sql } from "drizzle-orm";
import type { SignupMethod } from "../../../domain/signup-methods";
import type { Executor } from "../../db/connection";
import { recordConsentIn } from "../compliance/compliance.service";
import { addToStaticGroups } from "../groups/groups.service";
import * as q from "./subscribers.queries";
import { subscribers } from "./subscribers.schema";

/**
 * How the growth tools (keywords, the sign-up page, opt-in popups, QR codes) turn a person into a
 * subscriber who may get marketing: one subscriber row per number, consent set once with its
 * source, and a consent-log line carrying the evidence (what was texted or shown, when, from
 * where). Runs inside the caller's transaction so the join, its evidence and its events commit
 * together.
 */
export interface OptInEvidence {
  accountId: number;
  subscriberId: number;
  phone: string;
  /** keyword | sign_up_form | optin_form | qr_code */
  source: string;
  /** Sign-up method stamped when the consent is new (KEYWORD, SIGN_UP_FORM, …). */
  method: SignupMethod;
  /** What proves it: the keyword and message, or the page, its version and the text shown. */
  detail: string;
  phoneNumberId?: number | null;
  messageId?: number | null;
  at: Date;
}

/** Records consent with its evidence; true when the number had no marketing consent before. */
export async function recordOptInConsent(tx: Executor, e: OptInEvidence): Promise<boolean> {
  const { at } = e;
  const granted = await q.grantMarketingConsent(
    tx,
    e.accountId,
    { id: e.subscriberId },
    { source: e.source, detail: e.detail.slice(0, 2000), at },
  );
  if (granted) {
    await tx.execute(
      sql`update ${subscribers} set signup_method = ${e.method}
           where id = ${e.subscriberId} and account_id = ${e.accountId}`,
    );
  }
  await recordConsentIn(tx, {
    accountId: e.accountId,
    phone: e.phone,
    action: "consent",
    source: e.source,
    detail: e.detail.slice(0, 4000),
    phoneNumberId: e.phoneNumberId ?? null,
    messageId: e.messageId ?? null,
    createdAt: at,
  });
  return granted;
}

/**
 * The subscriber of a number, created when new (a sign-up or popup from someone never seen);
 * names and e-mail fill empty values only, so a form never wipes what the business knows.
 */
export async function upsertOptInSubscriber(
  tx: Executor,
  accountId: number,
  s: {
    phone: string;
    method: SignupMethod;
    source: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    attributes?: Record<string, unknown>;
  },
): Promise<{ id: number; created: boolean; hadConsent: boolean }> {
  const { rows } = await tx.execute<{ id: number; created: boolean; hadConsent: boolean }>(
    sql`with ins as (
          insert into ${subscribers} (account_id, phone, first_name, last_name, email, attributes,
                                      signup_method, consent_source)
          values (${accountId}, ${s.phone}, ${s.firstName ?? ""}, ${s.lastName ?? ""},
                  ${s.email ?? ""}, ${JSON.stringify(s.attributes ?? {})}::jsonb, ${s.method}, ${s.source})
          on conflict (account_id, phone) do nothing
          returning id, true as created, false as "hadConsent"),
        upd as (
          update ${subscribers} set
            first_name = case when first_name = '' then ${s.firstName ?? ""} else first_name end,
            last_name = case when last_name = '' then ${s.lastName ?? ""} else last_name end,
            email = case when email = '' then ${s.email ?? ""} else email end,
            attributes = ${JSON.stringify(s.attributes ?? {})}::jsonb || attributes,
            updated_at = now()
          where account_id = ${accountId} and phone = ${s.phone} and not exists (select 1 from ins)
          returning id, false as created, (marketing_consent_at is not null) as "hadConsent")
        select id::int, created, "hadConsent" from ins union all select id::int, created, "hadConsent" from upd`,
  );
  const row = rows[0];
  if (!row) throw new Error("subscriber upsert returned nothing");
  return row;
}

/** Fills a texted answer (first name, e-mail) into an empty field of the subscriber. */
export async function fillSubscriberField(
  tx: Executor,
  accountId: number,
  subscriberId: number,
  field: "first_name" | "email",
  value: string,
) {
  await tx.execute(
    sql`update ${subscribers} set ${sql.raw(field)} = ${value}, updated_at = now()
         where id = ${subscriberId} and account_id = ${accountId}`,
  );
}

/** Adds the subscriber to the account's static groups among `groupIds` (groups.service). */
export async function addToGroups(
  tx: Executor,
  accountId: number,
  groupIds: number[],
  subscriberId: number,
) {
  await addToStaticGroups(tx, accountId, groupIds, subscriberId);
}
