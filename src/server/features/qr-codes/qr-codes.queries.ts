import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { QrTemplateInput } from "../../../domain/growth-tools";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { phoneNumbers } from "../numbers/numbers.public";
import { qrTemplates } from "./qr-codes.schema";

type Owner = { accountId: number };

function select(db: Db) {
  return db
    .select({
      ...getTableColumns(qrTemplates),
      number: phoneNumbers.number,
    })
    .from(qrTemplates)
    .leftJoin(phoneNumbers, eq(phoneNumbers.id, qrTemplates.phoneNumberId));
}

export async function listTemplateRows(db: Db, auth: Owner) {
  return select(db).where(ownedBy(qrTemplates, auth)).orderBy(desc(qrTemplates.id));
}

export async function findTemplateRow(db: Db, auth: Owner, id: number) {
  const [row] = await select(db).where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)));
  return row;
}

/** Whether the number is one of the account's live numbers. */
export async function hasActiveNumber(db: Db, auth: Owner, numberId: number): Promise<boolean> {
  const [n] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      and(
        ownedBy(phoneNumbers, auth),
        eq(phoneNumbers.id, numberId),
        eq(phoneNumbers.state, "active"),
      ),
    );
  return !!n;
}

export async function insertTemplate(
  db: Db,
  values: typeof qrTemplates.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(qrTemplates).values(values).returning({ id: qrTemplates.id });
  return row!.id;
}

export async function updateTemplateRow(
  db: Db,
  auth: Owner,
  id: number,
  input: QrTemplateInput,
): Promise<void> {
  await db
    .update(qrTemplates)
    .set(input)
    .where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)));
}

/** False when the account has no such template. */
export async function deleteTemplateRow(db: Db, auth: Owner, id: number): Promise<boolean> {
  const gone = await db
    .delete(qrTemplates)
    .where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)))
    .returning({ id: qrTemplates.id });
  return gone.length > 0;
}

/** Counts a scan; returns the message and the number while it is active. */
export async function countScan(db: Db, slug: string) {
  const { rows } = await db.execute<{ number: string | null; message: string }>(
    sql`update qr_templates t set scans = scans + 1, last_scanned_at = now()
         where slug = ${slug}
        returning message,
          (select p.number from phone_numbers p where p.id = t.phone_number_id and p.state = 'active') as number`,
  );
  return rows[0];
}
