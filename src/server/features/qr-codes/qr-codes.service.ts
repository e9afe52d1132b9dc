import { randomBytes } from "node:crypto";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors";
import {
  QR_TEXTS,
  type QrTemplateInput,
  type QrTemplateResponse,
  smsUri,
} from "../../../domain/growth-tools";
import { assertCan } from "../../../domain/permissions";
import { ownedBy } from "../../db/tenant";
import type { Actor, AppContext } from "../../http/context";
import { phoneNumbers } from "../numbers/numbers.public";
import { qrTemplates } from "./qr-codes.schema";

/**
 * QR code templates (/optins/qr-code-templates): a styled code that holds Parley's counting
 * redirect /q/:slug, which sends the phone on to an `sms:` link with the number and text filled
 * in. The code itself is drawn in the browser (PNG and SVG downloads); the server keeps the
 * template, counts scans and redirects.
 */

type Row = typeof qrTemplates.$inferSelect & { number: string | null };

function toResponse(ctx: AppContext, r: Row): QrTemplateResponse {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    phoneNumberId: r.phoneNumberId,
    number: r.number,
    message: r.message,
    fgColor: r.fgColor,
    bgColor: r.bgColor,
    frameText: r.frameText,
    logo: r.logo,
    scans: r.scans,
    lastScannedAt: r.lastScannedAt ? r.lastScannedAt.toISOString() : null,
    scanUrl: `${ctx.config.publicBase}/q/${r.slug}`,
    smsUri: r.number ? smsUri(r.number, r.message) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

function select(ctx: AppContext) {
  return ctx.db
    .select({
      ...getTableColumns(qrTemplates),
      number: phoneNumbers.number,
    })
    .from(qrTemplates)
    .leftJoin(phoneNumbers, eq(phoneNumbers.id, qrTemplates.phoneNumberId));
}

export async function listTemplates(ctx: AppContext, auth: Actor) {
  const rows = await select(ctx).where(ownedBy(qrTemplates, auth)).orderBy(desc(qrTemplates.id));
  return { rows: rows.map((r) => toResponse(ctx, r)) };
}

export async function getTemplate(ctx: AppContext, auth: Actor, id: number) {
  const [row] = await select(ctx).where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)));
  if (!row) throw new AppError("NOT_FOUND", QR_TEXTS.notFound);
  return toResponse(ctx, row);
}

/** The number must be one of the account's live numbers: a code pointing elsewhere is refused. */
async function assertOwnNumber(ctx: AppContext, auth: Actor, numberId: number) {
  const [n] = await ctx.db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      and(
        ownedBy(phoneNumbers, auth),
        eq(phoneNumbers.id, numberId),
        eq(phoneNumbers.state, "active"),
      ),
    );
  if (!n) throw new AppError("NOT_FOUND", QR_TEXTS.numberNotFound);
}

/** Short, unguessable enough to stop people counting other accounts' scans by walking ids. */
const newSlug = () => randomBytes(6).toString("base64url").toLowerCase().replace(/[-_]/g, "x");

export async function createTemplate(ctx: AppContext, auth: Actor, input: QrTemplateInput) {
  assertCan(auth, "settings:write");
  await assertOwnNumber(ctx, auth, input.phoneNumberId);
  const [row] = await ctx.db
    .insert(qrTemplates)
    .values({ ...input, accountId: auth.accountId, slug: newSlug() })
    .returning({ id: qrTemplates.id });
  return getTemplate(ctx, auth, row!.id);
}

export async function updateTemplate(
  ctx: AppContext,
  auth: Actor,
  id: number,
  input: QrTemplateInput,
) {
  assertCan(auth, "settings:write");
  await getTemplate(ctx, auth, id);
  await assertOwnNumber(ctx, auth, input.phoneNumberId);
  // The slug never changes: codes already printed keep working.
  await ctx.db
    .update(qrTemplates)
    .set(input)
    .where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)));
  return getTemplate(ctx, auth, id);
}

export async function deleteTemplate(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  const gone = await ctx.db
    .delete(qrTemplates)
    .where(and(ownedBy(qrTemplates, auth), eq(qrTemplates.id, id)))
    .returning({ id: qrTemplates.id });
  if (gone.length === 0) throw new AppError("NOT_FOUND", QR_TEXTS.notFound);
}

/**
 * A scan: counts it and answers where to send the phone (null when the template is gone or its
 * number was released, so the visitor sees a page saying so instead of a dead sms: link).
 */
export async function scan(ctx: AppContext, slug: string): Promise<string | null> {
  const { rows } = await ctx.db.execute<{ number: string | null; message: string }>(
    sql`update qr_templates t set scans = scans + 1, last_scanned_at = now()
         where slug = ${slug}
        returning message,
          (select p.number from phone_numbers p where p.id = t.phone_number_id and p.state = 'active') as number`,
  );
  const row = rows[0];
  return row?.number ? smsUri(row.number, row.message) : null;
}
