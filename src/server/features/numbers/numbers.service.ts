import type { PoolClient } from "pg";
import type { z } from "zod";
import { EXTRA_NUMBER_PRICE_CENTS } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import type { tollFreeVerificationRequest } from "../../../domain/numbers.schemas";
import { assertCan, systemActor } from "../../../domain/permissions";
import { isTollFree } from "../../../domain/phone";
import { CarrierError } from "../../carriers/carrier";
import type { Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import type { Actor, AppContext } from "../../http/context";
import { log } from "../../log";
import {
  addonDueNowCents,
  assertConfirmedAmount,
  chargeAddonProrated,
} from "../billing/billing.service";
import {
  buyCarrierNumber,
  releaseCarrierNumber,
  searchCarrierNumbers,
} from "../outbound/dispatcher";
import { toDedicatedNumber } from "./numbers.presenter";
import * as q from "./numbers.queries";

/** The number the account texts from when nothing else says which (opt-in forms, sign-up page). */
export async function defaultNumber(ctx: Pick<AppContext, "db">, accountId: number) {
  return q.defaultNumber(ctx.db, accountId);
}

/** Each number beyond the one included with the plan costs $5 per month (spec doc 1 §1). */

const NOT_FOUND = "That number was not found in this account.";

export async function listNumbers(
  ctx: AppContext,
  auth: Actor,
  query: { page: number; pageSize: number; search: string; type?: "all" | "longCode" | "tollFree" },
) {
  const { rows, total } = await q.listLiveNumbers(ctx.db, auth, query);
  return { total, rows: rows.map(toDedicatedNumber) };
}

/** One live number of the account (the public vCard asks as the account, not as a person). */
export async function getNumber(ctx: AppContext, auth: Pick<Actor, "accountId">, id: number) {
  const row = await q.findLiveNumber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toDedicatedNumber(row);
}

export async function searchAvailable(
  ctx: AppContext,
  query: { areaCode?: string; tollFree: boolean },
) {
  const rows = await carrierCall(() => searchCarrierNumbers(ctx, query));
  return { rows };
}

/**
 * Buys a number from the carrier, pointed at our webhooks, and records its price: the account's
 * first number is included, each further one is billed monthly.
 */
export async function buyNumber(
  ctx: AppContext,
  auth: Actor,
  input: { number: string; name: string; amountCents?: number },
) {
  assertCan(auth, "numbers:manage");
  // The amount its confirmation showed as charged now, checked before the carrier sells it.
  if (input.amountCents !== undefined) {
    const included = (await q.countLiveNumbers(ctx.db, auth.accountId)) === 0;
    assertConfirmedAmount(
      input.amountCents,
      included ? 0 : await addonDueNowCents(ctx, auth.accountId, EXTRA_NUMBER_PRICE_CENTS),
    );
  }
  const bought = await carrierCall(() =>
    buyCarrierNumber(ctx, input.number, input.name || input.number),
  );
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // One purchase at a time per account, so "first number is included" cannot be claimed twice.
      await q.lockAccountRow(tx, auth.accountId);
      const included = (await q.countLiveNumbers(tx, auth.accountId)) === 0;
      const price = included ? 0 : EXTRA_NUMBER_PRICE_CENTS;
      const inserted = await q.insertNumber(tx, {
        accountId: auth.accountId,
        number: bought.number,
        carrierSid: bought.sid,
        name: input.name,
        tollFree: isTollFree(bought.number),
        included,
        monthlyPriceCents: price,
      });
      if (price > 0) {
        await q.insertBillingRecord(tx, {
          accountId: auth.accountId,
          kind: "dedicated_number",
          description: `Dedicated number ${bought.number}`,
          amountCents: price,
          recurring: "monthly",
          reference: String(inserted.id),
        });
      }
      return inserted;
    });
    // An extra number bought inside a paid period: the rest of the period is charged now.
    if (row.monthlyPriceCents > 0)
      await chargeAddonProrated(ctx, auth.accountId, {
        description: `Extra number ${row.number}`,
        monthlyCents: row.monthlyPriceCents,
        key: `number:${row.id}`,
        // A charge whose answer is lost keeps the number while billing asks again.
        purpose: { kind: "addon", addon: "number", numberId: row.id },
      }).catch(async (err) => {
        // Declined: the number is not kept (nor paid for at the carrier).
        await q.markReleased(ctx.db, auth, row.id);
        throw err;
      });
    return toDedicatedNumber(row);
  } catch (err) {
    // Not recorded here: give the number back so it is not paid for at the carrier unseen.
    await releaseCarrierNumber(ctx, bought.sid).catch(() => {});
    throw err;
  }
}

