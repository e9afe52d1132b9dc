import type { SignupMethod } from "../../../domain/signup-methods";
import type { Db, Executor } from "../../db/connection";
import { recordConsentIn } from "../compliance/compliance.service";
import { addToStaticGroups } from "../groups/groups.service";
import * as q from "./subscribers.queries";

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
    await q.setSignupMethod(tx, e.accountId, e.subscriberId, e.method);
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
  const row = await q.upsertOptInRow(tx, accountId, s);
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
  await q.fillEmptyField(tx, accountId, subscriberId, field, value);
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

/** Whether the subscriber is on the list already (marketing consent recorded). */
export function alreadyConsented(db: Db, accountId: number, subscriberId: number) {
  return q.hasMarketingConsent(db, accountId, subscriberId);
}
