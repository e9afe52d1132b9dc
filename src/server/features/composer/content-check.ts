import { checkContent } from "../../../domain/content-rules";
import { AppError } from "../../../domain/errors";
import type { Actor, AppContext } from "../../http/context";
import { tenDlcRegistered } from "../registrations/registrations.service";
import { getAccountSetting } from "../settings/settings.service";
import { templateForContent } from "../templates/templates.service";

/**
 * Asks the content rule (src/domain/content-rules.ts) about a text a person wrote, before it is
 * charged or queued: every sender of written texts (campaign sends, test sends, inbox and API
 * messages) calls it, so what the composer forbids, the API cannot do.
 */
export async function assertContentAllowed(
  ctx: AppContext,
  auth: Actor,
  input: {
    number: { tollFree: boolean; verified: boolean };
    text: string;
    templateId: number | null;
  },
): Promise<void> {
  const [registered, templatesOnly, template] = await Promise.all([
    input.number.tollFree ? Promise.resolve(false) : tenDlcRegistered(ctx, auth.accountId),
    getAccountSetting(ctx, auth, "template_sending_only"),
    input.templateId === null
      ? Promise.resolve(null)
      : templateForContent(ctx, auth, input.templateId),
  ]);
  const verdict = checkContent({
    number: input.number,
    tenDlcRegistered: registered,
    templatesOnly: templatesOnly.value === true,
    text: input.text,
    template,
  });
  if (!verdict.ok)
    throw new AppError("FORBIDDEN", verdict.message, {
      reason: verdict.reason,
      fields: { [verdict.field]: verdict.message },
    });
}
