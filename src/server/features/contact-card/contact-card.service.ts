import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import {
  buildVcard,
  CONTACT_CARD_TEXTS,
  type ContactCardResponse,
  type contactCardFields,
} from "../../../domain/contact-card.schemas";
import { AppError } from "../../../domain/errors";
import type { Actor, AppContext } from "../../http/context";
import { assertPixelCap, openImage, withImageSlot } from "../composer/image-guard";
import { getNumber } from "../numbers/numbers.service";
import * as q from "./contact-card.queries";
import type { contactCards } from "./contact-card.schema";

export type ContactCardRow = typeof contactCards.$inferSelect;

const PHOTO_SIZE = 400;

function sameToken(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function findCard(ctx: AppContext, accountId: number) {
  return q.findCard(ctx.db, accountId);
}

/** The public address of a card: the account id (media ownership reads it) and a random token. */
export const downloadUrlOf = (
  ctx: AppContext,
  row: Pick<ContactCardRow, "accountId" | "publicToken">,
) => `${ctx.config.publicBase}/api/contact-card/${row.accountId}-${row.publicToken}.vcf`;

/** The business's own website (its contact card's), or "" when it has set none. */
export async function websiteOf(ctx: AppContext, accountId: number): Promise<string> {
  return (await findCard(ctx, accountId))?.website ?? "";
}

export async function getContactCard(ctx: AppContext, auth: Actor): Promise<ContactCardResponse> {
  const row = await findCard(ctx, auth.accountId);
  if (!row) return { card: null, downloadUrl: null };
  return {
    card: {
      organizationName: row.organizationName,
      description: row.description,
      website: row.website,
      photo: `data:image/jpeg;base64,${row.photo}`,
      updatedAt: row.updatedAt.toISOString(),
    },
    downloadUrl: downloadUrlOf(ctx, row),
  };
}

/** Any image sharp reads becomes a JPEG of at most 400 × 400 px (EXIF orientation applied). */
export function toCardPhoto(input: Buffer): Promise<string> {
  return withImageSlot(() => cardPhoto(input));
}

async function cardPhoto(input: Buffer): Promise<string> {
  await assertPixelCap(input);
  try {
    const jpeg = await openImage(input, { animated: false })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return jpeg.toString("base64");
  } catch {
    throw new AppError("BAD_REQUEST", CONTACT_CARD_TEXTS.badImage, {
      fields: { photo: CONTACT_CARD_TEXTS.badImage },
    });
  }
}

export async function saveContactCard(
  ctx: AppContext,
  auth: Actor,
  fields: z.infer<typeof contactCardFields>,
  photo: Buffer | null,
) {
  const existing = await findCard(ctx, auth.accountId);
  if (!photo && !existing) {
    throw new AppError("VALIDATION", CONTACT_CARD_TEXTS.imageRequired, {
      fields: { photo: CONTACT_CARD_TEXTS.imageRequired },
    });
  }
  const encoded = photo ? await toCardPhoto(photo) : existing!.photo;
  await q.saveCard(ctx.db, auth.accountId, { ...fields, photo: encoded });
  return { created: !existing, ...(await getContactCard(ctx, auth)) };
}

/**
 * The public vCard, found by its address's account id and token (undefined when either is
 * wrong); `longcodeId` adds that number of the account as the phone.
 */
export async function vcardOf(
  ctx: AppContext,
  accountId: number,
  token: string,
  longcodeId?: number,
) {
  const row = await findCard(ctx, accountId);
  if (!row || !sameToken(row.publicToken, token)) return undefined;
  let phone: string | null = null;
  if (longcodeId) {
    // The public card reads the account's number as the account, not as a person.
    phone = await getNumber(ctx, { accountId }, longcodeId).then(
      (n) => n.number,
      () => null,
    );
  }
  return {
    name: row.organizationName,
    text: buildVcard({
      organizationName: row.organizationName,
      description: row.description,
      website: row.website,
      photoBase64: row.photo,
      phone,
    }),
  };
}
