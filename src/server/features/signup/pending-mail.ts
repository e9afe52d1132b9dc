import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { keptMailPreview } from "../../../domain/mailbox.schemas";
import type { AppContext } from "../../http/context";
import { challengeTokenOf } from "../auth/device-cookie";
import { findChallenge } from "../auth/two-factor.service";
import { listMailOf, previewOf } from "../mail/mailbox.service";

export const pendingMailResponse = keptMailPreview;

/**
 * The local mailbox for someone in the middle of a sign-in that waits for the e-mail link (a new
 * business right after sign-up has no session yet, so /mailbox is closed to them). Only when
 * Parley keeps mail itself (no SMTP), and only the mail to that user's own address: what their
 * inbox would show.
 */
export function pendingMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/auth/pending-mail",
    { schema: { tags: ["auth"], response: { 200: pendingMailResponse } } },
    async (req) => {
      if (ctx.config.useSmtp) return { local: false, mails: [] };
      const found = await findChallenge(ctx, challengeTokenOf(req), "email");
      if (!found) return { local: true, mails: [] };
      const { rows } = await listMailOf(
        ctx,
        { accountId: found.user.accountId, email: found.user.email, accountMail: false },
        { limit: 5, offset: 0 },
      );
      return {
        local: true,
        mails: rows.map(previewOf),
      };
    },
  );
}
