import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  ACCOUNT_TYPE_FLAGS,
  type AccountTypeFlag,
  PLAN_FLAGS,
  type PlanFlag,
} from "../../../domain/settings";
import { type Db, inTransaction } from "../../db/connection";
import { writePlanFlags } from "../settings/settings.service";
import * as q from "./account-flags.queries";

/**
 * The flags an account's own users cannot change: what kind of account it is (developer, test,
 * TSI, webinar customer: the account's columns) and the plan flags (account settings the plan
 * sets). The operator sets them: `npm run admin -- account-flags` and PUT /ops/accounts/:id/flags.
 */
export type AccountFlags = Record<AccountTypeFlag | PlanFlag, boolean>;

const FLAG_NAMES = [...ACCOUNT_TYPE_FLAGS, ...PLAN_FLAGS] as const;
export const accountFlagsRequest = z.partialRecord(z.enum(FLAG_NAMES), z.boolean());
export const accountFlagsResponse = z.object({
  accountId: z.number(),
  accountName: z.string(),
  flags: z.record(z.string(), z.boolean()),
});

/** The account's columns behind each account-type flag (a fixed list: never built from input). */
const COLUMN: Record<AccountTypeFlag, string> = {
  is_developer: "is_developer",
  is_test_account: "is_test_account",
  is_tsi: "is_tsi",
  is_webinar_customer: "is_webinar_customer",
};

/** The account's name and flags, as the operator sees them. */
export async function accountFlagsOf(
  db: Db,
  accountId: number,
): Promise<{ accountId: number; accountName: string; flags: AccountFlags }> {
  const row = await q.accountFlagRow(db.$client, accountId, PLAN_FLAGS);
  if (!row) throw new AppError("NOT_FOUND", "There is no such account.");
  const plan = row.plan as Record<string, unknown>;
  const flags = {} as AccountFlags;
  for (const f of ACCOUNT_TYPE_FLAGS) flags[f] = row[COLUMN[f]] === true;
  for (const f of PLAN_FLAGS) flags[f] = plan[f] === true;
  return { accountId, accountName: String(row.account_name), flags };
}

/** Sets the given flags of the account in one transaction (every change or none). */
export async function applyAccountFlags(
  db: Db,
  accountId: number,
  changes: Partial<AccountFlags>,
): Promise<{ accountId: number; accountName: string; flags: AccountFlags }> {
  await inTransaction(db, async (_tx, client) => {
    if (!(await q.lockAccount(client, accountId)))
      throw new AppError("NOT_FOUND", "There is no such account.");
    for (const f of ACCOUNT_TYPE_FLAGS) {
      const v = changes[f];
      if (v !== undefined) await q.setAccountColumn(client, accountId, COLUMN[f], v);
    }
    const plan: Partial<Record<PlanFlag, boolean>> = {};
    for (const f of PLAN_FLAGS) if (changes[f] !== undefined) plan[f] = changes[f];
    await writePlanFlags(client, accountId, plan);
  });
  return accountFlagsOf(db, accountId);
}
