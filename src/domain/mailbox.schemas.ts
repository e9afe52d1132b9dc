import { z } from "zod";

/** One mail of the local mailbox, as the list shows it. */
export const mailSummary = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  kind: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MailSummary = z.infer<typeof mailSummary>;

export const mailboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const mailboxResponse = z.object({
  /** False when mail goes out by SMTP: nothing new lands here then. */
  local: z.boolean(),
  total: z.number(),
  unread: z.number(),
  rows: z.array(mailSummary),
});
export type MailboxResponse = z.infer<typeof mailboxResponse>;

export const mailDetail = mailSummary.extend({
  text: z.string(),
  /** The address links in mail start with: the web opens those in place. */
  publicBase: z.string(),
});
export type MailDetail = z.infer<typeof mailDetail>;

/**
 * The kept mail a sign-in page shows a person who has no mailbox to open (no SMTP): sign-up's
 * verification mail, forgot password's reset mail. `local`: mail is kept, not sent.
 */
export const keptMailPreview = z.object({
  local: z.boolean(),
  mails: z.array(
    z.object({ subject: z.string(), createdAt: z.string(), link: z.string().nullable() }),
  ),
});
export type KeptMailPreview = z.infer<typeof keptMailPreview>;
