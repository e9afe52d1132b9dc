import type { Pool, PoolClient } from "pg";
import {
  type ComplianceKind,
  type ComplianceLanguage,
  classifyInbound,
  helpReply,
  startConfirmation,
  stopConfirmation,
} from "../../../domain/compliance";
import { AppError } from "../../../domain/errors";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import * as q from "./compliance.queries";

export const SUPPRESSED_MESSAGE: Record<q.SuppressionReason, string> = {
  opted_out: "This number has opted out of your messages and cannot be sent to.",
  blocked: "This number is blocked and cannot be sent to.",
};

/**
 * The send path asks this at dispatch time, not only when a send is created. Work that holds a
 * transaction passes its connection (`on`): asking the pool for another would wait on others.
 */
export async function assertSendable(
  ctx: AppContext,
  accountId: number,
  phone: string,
  on?: Pool | PoolClient,
) {
  const reasons = on
    ? await q.suppressionReasonsOn(on, accountId, phone)
    : await q.suppressionReasons(ctx.db, accountId, phone);
  const reason = reasons.includes("blocked") ? "blocked" : reasons[0];
  if (reason)
    throw new AppError("CONFLICT", SUPPRESSED_MESSAGE[reason], { reason: `suppressed_${reason}` });
}

export interface InboundForCompliance {
  accountId: number;
  phoneNumberId: number;
  from: string;
  body: string;
  messageId: number;
}

export type ComplianceOutcome =
  | { handled: false }
  | {
      handled: true;
      kind: ComplianceKind;
      lang: ComplianceLanguage;
      word: string;
      /** The automatic answer to send; null for a repeated STOP (one confirmation per opt-out). */
      reply: string | null;
    };

/**
 * Runs on every inbound message before any feature sees it (the word tables and the rule are in
 * domain/compliance.ts). STOP and its siblings opt the sender out of this account, confirmed once
 * however often repeated; START/UNSTOP (YES from an opted-out number) opt back in; HELP/INFO
 * and AYUDA are always answered. Every one is written to the consent log; the caller sends the
 * answer, in the language of the word.
 */
export async function applyInboundCompliance(
  ctx: AppContext,
  msg: InboundForCompliance,
): Promise<ComplianceOutcome> {
  const optedOut = (await q.suppressionReasons(ctx.db, msg.accountId, msg.from)).includes(
    "opted_out",
  );
  const match = classifyInbound(msg.body, { optedOut });
  if (!match) return { handled: false };
  const { kind, lang, word } = match;
  const profile = await q.complianceProfile(ctx.db, msg.accountId);
  const base = {
    accountId: msg.accountId,
    phone: msg.from,
    source: "keyword",
    detail: msg.body.trim().slice(0, 160),
    phoneNumberId: msg.phoneNumberId,
    messageId: msg.messageId,
  };
  const handled = { handled: true as const, kind, lang, word };
  if (kind === "stop") {
    const confirm = await ctx.db.transaction(async (tx) => {
      const isNew = await q.addSuppression(tx, msg.accountId, msg.from, "opted_out");
      const first = isNew || !(await q.optOutConfirmed(tx, msg.accountId, msg.from));
      await q.insertConsentEvent(tx, {
        ...base,
        action: "opt_out",
        detail: first ? base.detail : `${base.detail} (already opted out: not confirmed again)`,
      });
      return first;
    });
    return { ...handled, reply: confirm ? stopConfirmation(profile.businessName, lang) : null };
  }
  if (kind === "start") {
    await ctx.db.transaction(async (tx) => {
      await q.removeSuppression(tx, msg.accountId, msg.from, ["opted_out"]);
      await q.insertConsentEvent(tx, { ...base, action: "opt_in" });
    });
    return {
      ...handled,
      reply: startConfirmation(profile.businessName, lang, profile.description),
    };
  }
  await q.insertConsentEvent(ctx.db, { ...base, action: "help" });
  return {
    ...handled,
    reply: helpReply({
      businessName: profile.businessName,
      contact: profile.contact,
      description: profile.description,
      optedOut,
      lang,
    }),
  };
}

/** The carrier said the recipient opted out (error 21610): never send to them again. */
export async function recordCarrierOptOut(
  ctx: AppContext,
  accountId: number,
  phone: string,
  messageId: number,
) {
  await ctx.db.transaction(async (tx) => {
    if (await q.addSuppression(tx, accountId, phone, "opted_out")) {
      await q.insertConsentEvent(tx, {
        accountId,
        phone,
        action: "opt_out",
        source: "carrier",
        detail: "The carrier reported the number as opted out (21610)",
        messageId,
      });
    }
  });
}

export type ManualConsentAction = "opt_out" | "opt_in" | "block" | "unblock";

const MANUAL_CHANGE: Record<ManualConsentAction, { reason: q.SuppressionReason; add: boolean }> = {
  opt_out: { reason: "opted_out", add: true },
  opt_in: { reason: "opted_out", add: false },
  block: { reason: "blocked", add: true },
  unblock: { reason: "blocked", add: false },
};

/**
 * A person in the account opted a number out or back in, or blocked or unblocked it, by hand.
 * The suppression and its consent-log line (source 'manual', with the user) are written
 * together; a change that changes nothing is not logged twice.
 */
export async function applyManualConsent(
  ctx: AppContext,
  change: {
    accountId: number;
    phone: string;
    /** Null for an API key made by someone since removed. */
    userId: number | null;
    action: ManualConsentAction;
    detail?: string;
    /** Where the person did it: manual (subscriber pages) by default, inbox, … */
    source?: string;
  },
): Promise<boolean> {
  const { reason, add } = MANUAL_CHANGE[change.action];
  return ctx.db.transaction(async (tx) => {
    const changed = add
      ? await q.addSuppression(tx, change.accountId, change.phone, reason)
      : await q.removeSuppression(tx, change.accountId, change.phone, [reason]);
    if (changed) {
      await q.insertConsentEvent(tx, {
        accountId: change.accountId,
        phone: change.phone,
        action: change.action,
        source: change.source ?? "manual",
        detail: change.detail ?? "",
        userId: change.userId,
      });
    }
    return changed;
  });
}

/** A consent line for something other than a suppression change (a subscriber added by hand). */
export async function recordConsent(
  ctx: AppContext,
  row: {
    accountId: number;
    phone: string;
    action: string;
    source: string;
    detail: string;
    userId?: number;
  },
) {
  await q.insertConsentEvent(ctx.db, row);
}

/** A consent line in the caller's transaction (an opt-in with its evidence). */
export async function recordConsentIn(
  tx: Executor,
  row: Parameters<typeof q.insertConsentEvent>[1],
): Promise<void> {
  await q.insertConsentEvent(tx, row);
}

/** The consent log of one number, newest first. */
export async function consentHistory(ctx: AppContext, accountId: number, phone: string) {
  return q.consentEventsFor(ctx.db, accountId, phone);
}

/** One consent line for each of many new subscribers (imports), inside the caller's transaction. */
export async function recordConsentMany(
  tx: Executor,
  row: { accountId: number; action: string; source: string; detail: string; userId: number | null },
  phones: string[],
) {
  if (phones.length > 0) await q.insertConsentForPhones(tx, row, phones);
}
