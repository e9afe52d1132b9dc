import { randomBytes } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  QR_TEXTS,
  type QrTemplateInput,
  type QrTemplateResponse,
  smsUri,
} from "../../../domain/growth-tools";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import * as q from "./qr-codes.queries";
import type { qrTemplates } from "./qr-codes.schema";

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

export async function listTemplates(ctx: AppContext, auth: Actor) {
  const rows = await q.listTemplateRows(ctx.db, auth);
  return { rows: rows.map((r) => toResponse(ctx, r)) };
}

export async function getTemplate(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findTemplateRow(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", QR_TEXTS.notFound);
  return toResponse(ctx, row);
}

/** The number must be one of the account's live numbers: a code pointing elsewhere is refused. */
async function assertOwnNumber(ctx: AppContext, auth: Actor, numberId: number) {
  if (!(await q.hasActiveNumber(ctx.db, auth, numberId)))
    throw new AppError("NOT_FOUND", QR_TEXTS.numberNotFound);
}

/** Short, unguessable enough to stop people counting other accounts' scans by walking ids. */
const newSlug = () => randomBytes(6).toString("base64url").toLowerCase().replace(/[-_]/g, "x");

export async function createTemplate(ctx: AppContext, auth: Actor, input: QrTemplateInput) {
  assertCan(auth, "settings:write");
  await assertOwnNumber(ctx, auth, input.phoneNumberId);
  const id = await q.insertTemplate(ctx.db, {
    ...input,
    accountId: auth.accountId,
    slug: newSlug(),
  });
  return getTemplate(ctx, auth, id);
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
  await q.updateTemplateRow(ctx.db, auth, id, input);
  return getTemplate(ctx, auth, id);
}

export async function deleteTemplate(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  if (!(await q.deleteTemplateRow(ctx.db, auth, id)))
    throw new AppError("NOT_FOUND", QR_TEXTS.notFound);
}

/**
 * A scan: counts it and answers where to send the phone (null when the template is gone or its
 * number was released, so the visitor sees a page saying so instead of a dead sms: link).
 */
export async function scan(ctx: AppContext, slug: string): Promise<string | null> {
  const row = await q.countScan(ctx.db, slug);
  return row?.number ? smsUri(row.number, row.message) : null;
}
