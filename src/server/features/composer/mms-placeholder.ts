import type { AppContext } from "../../http/context";

/**
 * The blank image a text-only MMS carries (doc 2 §5: "a blank placeholder image is attached if
 * no attachment is chosen"), so what goes to the carrier is the MMS the account is charged for.
 * A 64 px white PNG, kept in the code and served by Parley at a fixed public address.
 */
export const MMS_PLACEHOLDER_PATH = "/media/mms-placeholder.png";
export const MMS_PLACEHOLDER_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAS0lEQVR42u3PMQ0AAAwDoPo33UrYvQQckD4XAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAYHLAMpT0sIcNbcEAAAAAElFTkSuQmCC",
  "base64",
);

export function mmsPlaceholderUrl(ctx: AppContext): string {
  return `${ctx.config.publicBase}${MMS_PLACEHOLDER_PATH}`;
}

/** The media an MMS goes with: what was chosen, else the placeholder. An SMS has none. */
export function mmsMedia(ctx: AppContext, isMms: boolean, chosen: readonly string[]): string[] {
  if (!isMms) return [];
  return chosen.length > 0 ? [...chosen] : [mmsPlaceholderUrl(ctx)];
}
