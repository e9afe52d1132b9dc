import { sql } from "drizzle-orm";
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

type CounterProgram = {
  id: number;
  accountId: number;
  kind: "loyalty" | "coupon" | "giveaway" | "referral" | "registration";
  name: string;
  settings: Record<string, unknown>;
  business: string;
};

async function programOfToken(db: Executor, token: string): Promise<CounterProgram> {
  const { rows } = await db.execute<CounterProgram>(
    sql`select p.id, p.account_id as "accountId", p.kind, p.name, p.settings, a.business_name as business
          from marketing_programs p join accounts a on a.id = p.account_id
         where p.public_token = ${token} and p.kind <> 'registration'`,
  );
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

function offerOf(p: CounterProgram): string {
  const s = p.settings;
  return String(p.kind === "coupon" ? s.offer : p.kind === "giveaway" ? s.prize : s.reward);
}

async function counts(db: Executor, p: CounterProgram) {
  const { rows } = await db.execute<{ issued: number; redeemed: number }>(
    p.kind === "coupon"
      ? sql`select count(*)::int as issued, count(redeemed_at)::int as redeemed
              from marketing_members where program_id = ${p.id} and code is not null`
      : sql`select count(*)::int as issued, count(redeemed_at)::int as redeemed
              from marketing_rewards where program_id = ${p.id}`,
  );
  return rows[0] ?? { issued: 0, redeemed: 0 };
}

export async function counterInfo(ctx: AppContext, token: string) {
  const p = await programOfToken(ctx.db, token);
  return {
    business: p.business,
    program: p.name,
    kind: p.kind,
    offer: offerOf(p),
    ...(await counts(ctx.db, p)),
  };
}

type CodeRow = {
  id: number;
  phone: string;
  redeemedAt: Date | null;
};

async function findCode(db: Executor, p: CounterProgram, code: string): Promise<CodeRow | null> {
  const { rows } = await db.execute<CodeRow>(
    p.kind === "coupon"
      ? sql`select id::int as id, phone, redeemed_at as "redeemedAt" from marketing_members
             where program_id = ${p.id} and code = ${code}`
      : sql`select r.id::int as id, m.phone, r.redeemed_at as "redeemedAt"
              from marketing_rewards r join marketing_members m on m.id = r.member_id
             where r.program_id = ${p.id} and r.code = ${code}`,
  );
  return rows[0] ?? null;
}

function expiryOf(p: CounterProgram): Date | null {
  return p.kind === "coupon" ? new Date((p.settings as CouponSettings).expiresAt) : null;
}

async function describe(
  ctx: AppContext,
  p: CounterProgram,
  code: string,
  row: CodeRow | null,
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
    ...(await counts(ctx.db, p)),
  };
}

export async function checkCode(ctx: AppContext, token: string, raw: string) {
  const p = await programOfToken(ctx.db, token);
  const code = normaliseCode(raw);
  return describe(ctx, p, code, await findCode(ctx.db, p, code), false);
}

/** Marks a valid code used, once: a second scan shows when it was used. */
export async function redeemCode(ctx: AppContext, token: string, raw: string) {
  const p = await programOfToken(ctx.db, token);
  const code = normaliseCode(raw);
  const expires = expiryOf(p);
  const stillValid = !expires || expires.getTime() > ctx.clock.now().getTime();
  const { rows } = stillValid
    ? await ctx.db.execute<{ id: number }>(
        p.kind === "coupon"
          ? sql`update marketing_members set redeemed_at = now(), state = 'redeemed', updated_at = now()
                 where program_id = ${p.id} and code = ${code} and redeemed_at is null returning id::int as id`
          : sql`update marketing_rewards set redeemed_at = now()
                 where program_id = ${p.id} and code = ${code} and redeemed_at is null returning id::int as id`,
      )
    : { rows: [] };
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
  return describe(ctx, p, code, await findCode(ctx.db, p, code), done);
}
