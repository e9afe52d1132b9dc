import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { users } from "../users/users.public";
import { mailMessages } from "./mail.schema";

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMail = typeof mailMessages.$inferInsert;

export async function insertMail(db: Db, row: NewMail): Promise<MailRow> {
  const [inserted] = await db.insert(mailMessages).values(row).returning();
  return inserted!;
}

/** Mails whose link signs a person in or sets their password: for the recipient's eyes only. */
const PERSONAL_SECRET_KINDS = [
  "reset_password",
  "activate",
  "verify_email",
  "verify_device",
  "magic_link",
];

/** Who reads the local mailbox: their own address, and whether they may read the account's. */
export interface MailReader {
  accountId: number;
  email: string;
  /** The Owner also reads mail to addresses that are nobody's login (invitees, the business). */
  accountMail: boolean;
}

/**
 * What a reader may see: mail to their own address. Mail to another user of the account is that
 * user's alone, whoever reads (an Owner reading a colleague's reset link would become them).
 * The Owner also sees mail to addresses no user of the account signs in with (an invitation to
 * forward when there is no mail server, a notice to the business), never a sign-in secret.
 */
function visibleTo(reader: MailReader): SQL {
  const account = eq(mailMessages.accountId, reader.accountId);
  const to = sql`lower(${mailMessages.toAddress})`;
  const own = eq(to, reader.email.toLowerCase());
  if (!reader.accountMail) return and(account, own)!;
  const nobodys = sql`(${mailMessages.kind} not in (${sql.join(
    PERSONAL_SECRET_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )}) and not exists (select 1 from ${users} where ${users.accountId} = ${reader.accountId} and lower(${users.email}) = ${to}))`;
  return and(account, or(own, nobodys))!;
}

export async function listMail(
  db: Db,
  reader: MailReader,
  page: { limit: number; offset: number },
) {
  const where = visibleTo(reader);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${mailMessages.readAt} is null)`.mapWith(Number),
      })
      .from(mailMessages)
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
}

export async function findMail(
  db: Db,
  reader: MailReader,
  id: number,
): Promise<MailRow | undefined> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(visibleTo(reader), eq(mailMessages.id, id)))
    .limit(1);
  return row;
}

export async function markRead(db: Db, id: number) {
  await db
    .update(mailMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(mailMessages.id, id), isNull(mailMessages.readAt)));
}

/** The newest mail of `kind` to `to` kept since `since` (the forgot-password preview). */
export async function latestMailTo(
  db: Db,
  to: string,
  kind: string,
  since: Date,
): Promise<MailRow | undefined> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(
      and(
        sql`lower(${mailMessages.toAddress}) = ${to.toLowerCase()}`,
        eq(mailMessages.kind, kind),
        sql`${mailMessages.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(1);
  return row;
}