/**
 * An extra number kept while its prorated charge was pending, then declined by the processor
 * (billing's job learned it): given back to the carrier and released, as a declined purchase is.
 */
export async function releaseUnpaidNumber(ctx: AppContext, accountId: number, id: number) {
  const auth = systemActor("billing", accountId);
  const row = await q.findLiveNumber(ctx.db, auth, id);
  if (!row) return;
  await q.markReleased(ctx.db, auth, id);
  await releaseCarrierNumber(ctx, row.carrierSid).catch((err) =>
    log.error(
      { err, accountId, numberId: id },
      "unpaid number could not be released at the carrier",
    ),
  );
}

/** Each extra number's monthly line of a renewal invoice (billing), in the caller's transaction. */
export async function monthlyNumberCharges(db: Pick<PoolClient, "query">, accountId: number) {
  return (await q.monthlyPricedNumbers(db, accountId)).map((n) => ({
    description: `Extra number ${n.number}, 1 month`,
    amountCents: n.monthlyPriceCents,
  }));
}

export async function renameNumber(ctx: AppContext, auth: Actor, id: number, name: string) {
  assertCan(auth, "numbers:manage");
  const row = await q.updateNumber(ctx.db, auth, id, { name });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toDedicatedNumber(row);
}

export async function releaseNumber(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "numbers:manage");
  const row = await q.findLiveNumber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  await carrierCall(() => releaseCarrierNumber(ctx, row.carrierSid));
  await q.markReleased(ctx.db, auth, id);
}

export async function submitTollFreeVerification(
  ctx: AppContext,
  auth: Actor,
  id: number,
  form: z.infer<typeof tollFreeVerificationRequest>,
) {
  assertCan(auth, "numbers:manage");
  const row = await q.findLiveNumber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (!row.tollFree)
    throw new AppError("BAD_REQUEST", "Only toll-free numbers need toll-free verification.");
  if (row.tfVerification === "verified")
    throw new AppError("CONFLICT", "This number is already verified.");
  const updated = await q.updateNumber(ctx.db, auth, id, {
    tfVerification: "pending",
    tfVerificationForm: form,
  });
  return toDedicatedNumber(updated!);
}

/**
 * Inbound routing: the live number a text was sent to, whichever account has it (the one lookup
 * of tenant rows not scoped by an account, by design); undefined when it is none of ours.
 */
export async function numberByE164(ctx: Pick<AppContext, "db">, number: string) {
  return q.findLiveNumberByE164(ctx.db, number);
}

/** Every number the account has had, released ones too: to name a number an id points at. */
export async function accountNumbers(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<{ id: number; number: string }[]> {
  return q.allNumbersOf(ctx.db, accountId);
}

/**
 * Whether the number is the account's and not released: the check of a keyword, a marketing
 * tool, a chatbot or an automated reply that names the number it answers on. Takes the caller's
 * handle so it can run inside the caller's transaction.
 */
export async function hasLiveNumber(
  db: Executor,
  accountId: number,
  phoneNumberId: number,
): Promise<boolean> {
  return q.isLiveNumberOf(db, accountId, phoneNumberId);
}

/** The account's numbers not released, with toll-free verification (the registration picture). */
export async function registrationNumbers(db: Queryable, accountId: number) {
  return q.registrationNumbersOf(db, accountId);
}

/** Whether the account has a dedicated toll-free number (the account's dedicatedTollFree). */
export async function hasDedicatedTollFree(ctx: AppContext, accountId: number): Promise<boolean> {
  return q.hasLiveTollFree(ctx.db, accountId);
}

/**
 * The number the platform texts from on the account's behalf (sign-in codes): its first active
 * number, a long code before a toll-free one; undefined when it has none.
 */
export async function ownSendingNumber(
  ctx: Pick<AppContext, "db">,
  accountId: number,
): Promise<{ id: number; number: string } | undefined> {
  return q.findOwnSendingNumber(ctx.db, accountId);
}

export async function hasValidSendingNumber(ctx: AppContext, auth: Actor) {
  return { hasValidSendingNumber: await q.hasUsableNumber(ctx.db, auth) };
}

/** A carrier refusal becomes a message a person can act on; an outage is a 5xx-free 409. */
async function carrierCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    if (err.code === 21422)
      throw new AppError("CONFLICT", "That number was just taken. Please pick another one.");
    if (err.retryable) {
      throw new AppError(
        "CONFLICT",
        "The phone carrier is not answering right now. Please try again in a minute.",
      );
    }
    throw new AppError("BAD_REQUEST", `The phone carrier refused: ${err.message}`);
  }
}
