import { TRIAL_DAYS, TRIAL_PLAN_ID } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { PERMISSION_LEVEL, userActor } from "../../../domain/permissions";
import { SETUP_TEXT, type SetupLinkRefusal } from "../../../domain/setup.schemas";
import { accountNameFrom } from "../../../domain/signup.schemas";
import { inTransaction } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import { freeAccountName, insertAccount } from "../account/account-records.service";
import { recordAudit } from "../audit/audit.service";
import { hashNewPassword } from "../auth/password";
import { issueSetupLink, setupLinkState, useSetupLink } from "../auth/setup-links.service";
import { continueSignIn, type SignInClient, type SignInOutcome } from "../auth/sign-in.service";
import { startTrial } from "../billing/billing.service";
import { openCredits } from "../credits/credits.service";
import { startTourFor } from "../registrations/tour.service";
import { anyUserExists, findUserById, insertOwner } from "../users/user-records.service";
import { lockFirstOwner } from "./setup.queries";

const DAY_MS = 86_400_000;

function refused(reason: SetupLinkRefusal): AppError {
  return new AppError("FORBIDDEN", SETUP_TEXT[reason], { reason });
}

/**
 * At start: a fresh install (no user yet) gets a new one-time setup link for its first owner,
 * which ends the link of any earlier start. Null once the install has a user.
 */
export async function announceSetupLink(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
): Promise<{ url: string; expiresAt: Date } | null> {
  if (await asSystem(() => anyUserExists(ctx.db))) return null;
  const link = await issueSetupLink(ctx.db, ctx.clock.now());
  return { url: `${ctx.config.publicBase}/setup/${link.token}`, expiresAt: link.expiresAt };
}

/** The setup page's first question: may this link still be used? Its end when it may. */
export async function checkSetupLink(ctx: AppContext, token: string): Promise<{ expiresAt: Date }> {
  return asSystem(async () => {
    const link = await setupLinkState(ctx.db, token, ctx.clock.now());
    if (link.state === "live" && (await anyUserExists(ctx.db))) throw refused("ownerExists");
    if (link.state !== "live") throw refused(link.state);
    return { expiresAt: link.expiresAt };
  });
}

export interface SetupInput {
  businessName: string;
  username: string;
  email: string;
  password: string;
  timezoneId: number;
}

/**
 * The first owner of the install, made through its setup link: the business's account (on the
 * trial a sign-up gets), its Owner, the link used up, an audit row naming the owner, all in one
 * transaction; then the owner is signed in on this device. The operator who holds the server's
 * log vouches for the address as the link's holder, so no verification mail is owed.
 */
export async function completeSetup(
  ctx: AppContext,
  token: string,
  input: SetupInput,
  client: SignInClient,
): Promise<{ accountName: string; outcome: SignInOutcome }> {
  await checkSetupLink(ctx, token);
  const passwordHash = await hashNewPassword(input.password, {
    field: "password",
    about: [input.username, input.email, input.businessName],
  });
  const now = ctx.clock.now();
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const created = await asSystem(() =>
    inTransaction(ctx.db, async (tx) => {
      await lockFirstOwner(tx);
      // Again under the lock: another setup or the admin command may have made the owner.
      const link = await setupLinkState(tx, token, now);
      if (link.state !== "live") throw refused(link.state);
      if (await anyUserExists(tx)) throw refused("ownerExists");
      if (!(await useSetupLink(tx, link.id, now))) throw refused("used");
      const accountName = await freeAccountName(tx, accountNameFrom(input.businessName));
      const accountId = await insertAccount(tx, {
        accountName,
        businessName: input.businessName,
        email: input.email,
        timezoneId: input.timezoneId,
        industry: null,
        businessPhone: null,
        trialEndsAt,
      });
      const userId = await insertOwner(tx, {
        accountId,
        username: input.username,
        email: input.email,
        passwordHash,
        permissionLevel: PERMISSION_LEVEL.OWNER,
        emailVerifiedAt: now,
      });
      await startTrial(tx, { accountId, planId: TRIAL_PLAN_ID, start: now, end: trialEndsAt });
      await startTourFor(tx, userId);
      await recordAudit(
        { ...ctx, db: tx },
        userActor({ accountId, userId, level: PERMISSION_LEVEL.OWNER, restricted: false }),
        {
          action: "account.create",
          target: { type: "account", id: accountId, label: accountName },
          changes: {
            owner: { after: input.username },
            businessName: { after: input.businessName },
            via: { after: "one-time setup link" },
          },
        },
      );
      return { accountId, accountName, userId };
    }),
  );
  await openCredits(ctx.db.$client, created.accountId);
  const user = await findUserById(ctx.db, created.userId);
  if (!user) throw new AppError("INTERNAL", "The new account could not be opened.");
  const outcome = await continueSignIn(ctx, user, client);
  return { accountName: created.accountName, outcome };
}
