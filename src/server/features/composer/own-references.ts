import { AppError } from "../../../domain/errors";
import { isOwnMediaUrl, MEDIA_REF_TEXT } from "../../../domain/media-refs";
import type { Actor, AppContext } from "../../http/context";
import { getLink, ownsLinkTokens } from "../links/links.service";
import { mediaOwnersFor, usableTemplate } from "../templates/templates.service";

export interface MessageReferences {
  /** Negative ids are the built-in local templates (templates.ts): nothing to look up. */
  templateId?: number | null;
  linkId?: number | null;
  mediaUrls?: readonly string[];
  /** The form field the media came in (image, mediaUrls, attachment). */
  mediaField?: string;
  /** The message text: its tracked-link tokens must name the account's links. */
  text?: string;
  /** The form field the text came in. */
  textField?: string;
}

/**
 * Refuses, when a message, a send or a template is created, every reference to something that
 * is not the account's: another account's template, link or upload, or media on another server.
 * One check for every caller, so a stored message can never make the carrier fetch a stranger's
 * file or credit a stranger's link.
 */
export async function assertOwnReferences(
  ctx: AppContext,
  auth: Actor,
  refs: MessageReferences,
): Promise<void> {
  const fields: Record<string, string> = {};
  if (refs.templateId != null && refs.templateId > 0) {
    if (!(await usableTemplate(ctx, auth, refs.templateId)))
      fields.templateId = MEDIA_REF_TEXT.template;
  }
  if (refs.linkId != null) {
    try {
      await getLink(ctx, auth, refs.linkId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "NOT_FOUND") throw err;
      fields.linkId = MEDIA_REF_TEXT.link;
    }
  }
  if (refs.text && !(await ownsLinkTokens(ctx, auth.accountId, refs.text)))
    fields[refs.textField ?? "message"] = MEDIA_REF_TEXT.link;
  if (refs.mediaUrls?.length) {
    const owners = await mediaOwnersFor(ctx, auth);
    if (refs.mediaUrls.some((url) => !isOwnMediaUrl(url, owners, ctx.config.publicBase)))
      fields[refs.mediaField ?? "mediaUrls"] = MEDIA_REF_TEXT.notOwn;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError("VALIDATION", first, { fields });
}
