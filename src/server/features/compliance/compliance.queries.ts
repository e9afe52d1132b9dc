import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Pool, PoolClient } from "pg";
import type { Db, Executor } from "../../db/connection";
import { type AccountEventType, recordEvent } from "../events/events.service";
import { consentEvents, suppressions } from "./compliance.schema";

export type SuppressionReason = "opted_out" | "blocked";

export async function suppressionReasons(
  db: Executor,
  accountId: number,
  phone: string,
): Promise<SuppressionReason[]> {
  const rows = await db
    .select({ reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.accountId, accountId), eq(suppressions.phone, phone)));
  return rows.map((r) => r.reason as SuppressionReason);
}

/** suppressionReasons on a plain pg connection (a transaction the send path already holds). */
export async function suppressionReasonsOn(
  client: Pool | PoolClient,
  accountId: number,
  phone: string,
): Promise<SuppressionReason[]> {
  const res = await client.query<{ reason: SuppressionReason }>(
    "select reason from suppressions where account_id = $1 and phone = $2",
    [accountId, phone],
  );
  return res.rows.map((r) => r.reason);
}

export async function addSuppression(
  db: Executor,
  accountId: number,
  phone: string,
  reason: SuppressionReason,
) {
  const added = await db
    .insert(suppressions)
    .values({ accountId, phone, reason })
    .onConflictDoNothing()
    .returning({ phone: suppressions.phone });
  if (added.length > 0 && reason === "opted_out")
    await consentChanged(db, accountId, phone, "subscriber.opted_out");
  return added.length > 0;
}

/**
 * Every opt-out and opt-in passes through the two functions above, so the event automations
 * and webhooks act on is written here, in the same transaction, once per real change.
 */
async function consentChanged(
  db: Executor,
  accountId: number,
  phone: string,
  type: AccountEventType,
) {
  const found = await db.execute<{ id: number }>(
    sql`select id::int as id from subscribers where account_id = ${accountId} and phone = ${phone} limit 1`,
  );
  await recordEvent(db, {
    accountId,
    type,
    subscriberId: found.rows[0]?.id ?? null,
    data: { phone },
  });
}

export async function removeSuppression(
  db: Executor,
  accountId: number,
  phone: string,
  reasons: SuppressionReason[],
) {
  const removed = await db
    .delete(suppressions)
    .where(
      and(
        eq(suppressions.accountId, accountId),
        eq(suppressions.phone, phone),
        inArray(suppressions.reason, reasons),
      ),
    )
    .returning({ reason: suppressions.reason });
  if (removed.some((r) => r.reason === "opted_out"))
    await consentChanged(db, accountId, phone, "subscriber.opted_in");
  return removed.length > 0;
}

export async function insertConsentEvent(db: Executor, row: typeof consentEvents.$inferInsert) {
  await db.insert(consentEvents).values(row);
}

export async function consentEventsFor(db: Db, accountId: number, phone: string, limit = 100) {
  return db
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.accountId, accountId), eq(consentEvents.phone, phone)))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id))
    .limit(limit);
}

/** The same consent line for many numbers in one statement (imports: thousands per batch). */
export async function insertConsentForPhones(
  db: Executor,
  row: { accountId: number; action: string; source: string; detail: string; userId: number | null },
  phones: string[],
) {
  await db.execute(
    sql`insert into ${consentEvents} (account_id, phone, action, source, detail, user_id)
        select ${row.accountId}, p, ${row.action}, ${row.source}, ${row.detail}, ${row.userId}::int
        from unnest(${`{${phones.join(",")}}`}::text[]) as p`,
  );
}

/**
 * What the automatic answers name: the business, its program description and a support contact
 * (the support_contact setting, else the account's e-mail).
 */
export async function complianceProfile(db: Db, accountId: number) {
  const { rows } = await db.$client.query<{
    businessName: string;
    email: string;
    contact: unknown;
    description: unknown;
  }>(
    `select a.business_name as "businessName", a.email,
            (select value from account_settings where account_id = a.id and name = 'support_contact') as contact,
            (select value from account_settings where account_id = a.id and name = 'program_description') as description
       from accounts a where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return {
    businessName: row?.businessName ?? "",
    contact: text(row?.contact) || (row?.email ?? ""),
    description: text(row?.description),
  };
}

/**
 * Whether the sender's opt-out in force was already confirmed by a texted STOP. Locks the
 * suppression row, so two STOPs arriving together are answered once. A number opted out by
 * hand or by the carrier has had no confirmation from us: its first STOP gets one.
 */
export async function optOutConfirmed(tx: Executor, accountId: number, phone: string) {
  const result = await tx.execute(
    sql`select exists (
          select 1 from ${consentEvents} e
           where e.account_id = x.account_id and e.phone = x.phone and e.action = 'opt_out'
             and e.source = 'keyword' and e.created_at >= x.created_at) as confirmed
          from ${suppressions} x
         where x.account_id = ${accountId} and x.phone = ${phone} and x.reason = 'opted_out'
         for update`,
  );
  return (result.rows[0] as { confirmed?: boolean } | undefined)?.confirmed === true;
}
