import { sql } from "drizzle-orm";
import { planById } from "../../domain/billing";
import { PERMISSION_LEVEL } from "../../domain/permissions";
import { ONBOARDING_STEP } from "../../domain/settings";
import { type Config, PUBLIC_DEMO_PASSWORD } from "../config";
import type { Db } from "../db/connection";
import { accounts } from "../features/account/account.schema";
import { hashPassword, verifyPassword } from "../features/auth/password";
import { openPlanCredits } from "../features/credits/credits.service";
import { startTourFor } from "../features/registrations/tour.service";
import { addStarterTemplates } from "../features/templates/templates.service";
import { users } from "../features/users/users.schema";
import { seedDemoBilling } from "./demo-billing";
import { seedDemoGrowth } from "./demo-growth";

const TRIAL_DAYS = 14;

/**
 * Seeds the demo account once. Returns false when it already exists, so a second start keeps
 * whatever the demo user changed. Later features extend the demo with their own data.
 */
export async function seedDemo(db: Db, config: Config, now: Date): Promise<boolean> {
  const existing = await db.execute(
    sql`select 1 from ${users} where lower(${users.username}) = ${config.DEMO_USERNAME.toLowerCase()}`,
  );
  if (existing.rows.length > 0) return false;

  const passwordHash = await hashPassword(config.DEMO_PASSWORD);
  const accountId = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        accountName: "parley-demo",
        businessName: "Parley Demo Coffee Co.",
        email: config.DEMO_EMAIL,
        timezoneId: 1,
        industry: 2,
        // The demo owner has seen the brand registration prompt once and skipped it: the banner
        // asks again (doc 1 §4), the modal does not stop every visit.
        brandRegistrationStatus: "skipped",
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
      })
      .returning({ id: accounts.id });
    const [owner] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        username: config.DEMO_USERNAME,
        email: config.DEMO_EMAIL,
        passwordHash,
        firstName: "Dana",
        lastName: "Demo",
        permissionLevel: PERMISSION_LEVEL.OWNER,
      })
      .returning({ id: users.id });
    // The demo is a business in full swing: its owner has skipped the tour (read per user);
    // Settings' 'Show the guided tour' starts it.
    await startTourFor(tx, owner!.id, ONBOARDING_STEP.SKIPPED);
    await addStarterTemplates(tx, account!.id, null);
    await seedDemoGrowth(tx, account!.id);
    await seedDemoBilling(tx, account!.id, now);
    return account!.id;
  });
  // The demo is on the Growth plan: its credits are the plan's, not a trial's, so the plan's
  // "1,500 messages" and the credits' "used of total" tell the same story.
  const growth = planById("growth")!;
  await openPlanCredits(db.$client, accountId, {
    credits: growth.monthlyCredits,
    at: now,
    description: `${growth.name} plan credits`,
  });
  return true;
}

/**
 * The users (the demo owner, or "demo" of an older install) whose password is still the public
 * demo one: a server others reach must not start with any (see main.ts).
 */
export async function usersWithPublicDemoPassword(db: Db, config: Config): Promise<string[]> {
  const names = [...new Set([config.DEMO_USERNAME.toLowerCase(), "demo"])];
  const { rows } = await db.$client.query<{ username: string; password_hash: string | null }>(
    "select username, password_hash from users where lower(username) = any($1::text[])",
    [names],
  );
  const exposed: string[] = [];
  for (const row of rows)
    if (await verifyPassword(row.password_hash, PUBLIC_DEMO_PASSWORD)) exposed.push(row.username);
  return exposed;
}
