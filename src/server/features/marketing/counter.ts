import { AppError } from "../../../domain/errors";
import { normaliseCode } from "../../../domain/marketing";
import type { CodeCheck, CouponSettings } from "../../../domain/marketing.schemas";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import * as q from "./marketing.queries";
import { maskPhone } from "./referrals";

/**
 * The counter page (/counter/:token): staff type or scan a code and see whether it is valid, used
 * or expired, and mark it redeemed. The token in the link is the program's secret, so a shop
 * tablet needs no sign-in; codes of other programs or accounts are unknown here.
 */
const NOT_FOUND = "This counter link is not valid. Copy it again from the tool's page.";

async function programOfToken(db: Executor, token: string): Promise<q.CounterProgram> {
  const row = await q.counterProgramOfToken(db, token);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

function offerOf(p: q.CounterProgram): string {
  const s = p.settings;
  return String(p.kind === "coupon" ? s.offer : p.kind === "giveaway" ? s.prize : s.reward);
}

export async function counterInfo(ctx: AppContext, token: string) {
  const p = await programOfToken(ctx.db, token);
  return {
    business: p.business,
    program: p.name,
    kind: p.kind,
    offer: offerOf(p),
    ...(await q.codeCounts(ctx.db, p)),
  };
}

function expiryOf(p: q.CounterProgram): Date | null {
  return p.kind === "coupon" ? new Date((p.settings as CouponSettings).expiresAt) : null;
}

async function describe(
  ctx: AppContext,
  p: q.CounterProgram,
  code: string,
  row: q.CodeRow | null,
  redeemedNow: boolean,
): Promise<CodeCheck> {
  const expires = expiryOf(p);
  const state: CodeCheck["state"] = !row
    ? "unknown"
    : row.redeemedAt
      ? "redeemed"
      : expires && expires.getTime() <= ctx.clock.now().getTime()
        ? "expired"
        : "valid";
  return {
    code,
    state,
    offer: offerOf(p),
    expiresAt: expires?.toISOString() ?? null,
    redeemedAt: row?.redeemedAt ? new Date(row.redeemedAt).toISOString() : null,
    holder: row ? maskPhone(row.phone) : "",
    redeemedNow,
    ...(await q.codeCounts(ctx.db, p)),
  };
}

export async function checkCode(ctx: AppContext, token: string, raw: string) {
  const p = await programOfToken(ctx.db, token);
  const code = normaliseCode(raw);
  return describe(ctx, p, code, await q.findCode(ctx.db, p, code), false);
}

/** Marks a valid code used, once: a second scan shows when it was used. */
export async function redeemCode(ctx: AppContext, token: string, raw: string) {
  const p = await programOfToken(ctx.db, token);
  const code = normaliseCode(raw);
  const expires = expiryOf(p);
  const stillValid = !expires || expires.getTime() > ctx.clock.now().getTime();
  const rows = stillValid ? await q.redeemCodeRow(ctx.db, p, code) : [];
  const done = rows.length > 0;
  if (done)
    await q.logActivity(ctx.db, {
      accountId: p.accountId,
      programId: p.id,
      memberId: p.kind === "coupon" ? rows[0]!.id : null,
      kind: "redeem",
      detail: `Code ${code} redeemed at the counter`,
      at: ctx.clock.now(),
    });
  return describe(ctx, p, code, await q.findCode(ctx.db, p, code), done);
}
