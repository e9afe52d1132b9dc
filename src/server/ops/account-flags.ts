import {
  ACCOUNT_TYPE_FLAGS,
  isAccountTypeFlag,
  isPlanFlag,
  PLAN_FLAGS,
} from "../../domain/settings";
import { systemClock } from "../clock";
import type { Db } from "../db/connection";
import {
  type AccountFlags,
  accountFlagsOf,
  applyAccountFlags,
} from "../features/account/account-flags.service";
import { applyDisabled } from "../features/billing/account-state.service";
import { auditByOperator } from "./operator-audit";
import { OpsError } from "./ops-error";

/** `name=on` / `name=off` (also true/false, yes/no, 1/0) into a change list; a mistake is named. */
export function parseFlagChanges(words: readonly string[]): Partial<AccountFlags> {
  const out: Partial<AccountFlags> = {};
  for (const w of words) {
    const m = /^([a-z_]+)=(on|off|true|false|yes|no|1|0)$/i.exec(w);
    if (!m) throw new OpsError(`"${w}" is not name=on or name=off`);
    const name = m[1]!.toLowerCase();
    if (!isAccountTypeFlag(name) && !isPlanFlag(name))
      throw new OpsError(
        `"${name}" is not a flag; flags: ${[...ACCOUNT_TYPE_FLAGS, ...PLAN_FLAGS].join(", ")}`,
      );
    out[name] = ["on", "true", "yes", "1"].includes(m[2]!.toLowerCase());
  }
  return out;
}

/**
 * `npm run admin -- account-flags <account> [name=on|off ...]`: the operator sets what kind of
 * account it is and the plan flags by hand; without changes it only reads them.
 */
export async function accountFlags(db: Db, who: string, changes: Partial<AccountFlags>) {
  const found = await db.$client.query<{ id: number }>(
    `select id from accounts
      where ($1::int is not null and id = $1::int) or lower(account_name) = lower($2)`,
    [/^\d{1,9}$/.test(who) ? Number(who) : null, who],
  );
  const account = found.rows[0];
  if (!account) throw new OpsError(`no account "${who}"`);
  const { flags: before } = await accountFlagsOf(db, account.id);
  const result = await applyAccountFlags(db, account.id, changes);
  const changed: Record<string, { before: boolean; after: boolean }> = {};
  for (const [name, after] of Object.entries(changes))
    if (before[name as keyof AccountFlags] !== after)
      changed[name] = { before: before[name as keyof AccountFlags], after: Boolean(after) };
  if (Object.keys(changed).length)
    await auditByOperator(db, account.id, {
      action: "account.operator",
      target: { type: "account", id: account.id },
      changes: changed,
    });
  return result;
}

/**
 * disable-account / enable-account: the operator's switch of doc 1 §4 reason 'disabled' (the
 * account reads but writes nothing until enabled; enabling restores its billing state).
 */
export async function switchAccount(db: Db, who: string, disable: boolean) {
  const found = await db.$client.query<{ id: number; accountName: string }>(
    `select id, account_name as "accountName" from accounts
      where ($1::int is not null and id = $1::int) or lower(account_name) = lower($2)`,
    [/^\d{1,9}$/.test(who) ? Number(who) : null, who],
  );
  const account = found.rows[0];
  if (!account) throw new OpsError(`no account "${who}"`);
  const r = await applyDisabled(db.$client, account.id, disable, systemClock.now());
  await auditByOperator(db, account.id, {
    action: "account.operator",
    target: { type: "account", id: account.id, label: account.accountName },
    changes: { disabled: { after: disable } },
  });
  return { ...account, forbiddenReason: r.forbiddenReason };
}
