import { z } from "zod";
import { AUTH_TEXT, newPassword } from "./auth.schemas";
import { intId } from "./ids";
import { toE164 } from "./phone";

/** The user form's messages (spec doc 2 §5), letter for letter. */
export const USER_TEXT = {
  enterValidEmail: "Enter valid email",
  enterEmail: "Enter an email",
  enterPermissionLevel: "Enter a permission level",
  assignGroup: "Users must be assigned a group",
  disableMassMessagingRequired: "Disable Mass Messaging Status required",
  usernameRequired: "Username is required",
  passwordRequired: "Password is required",
  usernameTaken: "That username is already taken.",
  emailTaken: "A user with that e-mail address already exists.",
  invitePending: "An invitation to that e-mail address is already waiting.",
} as const;

/** Days an invitation link lives. */
export const INVITE_DAYS = 7;

const ids = z.array(intId()).max(1000);

/** An optional phone: blank is none; otherwise a US or Canada number, kept as E.164. */
const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .transform((value, check) => {
    if (value === "") return null;
    const e164 = toE164(value);
    if (!e164) {
      check.addIssue({ code: "custom", message: AUTH_TEXT.invalidPhone });
      return z.NEVER;
    }
    return e164;
  });

const email = z
  .string({ error: USER_TEXT.enterEmail })
  .trim()
  .min(1, USER_TEXT.enterEmail)
  .pipe(z.email(USER_TEXT.enterValidEmail).max(254));

/** What both the invitation and the edit set: access, groups, numbers, mass messaging. */
const accessFields = {
  email,
  permissionLevel: z.number({ error: USER_TEXT.enterPermissionLevel }).int().min(0).max(3),
  groupIds: ids,
  longcodeIds: ids,
  disableMassMessaging: z.boolean({ error: USER_TEXT.disableMassMessagingRequired }),
  /** Restricted users see only their numbers, no Dashboard (spec doc 1 §6). */
  restricted: z.boolean().default(false),
};

/** Agents must be assigned a group (spec doc 2 §6). */
function agentsHaveGroups(
  v: { permissionLevel: number; groupIds: number[] },
  ctx: z.RefinementCtx,
) {
  if (v.permissionLevel === 0 && v.groupIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["groupIds"], message: USER_TEXT.assignGroup });
  }
}

export const inviteUserRequest = z.object(accessFields).superRefine(agentsHaveGroups);
export type InviteUserRequest = z.infer<typeof inviteUserRequest>;

export const updateUserRequest = z
  .object({
    ...accessFields,
    username: z.string().trim().max(64).optional(),
    firstName: z.string().trim().max(100).default(""),
    lastName: z.string().trim().max(100).default(""),
    number: optionalPhone.optional(),
  })
  .superRefine(agentsHaveGroups);
export type UpdateUserRequest = z.input<typeof updateUserRequest>;
export type UpdateUserValues = z.output<typeof updateUserRequest>;

export const userRow = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  number: z.string().nullable(),
  permissionLevel: z.number(),
  restricted: z.boolean(),
  groupIds: z.array(z.number()),
  longcodeIds: z.array(z.number()),
  disableMassMessaging: z.boolean(),
  twoFactorMethod: z.enum(["app", "sms"]).nullable(),
  createdAt: z.string(),
  isSelf: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

export const inviteRow = z.object({
  id: z.number(),
  email: z.string(),
  permissionLevel: z.number(),
  invitedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type InviteRow = z.infer<typeof inviteRow>;

export const listUsersResponse = z.object({
  users: z.array(userRow),
  invites: z.array(inviteRow),
  /** Levels the caller may give (drives the form's choices). */
  assignableLevels: z.array(z.number()),
});
export type ListUsersResponse = z.infer<typeof listUsersResponse>;

// --- Invitation sign-up (/auth/invite?key=…) ------------------------------------------------

export const verifyInviteQuery = z.object({ key: z.string().trim().min(1).max(200) });
export const verifyInviteResponse = z.object({
  accountName: z.string(),
  businessName: z.string(),
  email: z.string(),
});
export type VerifyInviteResponse = z.infer<typeof verifyInviteResponse>;

const signupEmail = z
  .string()
  .trim()
  .min(1, AUTH_TEXT.emailRequired)
  .pipe(z.email(AUTH_TEXT.enterValidEmail).max(254));
const username = z
  .string()
  .trim()
  .min(1, USER_TEXT.usernameRequired)
  .max(64, "Username is too long")
  .regex(/^[^\s@]*$/, "Username cannot contain spaces or @");
/** A username as every form that makes a user checks it (the first owner's setup too). */
export const usernameField = username;

/** 'create user' of spec doc 3 §7: the form fields, the access key, the phone as digits. */
/** The invitee's own name, so teammates see "Dana Demo" rather than a username. */
const personNameFields = {
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
};

export const acceptInviteRequest = z.object({
  accessKey: z.string().trim().min(1).max(200),
  ...personNameFields,
  username,
  email: signupEmail,
  phoneNumber: optionalPhone,
  password: z.string().min(1, USER_TEXT.passwordRequired).pipe(newPassword),
});
export type AcceptInviteRequest = z.input<typeof acceptInviteRequest>;

/** The invitation form of the page (confirm must match). */
export const inviteSignupForm = z
  .object({
    ...personNameFields,
    username,
    email: signupEmail,
    phoneNumber: optionalPhone,
    password: z.string().min(1, USER_TEXT.passwordRequired).pipe(newPassword),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_TEXT.passwordsMustMatch,
    // Also said when another field is wrong, so every mistake shows at once.
    when: (p) => {
      const v = p.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === "string" && typeof v.confirmPassword === "string";
    },
  });
