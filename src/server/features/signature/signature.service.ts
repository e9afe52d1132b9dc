import { AppError } from "../../../domain/errors";
import type { SignatureResponse } from "../../../domain/message-compose.schemas";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { writeUserSettingOf } from "../settings/settings.service";
import * as q from "./signature.queries";
import { SIGNATURE_SETTING } from "./signature.queries";

const NOT_ALLOWED = "Signatures are turned off for this account.";

function stored(value: unknown): { signature: string; isEnabled: boolean } {
  const v = (value ?? {}) as { signature?: unknown; isEnabled?: unknown };
  return {
    signature: typeof v.signature === "string" ? v.signature : "",
    isEnabled: v.isEnabled === true,
  };
}

/**
 * The caller's signature (spec doc 2 §3, §4, §7). It is allowed unless the account turned message
 * extras off; a signature only counts as enabled when it is allowed and not empty.
 */
export async function getSignature(ctx: AppContext, auth: UserActor): Promise<SignatureResponse> {
  const row = await q.readSignature(ctx.db, auth);
  if (!row) throw new AppError("NOT_FOUND", "Account not found");
  const { signature, isEnabled } = stored(row.value);
  const isAllowed = !row.extrasDisabled;
  return { signature, isEnabled: isAllowed && isEnabled, isAllowed };
}

/**
 * Saves the signature. The toggle sends the current signature with isEnabled flipped; an empty
 * signature can never be enabled (saving one turns it off).
 */
export async function updateSignature(
  ctx: AppContext,
  auth: UserActor,
  input: { signature: string; isEnabled: boolean },
): Promise<SignatureResponse> {
  const current = await getSignature(ctx, auth);
  if (!current.isAllowed) throw new AppError("FORBIDDEN", NOT_ALLOWED);
  const value = {
    signature: input.signature,
    isEnabled: input.isEnabled && input.signature !== "",
  };
  await writeUserSettingOf(ctx.db, auth.userId, SIGNATURE_SETTING, value);
  return { ...value, isAllowed: true };
}

/**
 * The text to append to what this user sends, or "" when they have none enabled. System actors
 * sign as nobody (a campaign the seed schedules carries no one's signature).
 */
export async function activeSignature(ctx: AppContext, auth: Actor): Promise<string> {
  if (auth.kind !== "user") return "";
  const s = await getSignature(ctx, auth);
  return s.isEnabled ? s.signature : "";
}
