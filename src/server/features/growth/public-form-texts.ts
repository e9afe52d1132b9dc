import { AppError } from "../../../domain/errors";
import type { Executor } from "../../db/connection";
import * as q from "./growth.queries";

/**
 * Texts that public forms send to numbers a visitor typed in (a confirmation code, a "reply Y",
 * a welcome) go to numbers nobody has confirmed yet, so a stranger could aim them at anyone and
 * spend the business's credits. Each such text is counted over the last hour per form (a page
 * under attack), per number (one person flooded through many forms or businesses) and per client
 * address (one visitor trying many numbers); past a limit the form says to try later.
 */
export const PUBLIC_TEXT_LIMITS = { perForm: 200, perNumber: 5, perAddress: 10 } as const;

export const PUBLIC_TEXT_LIMITED =
  "Too many texts were requested from this form. Please try again in an hour.";

export interface PublicText {
  accountId: number;
  /** The form, as its bot challenges name it (bot-challenge.ts botFormKey). */
  form: string;
  phone: string;
  ip: string;
}

/**
 * Counts one text toward the limits, or refuses it (429) when any is reached. Run it in the
 * transaction that records the submission, so a refused one writes nothing.
 */
export async function reservePublicText(
  db: Executor,
  t: PublicText,
  message: string = PUBLIC_TEXT_LIMITED,
): Promise<void> {
  // Serialises reservations for one number, so two at once cannot both take its last slot.
  await q.lockPublicTextsOf(db, t.phone);
  const counted = await q.publicTextsLastHour(db, t);
  const n = counted ?? { form: 0, phone: 0, ip: 0 };
  if (
    n.form >= PUBLIC_TEXT_LIMITS.perForm ||
    n.phone >= PUBLIC_TEXT_LIMITS.perNumber ||
    n.ip >= PUBLIC_TEXT_LIMITS.perAddress
  )
    throw new AppError("RATE_LIMITED", message, { reason: "public_text_limit" });
  await q.forgetOldPublicTexts(db);
  await q.insertPublicText(db, t);
}
