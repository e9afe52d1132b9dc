import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type {
  MailboxResponse,
  MailDetail,
  MailSummary,
  mailboxQuery,
} from "../../../domain/mailbox.schemas";
import { can } from "../../../domain/permissions";
import { asSystem } from "../../db/tenant-scope";
import type { AppContext, UserActor } from "../../http/context";
import { findUserEmail } from "../users/user-records.service";
import * as q from "./mail.queries";

/** Everyone reads mail to their own address; the Owner also the account's (mail.queries.ts). */
async function readerOf(ctx: AppContext, auth: UserActor): Promise<q.MailReader> {
  return {
    accountId: auth.accountId,
    email: (await findUserEmail(ctx.db, auth.userId)) ?? "",
    accountMail: can(auth, "mail:all"),
  };
}

function toSummary(row: q.MailRow): MailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    kind: row.kind,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The latest local mail `reader` may see (sign-up's pending mail page), with the totals; no
 * permission check: the caller says whose mail it is.
 */
export async function listMailOf(
  ctx: Pick<AppContext, "db">,
  reader: q.MailReader,
  page: { limit: number; offset: number },
) {
  return q.listMail(ctx.db, reader, page);
}

/** A kept mail as the sign-in pages preview it: its subject and the in-app path of its link. */
export interface MailPreview {
  subject: string;
  createdAt: string;
  link: string | null;
}

export function previewOf(row: Pick<q.MailRow, "subject" | "textBody" | "createdAt">): MailPreview {
  const url = /(https?:\/\/\S+)/.exec(row.textBody)?.[1];
  let link: string | null = null;
  if (url) {
    const u = new URL(url);
    link = `${u.pathname}${u.search}`;
  }
  return { subject: row.subject, createdAt: row.createdAt.toISOString(), link };
}

/**
 * The newest mail of `kind` kept for `to` since `since`, whichever account it belongs to: read
 * by a public page on purpose (the caller decides that the reader may see it).
 */
export async function latestKeptMail(
  ctx: Pick<AppContext, "db">,
  to: string,
  kind: string,
  since: Date,
): Promise<MailPreview | null> {
  const row = await asSystem(() => q.latestMailTo(ctx.db, to, kind, since));
  return row ? previewOf(row) : null;
}

export async function listMailbox(
  ctx: AppContext,
  auth: UserActor,
  query: z.infer<typeof mailboxQuery>,
): Promise<MailboxResponse> {
  const reader = await readerOf(ctx, auth);
  const { rows, total, unread } = await q.listMail(ctx.db, reader, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { local: !ctx.config.useSmtp, total, unread, rows: rows.map(toSummary) };
}

/** Opening a mail marks it read. */
export async function openMail(ctx: AppContext, auth: UserActor, id: number): Promise<MailDetail> {
  const row = await q.findMail(ctx.db, await readerOf(ctx, auth), id);
  if (!row) throw new AppError("NOT_FOUND", "This e-mail does not exist.");
  if (!row.readAt) await q.markRead(ctx.db, row.id);
  return {
    ...toSummary(row),
    read: true,
    text: row.textBody,
    publicBase: ctx.config.publicBase,
  };
}
