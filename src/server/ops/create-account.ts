import { sql } from "drizzle-orm";
import { PERMISSION_LEVEL } from "../../domain/permissions";
import { TIMEZONES, timezoneByIana } from "../../domain/timezones";
import { systemClock } from "../clock";
import type { Db, Executor } from "../db/connection";
import { accounts } from "../features/account/account.schema";
import { hashPassword } from "../features/auth/password";
import { startTourFor } from "../features/registrations/tour.service";
import { addStarterTemplates } from "../features/templates/templates.service";
import { users } from "../features/users/users.schema";
import { auditByOperator } from "./operator-audit";
import { OpsError } from "./ops-error";
import { generatePassword, strongHash } from "./reset-password";

const TRIAL_DAYS = 14;

export interface NewAccountInput {
  businessName: string;
  username: string;
  email: string;
  /** Checked for strength; without it a random one is generated and returned. */
  password?: string;
  /** A time zone code (ET, CT, MT, AZ, PT, AKT, HT, AT, NT, UTC); ET by default. */
  timezone?: string;
}

/**
 * An account with its Owner, as the demo seed makes one: the account row (public accountName
 * made unique from the business name), the Owner user, the starter templates and the first
 * onboarding step. One transaction: nothing is left half-made.
 */
export async function createAccountWithOwner(db: Db, input: NewAccountInput) {
  const businessName = input.businessName.trim();
  const username = input.username.trim();
  const email = input.email.trim();
  if (!businessName) throw new OpsError("the business name is empty");
  if (!username || /[\s@]/.test(username) || username.length > 64)
    throw new OpsError("the username must be 1-64 characters without spaces or @");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    throw new OpsError(`"${email}" is not an e-mail address`);
  const wanted = (input.timezone ?? "ET").trim();
  const tz =
    TIMEZONES.find((t) => t.id <= 10 && t.code === wanted.toUpperCase()) ?? timezoneByIana(wanted);
  if (!tz) {
    throw new OpsError(
      `unknown time zone "${input.timezone}": use one of ${TIMEZONES.slice(0, 10)
        .map((t) => t.code)
        .join(", ")} or an IANA name such as Europe/Paris`,
    );
  }
  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  const passwordHash = generated
    ? await hashPassword(password)
    : await strongHash(password, [username, email, businessName]);

  const created = await db.transaction(async (tx) => {
    const taken = await tx.execute(
      sql`select 1 from ${users} where lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`,
    );
    if (taken.rows.length > 0)
      throw new OpsError("a user with that username or e-mail address already exists");
    const accountName = await uniqueAccountName(tx, businessName);
    const [account] = await tx
      .insert(accounts)
      .values({
        accountName,
        businessName,
        email,
        timezoneId: tz.id,
        trialEndsAt: new Date(systemClock.now().getTime() + TRIAL_DAYS * 86_400_000),
      })
      .returning({ id: accounts.id });
    const [owner] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        username,
        email,
        passwordHash,
        permissionLevel: PERMISSION_LEVEL.OWNER,
      })
      .returning({ id: users.id });
    // The tour is the user's (read per user): the new Owner starts on its first step.
    await startTourFor(tx, owner!.id);
    await addStarterTemplates(tx, account!.id, owner!.id);
    return { accountId: account!.id, userId: owner!.id, accountName };
  });
  await auditByOperator(db, created.accountId, {
    action: "account.create",
    target: { type: "account", id: created.accountId, label: created.accountName },
    changes: { owner: { after: username }, businessName: { after: businessName } },
  });
  return { ...created, username, password, generated };
}

/** "Joe's Pizza & Co" → "joes-pizza-co", then -2, -3… until no account has it. */
export async function uniqueAccountName(db: Executor, businessName: string): Promise<string> {
  const base =
    businessName
      .normalize("NFKD")
      .toLowerCase()
      .replace(/['’]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "account";
  const { rows } = await db.execute<{ name: string }>(
    sql`select lower(account_name) as name from accounts where lower(account_name) = ${base} or lower(account_name) like ${`${base}-%`}`,
  );
  const used = new Set(rows.map((r) => r.name));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
