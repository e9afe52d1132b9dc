import { z } from "zod";
import { AppError } from "./errors";
import type { Actor } from "./permissions";

/** Managed accounts (spec doc 1 §2 /manage-accounts): an agency's parent account and its children. */
export const MANAGED_TEXT = {
  businessRequired: "Business name is required",
  businessTooLong: "Business name must be at most 100 characters",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "An account with this e-mail already exists.",
  nameTooLong: "Must be at most 50 characters",
  childCannotManage: "A managed account cannot manage other accounts.",
  notFound: "This account was not found.",
  alreadyActing: "Log out of the managed account first.",
  notActing: "You are not in a managed account: you are already in your own account.",
  notWhileActing:
    "You are acting in a managed account: API keys, app approvals, the mailbox and people's sign-in details (e-mail, username, phone, password, two-factor) are left to the account's own people.",
} as const;

/**
 * A parent's user (or key) acting in a child is not one of the child's people: nothing it does may
 * outlive leaving (a key, an app's grant) or take over someone's sign-in (e-mail, 2FA, a reset
 * link read in their mailbox).
 */
export function assertNotActing(actor: Actor): void {
  if (actor.actingFor) throw new AppError("FORBIDDEN", MANAGED_TEXT.notWhileActing);
}

export const createChildAccountBody = z.object({
  businessName: z
    .string(MANAGED_TEXT.businessRequired)
    .trim()
    .min(1, MANAGED_TEXT.businessRequired)
    .max(100, MANAGED_TEXT.businessTooLong),
  email: z
    .string(MANAGED_TEXT.emailRequired)
    .trim()
    .min(1, MANAGED_TEXT.emailRequired)
    .max(254, MANAGED_TEXT.emailInvalid)
    .pipe(z.email(MANAGED_TEXT.emailInvalid)),
  firstName: z.string().trim().max(50, MANAGED_TEXT.nameTooLong).default(""),
  lastName: z.string().trim().max(50, MANAGED_TEXT.nameTooLong).default(""),
});
export type CreateChildAccountBody = z.infer<typeof createChildAccountBody>;

export const childAccount = z.object({
  id: z.number(),
  businessName: z.string(),
  accountName: z.string(),
  email: z.string(),
  ownerName: z.string(),
  createdAt: z.string(),
  usage: z.object({
    /** Credits spent this calendar month (charges less refunds). */
    creditsUsed: z.number(),
    creditsBalance: z.number(),
    subscribers: z.number(),
    /** Outgoing texts created this calendar month. */
    sendsThisMonth: z.number(),
  }),
});
export type ChildAccount = z.infer<typeof childAccount>;

export const childAccountList = z.object({
  rows: z.array(childAccount),
  /** Whether this account may create and open children (a top-level account's owner). */
  canManage: z.boolean(),
});

export const auditEntry = z.object({
  id: z.number(),
  action: z.string(),
  detail: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export const auditList = z.object({ rows: z.array(auditEntry) });
