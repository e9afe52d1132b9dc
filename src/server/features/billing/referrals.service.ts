import { randomBytes } from "node:crypto";
import { REFERRAL_CREDITS } from "../../../domain/billing";
import type { ReferralRow } from "../../../domain/billing.schemas";
import { assertCan } from "../../../domain/permissions";
import { asSystemOn } from "../../db/tenant-scope";
import type { Actor, AppContext } from "../../http/context";
import { grantCredits, type Queryable } from "../credits/credits.service";
import { notify } from "../notifications/notifications.service";
import * as q from "./referrals.queries";

// Codes people read and type: no 0/O or 1/l/I.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The account's referral code, made on first ask. */
async function ensureCode(db: Queryable, accountId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await q.linkOf(db, accountId);
    if (existing) return existing;
    await q.insertLink(db, accountId, newCode());
  }
  const code = await q.linkOf(db, accountId);
  if (!code) throw new Error("No referral code could be made");
  return code;
}

export async function referralSummary(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  const db = ctx.db.$client;
  const code = await ensureCode(db, auth.accountId);
  const totals = await q.referralTotals(db, auth.accountId);
  return {
    code,
    path: `/admin-signup?ref=${code}`,
    creditsPerReferral: REFERRAL_CREDITS,
    ...totals,
  };
}

export async function listReferrals(
  ctx: AppContext,
  auth: Actor,
): Promise<{ rows: ReferralRow[] }> {
  assertCan(auth, "billing");
  const rows = await q.listReferrals(ctx.db.$client, auth.accountId);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      business: r.business,
      signedUpAt: r.signedUpAt.toISOString(),
      status: r.creditedAt ? "credited" : r.removed ? "removed" : "signed_up",
      creditedAt: r.creditedAt?.toISOString() ?? null,
      credits: r.credits,
    })),
  };
}

/**
 * A business signed up through a referral link: recorded for the referrer. An unknown code is
 * ignored (the sign-up itself must not fail over a mistyped link).
 */
export async function recordSignup(
  db: Queryable,
  input: { code: string | undefined; accountId: number; business: string },
) {
  const code = input.code?.trim().toLowerCase();
  if (!code) return;
  const referrer = await q.accountOfCode(db, code);
  if (!referrer || referrer === input.accountId) return;
  await q.insertReferral(db, {
    referrerAccountId: referrer,
    referredAccountId: input.accountId,
    business: input.business,
  });
}

/**
 * The referred account paid an invoice: the first one credits the referrer (once, whatever
 * else is paid later), in the caller's transaction.
 */
export async function creditReferrerOnPayment(
  db: Queryable,
  input: { accountId: number; invoiceId: number; at: Date },
  ctx?: AppContext,
) {
  const claimed = await q.claimReferral(
    db,
    input.accountId,
    REFERRAL_CREDITS,
    input.invoiceId,
    input.at,
  );
  if (!claimed) return;
  // The referrer is another account: crediting it is system work, in the payer's transaction.
  await asSystemOn(db, async () => {
    const referrer = claimed.referrerAccountId;
    await grantCredits(db, referrer, REFERRAL_CREDITS, `Referral: ${claimed.business}`);
    await notify(
      db,
      {
        accountId: referrer,
        kind: "billing",
        title: "You earned referral credits",
        body: `${claimed.business} signed up through your link and paid: ${REFERRAL_CREDITS} message credits were added to your account.`,
        link: "/billing/refer/view-referrals",
      },
      ctx,
    );
  });
}
