import {
  ACCOUNT_TYPE_FLAGS,
  isAccountTypeFlag,
  isPlanFlag,
  PLAN_FLAGS,
} from "../../domain/settings";
import type { Db } from "../db/connection";
import { type AccountFlags, applyAccountFlags } from "../features/account/account-flags.service";
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
  return applyAccountFlags(db, account.id, changes);
}
